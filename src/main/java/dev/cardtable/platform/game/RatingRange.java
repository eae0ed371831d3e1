package dev.cardtable.platform.game;

import dev.cardtable.platform.GameException;

/**
 * The ratings an open rated game admits to its open seat ({@code docs/ratings.md}, "Rating
 * ranges"): from {@code min} to {@code max} rating points, both included, whole numbers from
 * {@value #LOWEST} to {@value #HIGHEST}. A player is admitted when the rating its seat would show
 * (its current rating for the game's perf, before the game) lies in the range, compared as stored,
 * not rounded.
 *
 * @param min the lowest rating admitted
 * @param max the highest rating admitted, not below {@code min}
 */
public record RatingRange(int min, int max) {

    /** The lowest bound a range may have. */
    public static final int LOWEST = 0;

    /** The highest bound a range may have. */
    public static final int HIGHEST = 4000;

    /**
     * @throws GameException {@code malformed-request} for a bound outside {@value #LOWEST} to
     *                       {@value #HIGHEST}, or {@code min} above {@code max}
     */
    public RatingRange {
        if (min < LOWEST || min > HIGHEST || max < LOWEST || max > HIGHEST) {
            throw GameException.malformed("'ratingRange': 'min' and 'max' must be whole numbers from " + LOWEST + " to "
                    + HIGHEST);
        }
        if (min > max) {
            throw GameException.malformed("'ratingRange': 'min' (" + min + ") must not be above 'max' (" + max + ")");
        }
    }

    /**
     * The range from {@code min} to {@code max} as a request gives them.
     *
     * @throws GameException {@code malformed-request} for a missing bound, or as the constructor
     */
    public static RatingRange of(Integer min, Integer max) {
        if (min == null || max == null) {
            throw GameException.malformed("'ratingRange' takes both 'min' and 'max'");
        }
        return new RatingRange(min, max);
    }

    /** Whether a player with {@code rating} may take the open seat. */
    public boolean admits(double rating) {
        return rating >= min && rating <= max;
    }

    /** The range as people read it: {@code 1400–1600}. */
    @Override
    public String toString() {
        return min + "–" + max;
    }
}
