package dev.cardtable.accounts;

import java.time.Instant;

/**
 * A passkey of the player.
 *
 * @param id        its credential id (base64url)
 * @param createdAt when it was added
 */
public record PasskeyView(String id, Instant createdAt) {
}
