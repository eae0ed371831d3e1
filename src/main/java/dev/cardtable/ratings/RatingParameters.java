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
 */
public record RatingParameters(String system, Initial initial, double tau, String period, double deviationFloor,
                               double deviationCeiling, double provisionalDeviation, String leaderboardInactiveAfter,
                               Map<String, Level> levels) {

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
}
