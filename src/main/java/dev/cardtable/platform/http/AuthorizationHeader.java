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
        String a = header.trim();
        if (!a.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            return SeatCredential.otherScheme();
        }
        return SeatCredential.bearer(a.substring(BEARER.length()).trim());
    }
}
