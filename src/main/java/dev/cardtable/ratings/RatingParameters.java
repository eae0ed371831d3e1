package dev.cardtable.ratings;

import java.util.Map;

/**
 * The published parameters of the ratings ({@code GET /api/ratings}; {@code docs/ratings.md},
 * "Parameters"). Ratings and deviations in Glicko rating points; durations ISO 8601.
 *
 * @param system                   {@code glicko2}
 * @param initial                  a new player's rating
 * @param tau                      τ, the system constant
 * @param period                   the rating period, e.g. {@code P5D}
 * @param deviationFloor           the least deviation
 * @param deviationCeiling         the largest deviation
 * @param provisionalDeviation     a rating whose deviation is above it is provisional
 * @param leaderboardInactiveAfter how long without a rated game leaves a player off the leaderboard
 * @param levels                   each computer level's rating, by level name
 * @param deals                    how a deal is drawn and measured for a rated Scoundrel game
 */
public record RatingParameters(String system, Initial initial, double tau, String period, double deviationFloor,
                               double deviationCeiling, double provisionalDeviation, String leaderboardInactiveAfter,
                               Map<String, Level> levels, Deals deals) {

    /**
     * A new player's rating.
     *
     * @param rating     r
     * @param deviation  RD
     * @param volatility σ
     */
    public record Initial(double rating, double deviation, double volatility) {
    }

    /**
     * A computer level's rating.
     *
     * @param rating    r
     * @param deviation RD
     */
    public record Level(double rating, double deviation) {
    }

    /**
     * How a rated Scoundrel deal is drawn ({@code docs/ratings.md}, "A deal near the player's rating").
     *
     * @param candidates fresh secret seeds measured for one rated game, of which the one nearest
     *                   the player's rating is dealt
     * @param nodes      the positions the solver may expand to measure one deal, all its searches
     *                   together (its seed rating: "The seed rating")
     */
    public record Deals(int candidates, long nodes) {
    }
}
