package dev.cardtable.pairing;

import dev.cardtable.platform.Published;
import dev.cardtable.platform.game.Clocks;

import java.time.Instant;
import java.util.UUID;

/**
 * A seek as its player sees it ({@code docs/api.md}, "Quick pairing").
 *
 * @param id          the seek's id
 * @param player      its player's registered name
 * @param type        the game type
 * @param ruleset     the ruleset
 * @param clock       the clock, or null for none
 * @param rated       whether the game will be rated
 * @param rating      the player's rating in the perf when it seeked (the published initial rating
 *                    before its first rated game)
 * @param ratingRange the explicit range of opponents' ratings, or null for the widening window
 * @param status      {@code open}, {@code paired}, {@code cancelled}, {@code expired} or
 *                    {@code abandoned}
 * @param gameId      the game a paired seek made, else null
 * @param createdAt   when it was made
 * @param expiresAt   when an open seek times out
 */
@Published
public record SeekView(UUID id, String player, String type, String ruleset, Clocks.ClockSettings clock, boolean rated,
                       double rating, Range ratingRange, String status, UUID gameId, Instant createdAt,
                       Instant expiresAt) {

    /**
     * A range of ratings, both ends included.
     *
     * @param min the least rating, or null for none
     * @param max the greatest rating, or null for none
     */
    public record Range(Integer min, Integer max) {
    }
}
