package dev.cardtable.platform.http;

import dev.cardtable.platform.game.SeatCredential;

/**
 * The {@code Authorization} header as the service takes it: a {@link SeatCredential}
 * ({@code docs/api.md}, "The game as a caller sees it"). The one place that header is parsed.
 */
public final class AuthorizationHeader {

    private static final String BEARER = "Bearer ";

    private AuthorizationHeader() {
    }

    /**
     * The credential of an {@code Authorization} header: null for none (absent or blank); for
     * {@code Bearer <token>} (the scheme in any case, spaces around the token ignored) the token;
     * for any other value a credential of another scheme, which opens no seat.
     */
    public static SeatCredential credential(String header) {
        if (header == null || header.isBlank()) {
            return null;
        }
        String token = bearer(header);
        return token == null ? SeatCredential.otherScheme() : SeatCredential.bearer(token);
    }

    /**
     * The token of a {@code Bearer <token>} header (the scheme in any case, spaces around the token
     * ignored); null for none or another scheme.
     */
    public static String bearer(String header) {
        if (header == null) {
            return null;
        }
        String a = header.trim();
        return a.regionMatches(true, 0, BEARER, 0, BEARER.length()) ? a.substring(BEARER.length()).trim() : null;
    }
}
