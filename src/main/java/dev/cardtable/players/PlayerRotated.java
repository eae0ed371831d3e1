package dev.cardtable.players;

import dev.cardtable.platform.Published;

import java.time.Instant;
import java.util.UUID;

/**
 * A player's key was replaced ({@code POST /api/players/{name}/key}): fired inside the transaction
 * that rotates it, so that what was opened with the old key ends with it (the player's event
 * streams, {@code docs/api.md}, "A player's event stream").
 *
 * @param playerId the player whose key was rotated
 * @param at       when
 */
@Published
public record PlayerRotated(UUID playerId, Instant at) {
}
