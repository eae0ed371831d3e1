package dev.cardtable.daily;

import dev.cardtable.platform.game.view.DealStanding;
import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

/**
 * One day's daily deal of one ruleset ({@code docs/api.md}, "The daily deal").
 *
 * @param ruleset        the Scoundrel ruleset (default options)
 * @param day            the UTC day
 * @param startsAt       when the day starts (midnight UTC)
 * @param endsAt         when it ends: the seed is revealed then
 * @param seedCommitment SHA-256 commitment of the day's secret seed, fixed when the deal was made
 * @param seed           the seed once the day is over, else null
 * @param attempt        the caller's game of the day (with a player key), else null
 * @param previous       the day before's deal, its seed revealed, or null when there was none (only
 *                       in {@code GET /api/daily/{ruleset}})
 * @param dealRating     the deal's rating in rated play and its rated attempts ({@code docs/ratings.md},
 *                       "Scoundrel: players against deals"), once the day is over and if it was played rated;
 *                       else null
 */
public record DailyDay(String ruleset, LocalDate day, Instant startsAt, Instant endsAt, String seedCommitment,
                       String seed, UUID attempt, DailyDay previous, DealStanding dealRating) {
}
