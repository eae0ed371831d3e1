package dev.cardtable.accounts;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.time.Instant;
import java.util.List;

/**
 * The body of {@code POST /api/account/tokens}.
 *
 * @param description what the token is for: 1 to 200 characters
 * @param scopes      its scopes: at least one of {@code docs/api.md}'s list
 * @param expiresAt   when it stops working (at most 366 days away); absent or null for never
 */
@Schema(name = "CreateToken")
public record TokenRequest(@Schema(required = true, minLength = 1, maxLength = 200) String description,
                           @Schema(required = true, minItems = 1) List<String> scopes,
                           Instant expiresAt) {
}
