package dev.cardtable.players;

import java.time.Instant;

/**
 * A player key as handed out once, on registration or rotation: send it as
 * {@code X-Player-Key: <key>}. The server keeps only its SHA-256.
 *
 * @param name      the registered name
 * @param key       the key (43 characters, base64url)
 * @param createdAt when the name was registered
 */
public record PlayerKey(String name, String key, Instant createdAt) {
}
