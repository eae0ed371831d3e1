package dev.cardtable.daily;

import java.util.List;

/**
 * A page of the all-time table of one ruleset's daily deals: every registered player with a
 * counted attempt, by days won descending, then total score descending (equal lines share a rank),
 * then name.
 *
 * @param ruleset    the ruleset
 * @param items      the lines
 * @param nextCursor the cursor of the next page, or null on the last
 */
public record DailyTable(String ruleset, List<Line> items, String nextCursor) {

    /**
     * One player.
     *
     * @param rank       1 for the best
     * @param player     the registered name
     * @param played     days with an attempt finished within the day
     * @param won        days won
     * @param totalScore the sum of those attempts' scores
     * @param bestScore  the best of them
     */
    public record Line(long rank, String player, long played, long won, long totalScore, int bestScore) {
    }
}
