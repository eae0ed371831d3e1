package dev.cardtable.tournaments;

import dev.cardtable.platform.game.Clocks;

import java.time.Instant;

/**
 * The body of {@code POST /api/arenas} ({@code docs/tournaments.md}, "Making an arena").
 *
 * @param name          1 to 80 characters
 * @param type          the game type: {@code dazzle}; null for {@code dazzle}
 * @param ruleset       the ruleset, or null for the type's default
 * @param startsAt      from now to 30 days ahead; null starts it now
 * @param minutes       its length, 5 to 1440
 * @param clock         a Fischer clock (required)
 * @param rated         whether its games are rated; null for true
 * @param minRating     the least rating in the perf to join, or null
 * @param minRatedGames the least number of rated games in the perf to join, or null
 */
public record ArenaRequest(String name, String type, String ruleset, Instant startsAt, Integer minutes,
                           Clocks.ClockSettings clock, Boolean rated, Integer minRating, Integer minRatedGames) {
}
