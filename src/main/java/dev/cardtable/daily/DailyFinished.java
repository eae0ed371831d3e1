package dev.cardtable.daily;

import java.time.LocalDate;
import java.util.UUID;

/**
 * Fired inside the transaction that ended a game of the daily deal; the day's board's live events
 * observe it ({@code GET /api/daily/{ruleset}/{day}/leaderboard/events}).
 *
 * @param ruleset the ruleset
 * @param day     the day whose deal the game played
 * @param gameId  the game
 */
public record DailyFinished(String ruleset, LocalDate day, UUID gameId) {
}
