package dev.cardtable.platform.game.view;

/**
 * A Scoundrel deal's rating in rated play ({@code docs/ratings.md}, "Scoundrel: players against
 * deals"): the deal as the opponent of every player who plays it rated.
 *
 * @param rating     r, in rating points (whole points on the wire)
 * @param deviation  RD, in rating points (whole points on the wire)
 * @param volatility σ, on the Glicko-2 scale
 * @param attempts   rated games ended on the deal
 * @param glicko     the rating, deviation and volatility as stored, ratings to the hundredth
 * @param seedGlicko the rating the deal started from before its first rated game: its seed rating
 *                   ({@code docs/ratings.md}, "The seed rating") at the initial deviation and
 *                   volatility, ratings to the hundredth
 */
public record DealStanding(double rating, double deviation, double volatility, int attempts, GlickoValues glicko,
                           GlickoValues seedGlicko) {

    /**
     * The standing of a deal rated {@code rating}, {@code deviation}, {@code volatility}, which
     * started from {@code seed}.
     */
    public static DealStanding of(double rating, double deviation, double volatility, int attempts, GlickoValues seed) {
        return new DealStanding(rating, deviation, volatility, attempts, GlickoValues.of(rating, deviation, volatility), seed);
    }
}
