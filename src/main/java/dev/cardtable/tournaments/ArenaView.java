package dev.cardtable.tournaments;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.cardtable.platform.game.Clocks;

import java.time.Instant;
import java.util.UUID;

/**
 * An arena as every read shows it ({@code docs/tournaments.md}).
 *
 * @param id            its id
 * @param name          its name
 * @param type          the game type
 * @param ruleset       the ruleset
 * @param clock         its games' Fischer clock
 * @param rated         whether its games are rated
 * @param minRating     the least rating to join, or null
 * @param minRatedGames the least number of rated games to join, or null
 * @param startsAt      when it starts
 * @param endsAt        when it ends
 * @param pairingEndsAt when the last game may be paired
 * @param status        {@code upcoming}, {@code running} or {@code finished}, by the time
 * @param createdBy     who made it
 * @param createdAt     when it was made
 * @param players       how many players have joined (paused ones included)
 * @param isFinal       whether it finished with every game ended: the standings never change again
 */
public record ArenaView(UUID id, String name, String type, String ruleset, Clocks.ClockSettings clock, boolean rated,
                        Integer minRating, Integer minRatedGames, Instant startsAt, Instant endsAt,
                        Instant pairingEndsAt, String status, String createdBy, Instant createdAt, int players,
                        @JsonProperty("final") boolean isFinal) {
}
