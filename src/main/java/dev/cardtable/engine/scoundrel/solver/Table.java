package dev.cardtable.engine.scoundrel.solver;

import java.util.Arrays;

/**
 * The one transposition table of a search, shared by the question "can it be won" (a null window
 * at 0) and the search for the best score. Open addressing on a 128-bit key (two independent
 * 64-bit hashes) of the position <em>without</em> its health, weapon state and potion flag; each
 * entry holds up to {@link #POINTS} bounds, each proven at one such {@link #state state}.
 *
 * <p>Bounds carry across states by dominance. A state is at least as good as another when it has
 * at least as much health, a weapon at least as strong that can hit at least the same monsters,
 * and a potion that heals where the other's does not (or the same): the stronger state can copy
 * every move of the weaker one and ends each step at least as well off (health only rises by
 * caps that keep the order; a weapon that can hit more is bound by the monster it slays, no
 * worse than the other's), and a score never falls below health minus the monsters left, so
 * dying later is never worse. Hence a lower bound proven at a state holds at every state that
 * dominates it, and an upper bound at every state it dominates; the move stored with a lower
 * bound reaches it from every dominating state too.
 */
final class Table {

    /** Bounds kept per position. */
    static final int POINTS = 6;
    /** No lower bound known: below every score. */
    static final int NO_LOWER = -10_000;
    /** No upper bound known: above every score. */
    static final int NO_UPPER = 10_000;

    private static final int USED = 1 << 31;
    private static final int UPPER = 1 << 30;
    private static final int STATE_MASK = (1 << 14) - 1;
    private static final int VALUE_SHIFT = 14;
    private static final int VALUE_OFFSET = 256;
    private static final int MOVE_SHIFT = 23;

    private long[] key1;
    private long[] key2;
    private boolean[] used;
    private int[] points;
    private int size;
    private int mask;
    /** The index in {@link #points} of the point written last. */
    private int lastWritten = -1;

    /** After {@link #probe}: the best lower bound, its move, and the best upper bound. */
    int lower;
    int lowerMove;
    int upper;

    Table(int initialCapacity) {
        allocate(Integer.highestOneBit(Math.max(16, initialCapacity) - 1) << 1);
    }

    private void allocate(int cap) {
        key1 = new long[cap];
        key2 = new long[cap];
        used = new boolean[cap];
        points = new int[cap * POINTS];
        mask = cap - 1;
        size = 0;
    }

    /** Empties the table, keeping its memory. */
    void clear() {
        Arrays.fill(used, false);
        Arrays.fill(points, 0);
        size = 0;
    }

    /**
     * The state code of a position: health 1 to 20 (bits 0–4), 1 when a potion faced now would
     * heal (bit 5), the weapon's value as it matters (bits 6–9) and the highest monster left it
     * may hit (bits 10–13; 0 with the weapon for no usable weapon).
     */
    static int state(int health, boolean potionHeals, int weapon, int reach) {
        return health | (potionHeals ? 1 << 5 : 0) | weapon << 6 | reach << 10;
    }

    /** Whether state {@code a} is at most as good as {@code b} in every component. */
    static boolean dominated(int a, int b) {
        return (a & 31) <= (b & 31) && (a & 32) <= (b & 32) && (a >>> 6 & 15) <= (b >>> 6 & 15)
                && (a >>> 10 & 15) <= (b >>> 10 & 15);
    }

    /**
     * Looks up what is known of the position of key {@code (k1, k2)} in state {@code state}, into
     * {@link #lower} (with {@link #lowerMove}) and {@link #upper}.
     */
    void probe(long k1, long k2, int state) {
        lower = NO_LOWER;
        upper = NO_UPPER;
        lowerMove = Search.AVOID - 1;
        int i = (int) k1 & mask;
        while (used[i]) {
            if (key1[i] == k1 && key2[i] == k2) {
                int base = i * POINTS;
                for (int j = 0; j < POINTS; j++) {
                    int pt = points[base + j];
                    if (pt == 0) {
                        continue;
                    }
                    int s = pt & STATE_MASK;
                    int v = value(pt);
                    if ((pt & UPPER) == 0) {
                        if (v > lower && dominated(s, state)) {
                            lower = v;
                            lowerMove = (pt >>> MOVE_SHIFT & 127) - 2;
                        }
                    } else if (v < upper && dominated(state, s)) {
                        upper = v;
                    }
                }
                return;
            }
            i = (i + 1) & mask;
        }
    }

    private static int value(int pt) {
        return (pt >>> VALUE_SHIFT & 511) - VALUE_OFFSET;
    }

    /** Records that the score from {@code state} is at least {@code v}, reached by {@code move}. */
    void putLower(long k1, long k2, int state, int v, int move) {
        if (v <= -VALUE_OFFSET) {
            return;
        }
        put(k1, k2, USED | state | Math.min(v, 255) + VALUE_OFFSET << VALUE_SHIFT | (move + 2) << MOVE_SHIFT);
    }

    /** Records that the score from {@code state} is at most {@code v}. */
    void putUpper(long k1, long k2, int state, int v) {
        if (v >= 255) {
            return;
        }
        put(k1, k2, USED | UPPER | state | Math.max(v, -VALUE_OFFSET) + VALUE_OFFSET << VALUE_SHIFT);
    }

    private void put(long k1, long k2, int pt) {
        if ((size + 1) * 2 > key1.length) {
            grow();
        }
        int i = (int) k1 & mask;
        while (used[i]) {
            if (key1[i] == k1 && key2[i] == k2) {
                break;
            }
            i = (i + 1) & mask;
        }
        if (!used[i]) {
            used[i] = true;
            key1[i] = k1;
            key2[i] = k2;
            size++;
        }
        int base = i * POINTS;
        boolean upper = (pt & UPPER) != 0;
        int s = pt & STATE_MASK;
        int v = value(pt);
        int free = -1;
        for (int j = 0; j < POINTS; j++) {
            int q = points[base + j];
            if (q == 0) {
                if (free < 0) {
                    free = j;
                }
                continue;
            }
            if (((q & UPPER) != 0) != upper) {
                continue;
            }
            int qs = q & STATE_MASK;
            int qv = value(q);
            if (upper) {
                if (qv <= v && dominated(s, qs)) {
                    return; // the stored bound already says as much, for more states
                }
                if (qv >= v && dominated(qs, s)) {
                    points[base + j] = 0; // the new bound says as much, for more states
                    if (free < 0) {
                        free = j;
                    }
                }
            } else {
                if (qv >= v && dominated(qs, s)) {
                    return;
                }
                if (qv <= v && dominated(s, qs)) {
                    points[base + j] = 0;
                    if (free < 0) {
                        free = j;
                    }
                }
            }
        }
        if (free < 0) {
            free = victim(base, upper, (s * 7 + v) & 0x7FFFFFFF);
        }
        points[base + free] = pt;
        lastWritten = base + free;
    }

    /**
     * The point to overwrite in a full entry: one of the same kind (lower or upper) as the new
     * one, picked by {@code hash}; failing that, any but the one written last (an exact value
     * is stored as a lower bound, then an upper bound, and must keep both).
     */
    private int victim(int base, boolean upper, int hash) {
        int same = 0;
        for (int j = 0; j < POINTS; j++) {
            if (((points[base + j] & UPPER) != 0) == upper) {
                same++;
            }
        }
        if (same > 0) {
            int pick = hash % same;
            for (int j = 0; j < POINTS; j++) {
                if (((points[base + j] & UPPER) != 0) == upper && pick-- == 0) {
                    return j;
                }
            }
        }
        int j = hash % POINTS;
        return base + j == lastWritten ? (j + 1) % POINTS : j;
    }

    private void grow() {
        long[] k1 = key1;
        long[] k2 = key2;
        boolean[] u = used;
        int[] pts = points;
        allocate(k1.length * 2);
        for (int i = 0; i < k1.length; i++) {
            if (u[i]) {
                int j = (int) k1[i] & mask;
                while (used[j]) {
                    j = (j + 1) & mask;
                }
                used[j] = true;
                key1[j] = k1[i];
                key2[j] = k2[i];
                System.arraycopy(pts, i * POINTS, points, j * POINTS, POINTS);
                size++;
            }
        }
    }

    int size() {
        return size;
    }
}
