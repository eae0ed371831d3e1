package dev.cardtable.engine.dazzle;

import dev.cardtable.engine.Ending;

/**
 * A Dazzle move ({@code dazzle.md}, "Play"). JSON forms (see {@link DazzleRules#parseMove}):
 * <ul>
 *   <li>{@code {"action":"present","cards":["R3","G2"]}} — {@link Present}</li>
 *   <li>{@code {"action":"own","card":"R3"}} — {@link Own}</li>
 *   <li>{@code {"action":"resign"}}, {@code "abort"}, {@code "timeout"}, {@code "abandon"} —
 *       {@link End}</li>
 * </ul>
 */
public sealed interface DazzleMove {

    /**
     * Present two cards of the mover's hand to the other seat. The pair is unordered: the
     * constructor puts the two cards in canonical order, so {@code Present(R3, G2)} equals
     * {@code Present(G2, R3)}.
     *
     * @param a the first card in canonical order
     * @param b the second card in canonical order (may equal {@code a} when the hand holds two)
     */
    record Present(Card a, Card b) implements DazzleMove {
        public Present {
            if (a == null || b == null) {
                throw new IllegalArgumentException("both cards are required");
            }
            if (a.compareTo(b) > 0) {
                Card t = a;
                a = b;
                b = t;
            }
        }

        @Override
        public String toString() {
            return "present " + a + " " + b;
        }
    }

    /**
     * Own one of the two offered cards; the other is invested into its colour's pot.
     *
     * @param card the offered card to own
     */
    record Own(Card card) implements DazzleMove {
        public Own {
            if (card == null) {
                throw new IllegalArgumentException("card is required");
            }
        }

        @Override
        public String toString() {
            return "own " + card;
        }
    }

    /**
     * Ends the game early ({@code docs/api.md}, "Endings"): any seat may resign while the game
     * runs, and abort until both seats have moved; the server writes timeouts and abandonment.
     *
     * @param kind how the game ends
     */
    record End(Ending.Kind kind) implements DazzleMove {
        public End {
            if (kind == null) {
                throw new IllegalArgumentException("kind is required");
            }
        }

        @Override
        public String toString() {
            return kind.action();
        }
    }
}
