package dev.cardtable.engine.scoundrel.solver;

/**
 * The dungeon cards of one search, in order: the dungeon at the root, then every avoided room
 * appended in turn. A {@link Position}'s dungeon is a slice of it. Depth-first search only ever
 * writes beyond the slices of the positions on its path, so one tape serves the whole search.
 *
 * <p>Two polynomial prefix hashes give the hash of any slice in constant time; the dungeon order
 * is part of a position's identity in the transposition table, with each card read as the card
 * it {@linkplain #canonical plays exactly as}.
 */
final class Tape {

    /** 44 cards plus 4 per avoid; at most one avoid per card faced. */
    private static final int CAPACITY = 44 + 4 * 45 + 8;
    /** The index of the two of spades in {@code Card.all()}; the clubs start at 0. */
    private static final int SPADE_TWO = 31;
    private static final long P1 = 0x9E3779B97F4A7C15L;
    private static final long P2 = 0xC2B2AE3D27D4EB4FL;
    private static final long[] R1 = new long[44];
    private static final long[] R2 = new long[44];
    private static final long[] POW1 = new long[CAPACITY + 1];
    private static final long[] POW2 = new long[CAPACITY + 1];

    static {
        long s = 0x5DEECE66DL;
        for (int i = 0; i < 44; i++) {
            s = mix(s + 0x9E3779B97F4A7C15L);
            R1[i] = s | 1;
            s = mix(s + 0x9E3779B97F4A7C15L);
            R2[i] = s | 1;
        }
        POW1[0] = 1;
        POW2[0] = 1;
        for (int i = 1; i <= CAPACITY; i++) {
            POW1[i] = POW1[i - 1] * P1;
            POW2[i] = POW2[i - 1] * P2;
        }
    }

    private final byte[] cards = new byte[CAPACITY];
    private final long[] prefix1 = new long[CAPACITY + 1];
    private final long[] prefix2 = new long[CAPACITY + 1];

    int card(int at) {
        return cards[at];
    }

    void write(int at, int card) {
        cards[at] = (byte) card;
        prefix1[at + 1] = prefix1[at] * P1 + r1(card);
        prefix2[at + 1] = prefix2[at] * P2 + r2(card);
    }

    long hash1(int from, int to) {
        return prefix1[to] - prefix1[from] * POW1[to - from];
    }

    long hash2(int from, int to) {
        return prefix2[to] - prefix2[from] * POW2[to - from];
    }

    /**
     * The card a card plays exactly as: a spade the club of its value (monsters of one value
     * differ only in suit, which no rule reads), any other card itself. Hashes see cards this
     * way, so positions that differ only in which of two such monsters is where are one.
     */
    static int canonical(int card) {
        return card >= SPADE_TWO ? card - SPADE_TWO : card;
    }

    static long r1(int card) {
        return R1[canonical(card)];
    }

    static long r2(int card) {
        return R2[canonical(card)];
    }

    /** The SplitMix64 finaliser. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
