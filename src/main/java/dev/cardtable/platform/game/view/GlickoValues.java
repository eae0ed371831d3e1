package dev.cardtable.platform.game.view;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * A Glicko-2 rating as stored, beside the whole points every payload shows ({@code docs/api.md},
 * "Ratings"): the {@code glicko} object of a player's ratings, of a rating history's points and of a
 * deal's {@code dealRating}. It lets a client check a rating against the published formulas
 * ({@code docs/ratings.md}) to the hundredth.
 *
 * @param rating     r, in rating points, rounded to two decimals (halves up); a JSON number
 * @param deviation  RD, in rating points, rounded to two decimals (halves up); a JSON number
 * @param volatility σ, on the Glicko-2 scale, to full precision
 */
public record GlickoValues(BigDecimal rating, BigDecimal deviation, double volatility) {

    /** The values of a rating stored as {@code rating}, {@code deviation}, {@code volatility}. */
    public static GlickoValues of(double rating, double deviation, double volatility) {
        return new GlickoValues(hundredths(rating), hundredths(deviation), volatility);
    }

    private static BigDecimal hundredths(double points) {
        return BigDecimal.valueOf(points).setScale(2, RoundingMode.HALF_UP);
    }
}
