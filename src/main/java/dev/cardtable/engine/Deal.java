package dev.cardtable.engine;

import java.util.List;

/**
 * How a game's cards are dealt: from a seed by the published algorithm ({@code shuffle.md}), or
 * as an explicit layout of card codes for puzzles and bug reports.
 */
public sealed interface Deal {

    /**
     * A deal derived from {@code seed} with {@link Rng} and a Fisher–Yates shuffle of the game's
     * canonical order.
     *
     * @param seed a non-empty string of at most {@link #MAX_SEED_LENGTH} characters (Unicode code
     *             points, so that an emoji counts once)
     */
    record Seeded(String seed) implements Deal {
        public Seeded {
            if (seed == null || seed.isEmpty() || seed.codePointCount(0, seed.length()) > MAX_SEED_LENGTH) {
                throw new MalformedInput("seed must be 1 to " + MAX_SEED_LENGTH + " characters");
            }
        }
    }

    /**
     * An explicit layout: piles of card codes, each top first. The meaning of each pile is the
     * game's (Scoundrel: one pile, the dungeon; Dazzle: seat 0's deck, seat 1's deck, the removed
     * cards). The game checks that the piles are exactly its cards.
     *
     * @param piles the piles, each a list of card codes, top first
     */
    record Custom(List<List<String>> piles) implements Deal {
        public Custom {
            piles = piles.stream().map(List::copyOf).toList();
        }
    }

    /** The longest seed accepted, in characters: Unicode code points ({@code shuffle.md}, "Seed"). */
    int MAX_SEED_LENGTH = 128;
}
