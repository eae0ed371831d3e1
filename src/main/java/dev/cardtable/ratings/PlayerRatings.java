package dev.cardtable.ratings;

import dev.cardtable.platform.game.view.GlickoValues;

import java.time.Instant;
import java.util.List;

/**
 * A registered player's ratings ({@code GET /api/players/{name}/ratings}), one per perf it has
 * played a rated game of, by game type and ruleset.
 *
 * @param name    the registered name, as registered
 * @param ratings one per perf
 */
public record PlayerRatings(String name, List<PerfRating> ratings) {

    /**
     * One perf's rating.
     *
     * @param gameType    the game type, e.g. {@code dazzle}
     * @param ruleset     the ruleset, e.g. {@code standard}
     * @param rating      r, in rating points
     * @param deviation   RD, in rating points, as of the last rated game
     * @param volatility  σ
     * @param games       rated games played
     * @param provisional whether the deviation is above {@code provisionalDeviation}
     * @param lastPlayed  when the last rated game ended, or null
     * @param rank        1 for the best among the perf's ranked players (not provisional, played
     *                    within {@code leaderboardInactiveAfter}); null when the player is not ranked
     * @param glicko      r, RD and σ as stored: r and RD to the hundredth, σ to full precision
     */
    public record PerfRating(String gameType, String ruleset, double rating, double deviation, double volatility,
                             int games, boolean provisional, Instant lastPlayed, Long rank, GlickoValues glicko) {
    }
}
