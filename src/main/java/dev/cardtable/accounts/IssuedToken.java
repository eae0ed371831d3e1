package dev.cardtable.accounts;

/**
 * A token just made: its text, shown this once and never again, and how it is listed.
 *
 * @param token the token's text, sent as {@code Authorization: Bearer <token>}
 * @param info  the token as {@code GET /api/account/tokens} lists it
 */
public record IssuedToken(String token, TokenView info) {
}
