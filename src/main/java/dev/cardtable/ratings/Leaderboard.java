package dev.cardtable.ratings;

import java.time.Instant;
import java.util.List;

/**
 * A page of a perf's leaderboard, best first ({@code GET /api/ratings/{gameType}/{ruleset}/leaderboard}):
 * the players whose rating is not provisional and who played a rated game of the perf within
 * {@code leaderboardInactiveAfter}.
 *
 * @param items      the entries
 * @param nextCursor pass as {@code cursor} for the next page; null on the last page
 */
public record Leaderboard(List<Entry> items, String nextCursor) {

    /**
     * One ranked player.
     *
     * @param rank       1 for the best; players of equal rating are ranked by their ids
     * @param name       the registered name
     * @param rating     r
     * @param deviation  RD
     * @param games      rated games of the perf
     * @param lastPlayed when the last one ended
     */
    public record Entry(long rank, String name, double rating, double deviation, int games, Instant lastPlayed) {
    }
}
