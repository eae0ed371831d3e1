package dev.cardtable.engine.rating;

/**
 * A player's Glicko-2 rating on the Glicko scale, as Glickman's "Example of the Glicko-2 system"
 * states it: a new player is {@code 1500 / 350 / 0.06}.
 *
 * @param rating     r, in rating points
 * @param deviation  RD, in rating points; larger means less certain
 * @param volatility σ, the expected fluctuation of the rating, on the Glicko-2 scale
 */
public record Rating(double rating, double deviation, double volatility) {

    /**
     * @throws IllegalArgumentException if a value is not finite, or the deviation or volatility is
     *                                  not positive
     */
    public Rating {
        if (!Double.isFinite(rating) || !Double.isFinite(deviation) || !Double.isFinite(volatility)
                || deviation <= 0 || volatility <= 0) {
            throw new IllegalArgumentException(
                    "a rating needs finite values and a positive deviation and volatility: "
                            + rating + " / " + deviation + " / " + volatility);
        }
    }
}
