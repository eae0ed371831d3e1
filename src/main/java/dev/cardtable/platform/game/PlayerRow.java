package dev.cardtable.platform.game;

import java.time.Instant;
import java.util.UUID;

/**
 * One registration of {@code players}.
 *
 * @param id        the player's id, which verified seats name
 * @param name      the registered name, as registered
 * @param createdAt when the name was registered
 */
public record PlayerRow(UUID id, String name, Instant createdAt) {
}
