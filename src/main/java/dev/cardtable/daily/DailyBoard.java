package dev.cardtable.daily;

import dev.cardtable.platform.game.view.DealStanding;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;

/**
 * A page of one day's board: the verified attempts finished within the day, best first — score
 * descending, then fewer moves, then who finished first; entries equal in all three share a rank.
 *
 * @param ruleset    the ruleset
 * @param day        the UTC day
 * @param items      the entries
 * @param nextCursor the cursor of the next page, or null on the last
 * @param dealRating the day's deal's rating in rated play and its rated attempts ({@code docs/ratings.md},
 *                   "Scoundrel: players against deals"), once the day is over and if it was played rated; else null
 */
public record DailyBoard(String ruleset, LocalDate day, List<Entry> items, String nextCursor, DealStanding dealRating) {

    /**
     * One attempt.
     *
     * @param rank       1 for the best
     * @param player     the registered name
     * @param gameId     the game
     * @param score      its score ({@code scoundrel.md}, "Score")
     * @param moves      moves played
     * @param outcome    {@code won} or {@code lost}
     * @param finishedAt when it finished
     */
    public record Entry(long rank, String player, UUID gameId, int score, int moves, String outcome, Instant finishedAt) {
    }
}
