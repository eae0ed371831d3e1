package dev.cardtable.accounts;

/**
 * The answer of {@code POST /api/oauth/authorize}: where the consent page sends the browser next.
 *
 * @param redirectTo the client's redirect URI with {@code code} and {@code state} (approved), or
 *                   {@code error=access_denied} and {@code state} (refused), as RFC 6749 4.1.2 says
 */
public record Authorized(String redirectTo) {
}
