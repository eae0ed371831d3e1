package dev.cardtable.accounts;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The answer of {@code POST /api/oauth/token} (RFC 6749 5.1).
 *
 * @param accessToken the token ({@code cto_…}), sent as {@code Authorization: Bearer <token>}
 * @param tokenType   always {@code Bearer}
 * @param expiresIn   its lifetime in seconds (365 days)
 * @param scope       its scopes, space separated
 */
public record GrantedToken(@JsonProperty("access_token") String accessToken,
                           @JsonProperty("token_type") String tokenType,
                           @JsonProperty("expires_in") long expiresIn,
                           @JsonProperty("scope") String scope) {
}
