package dev.cardtable.players;

import dev.cardtable.platform.Published;

import java.time.Instant;
import java.util.UUID;

/**
 * A registration ended ({@code DELETE /api/players/{name}/key}): fired inside the transaction that
 * revokes the key, so that what other features keep of the player ends with it (its ratings leave
 * the leaderboards, {@code docs/ratings.md}). The name may be registered again, as a new player.
 *
 * @param playerId the player whose registration ended
 * @param at       when
 */
@Published
public record PlayerRevoked(UUID playerId, Instant at) {
}
