package dev.cardtable.accounts;

import java.time.Instant;
import java.util.UUID;

/**
 * One signed-in session as its player sees it.
 *
 * @param id        the session's id, to end it by ({@code DELETE /api/sessions/{id}})
 * @param createdAt when it was signed in
 * @param expiresAt when it ends by itself
 * @param userAgent the {@code User-Agent} it signed in with (at most 200 characters), or null
 * @param current   whether it is the session of the request that asks
 */
public record SessionView(UUID id, Instant createdAt, Instant expiresAt, String userAgent, boolean current) {
}
