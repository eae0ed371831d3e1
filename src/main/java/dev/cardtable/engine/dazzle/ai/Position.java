package dev.cardtable.engine.dazzle.ai;

import dev.cardtable.engine.dazzle.Card;
import dev.cardtable.engine.dazzle.DazzleMove;

/**
 * A compact, mutable model of a Dazzle position for the computer opponents to think with: the
 * same rules as {@code DazzleRules} ({@code dazzle.md}, "Play" and "Scoring") on int arrays, so
 * that a search can play thousands of games per decision. Cards are kinds 0–11
 * ({@link Card#index()}); a hand is a count per kind because equal codes are interchangeable, and
 * the table keeps only what scoring needs: each colour's worth and each seat's claim.
 *
 * <p>A position built from a seat's view holds a <em>guess</em> at the hidden colours (see
 * {@link Determinizer}); it is never the game's state.
 *
 * <p>Moves are ints: a presentation of kinds {@code a <= b} is {@code a * 12 + b} (0–143), owning
 * kind {@code k} is {@code OWN + k}.
 */
final class Position {

    static final int KINDS = 12, OWN = 144, MOVES = OWN + KINDS;
    static final int ROUNDS = 9, DRAW = 2;

    /** hand[seat][kind]: how many cards of the kind the seat holds. */
    final int[][] hand = new int[2][KINDS];
    final int[] handSize = new int[2];
    /** deck[seat][i] for deckPos[seat] <= i < deckLen[seat]: kinds, the top at deckPos. */
    final int[][] deck = new int[2][18];
    final int[] deckPos = new int[2];
    final int[] deckLen = new int[2];
    final int[] worth = new int[4];
    final int[][] claim = new int[2][4];
    int round = 1;
    /** 0: seat 0 presents, 1: seat 1 chooses, 2: seat 1 presents, 3: seat 0 chooses; 4: over. */
    int step;
    int offerA = -1, offerB = -1;

    static int colour(int kind) {
        return kind / 3;
    }

    static int value(int kind) {
        return kind % 3 + 1;
    }

    static int present(int a, int b) {
        return a <= b ? a * KINDS + b : b * KINDS + a;
    }

    boolean over() {
        return step == 4;
    }

    /** The seat to act; undefined once over. */
    int mover() {
        return step == 0 || step == 3 ? 0 : 1;
    }

    boolean presenting() {
        return step == 0 || step == 2;
    }

    void copyFrom(Position p) {
        for (int s = 0; s < 2; s++) {
            System.arraycopy(p.hand[s], 0, hand[s], 0, KINDS);
            System.arraycopy(p.deck[s], 0, deck[s], 0, 18);
            System.arraycopy(p.claim[s], 0, claim[s], 0, 4);
        }
        System.arraycopy(p.handSize, 0, handSize, 0, 2);
        System.arraycopy(p.deckPos, 0, deckPos, 0, 2);
        System.arraycopy(p.deckLen, 0, deckLen, 0, 2);
        System.arraycopy(p.worth, 0, worth, 0, 4);
        round = p.round;
        step = p.step;
        offerA = p.offerA;
        offerB = p.offerB;
    }

    /**
     * Writes the mover's legal moves into {@code out} in ascending order and returns how many:
     * presentations of every distinct pair of kinds in hand, or owning each distinct offered kind.
     */
    int legalMoves(int[] out) {
        int n = 0;
        if (presenting()) {
            int[] h = hand[mover()];
            for (int a = 0; a < KINDS; a++) {
                if (h[a] == 0) {
                    continue;
                }
                if (h[a] >= 2) {
                    out[n++] = a * KINDS + a;
                }
                for (int b = a + 1; b < KINDS; b++) {
                    if (h[b] > 0) {
                        out[n++] = a * KINDS + b;
                    }
                }
            }
        } else if (!over()) {
            int lo = Math.min(offerA, offerB), hi = Math.max(offerA, offerB);
            out[n++] = OWN + lo;
            if (hi != lo) {
                out[n++] = OWN + hi;
            }
        }
        return n;
    }

    /** Plays {@code move}, which must be legal. */
    void apply(int move) {
        int me = mover();
        if (move < OWN) {
            int a = move / KINDS, b = move % KINDS;
            hand[me][a]--;
            hand[me][b]--;
            handSize[me] -= 2;
            offerA = a;
            offerB = b;
            step++;
            return;
        }
        int own = move - OWN;
        int invest = own == offerA ? offerB : offerA;
        claim[me][colour(own)] += value(own);
        worth[colour(invest)] += value(invest);
        offerA = offerB = -1;
        if (step == 1) {
            step = 2;
            return;
        }
        for (int s = 0; s < 2; s++) {
            int n = Math.min(DRAW, deckLen[s] - deckPos[s]);
            for (int i = 0; i < n; i++) {
                hand[s][deck[s][deckPos[s]++]]++;
            }
            handSize[s] += n;
        }
        if (round == ROUNDS) {
            step = 4;
        } else {
            round++;
            step = 0;
        }
    }

    /** Points of {@code seat} if the table were scored now ({@code dazzle.md}, "Scoring"). */
    int score(int seat) {
        int pts = 0;
        for (int c = 0; c < 4; c++) {
            if (claim[seat][c] > claim[1 - seat][c]) {
                pts += worth[c];
            }
        }
        return pts;
    }

    /** Cards still to be placed on the table, the offer included. */
    int cardsToPlace() {
        int n = handSize[0] + handSize[1] + deckLen[0] - deckPos[0] + deckLen[1] - deckPos[1];
        return offerA >= 0 ? n + 2 : n;
    }

    /** The engine move of an int move. */
    static DazzleMove toMove(int move) {
        if (move < OWN) {
            return new DazzleMove.Present(Card.ofIndex(move / KINDS), Card.ofIndex(move % KINDS));
        }
        return new DazzleMove.Own(Card.ofIndex(move - OWN));
    }

    /**
     * The int move of an engine move.
     *
     * @throws IllegalArgumentException for an ending: the search never resigns or aborts
     */
    static int toInt(DazzleMove move) {
        return switch (move) {
            case DazzleMove.Present p -> present(p.a().index(), p.b().index());
            case DazzleMove.Own o -> OWN + o.card().index();
            case DazzleMove.End e -> throw new IllegalArgumentException("the search plays no " + e);
        };
    }
}
