package dev.cardtable.accounts;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * One token as its player sees it; its text is shown only once, when it is made.
 *
 * @param id          revokes it: {@code DELETE /api/account/tokens/{id}}
 * @param description what it is for (for an OAuth token, the front end's URL)
 * @param scopes      its scopes, in alphabetical order
 * @param clientId    the front end it was granted to by OAuth (its URL), or null for a personal token
 * @param createdAt   when it was made
 * @param expiresAt   when it stops working by itself, or null for never
 * @param lastUsedAt  when it was last used, to the minute, or null for never
 */
public record TokenView(UUID id, String description, List<String> scopes, String clientId, Instant createdAt,
                        Instant expiresAt, Instant lastUsedAt) {
}
