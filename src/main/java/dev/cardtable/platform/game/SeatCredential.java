package dev.cardtable.platform.game;

import java.util.Objects;

/**
 * What a request presents to act as, or read as, a seat of a game: the token of its
 * {@code Authorization: Bearer <token>} header, as the HTTP layer read it, or, without that header,
 * the registered player whose key ({@code X-Player-Key}) it sent, which opens that player's
 * verified seat of any game ({@code docs/api.md}, "One credential per player"). A request with
 * neither presents no credential (null where a credential is taken). A header of another scheme
 * is a credential without a token: it opens no seat, and is refused ({@code unauthenticated})
 * only where the game's seats are looked at ({@link Seating#authenticate}), so that a request
 * for an unknown game still answers {@code game-not-found} first.
 *
 * <p>Not to be confused with {@link dev.cardtable.platform.game.view.Credential}, the token a seat is
 * given, shown once. The token is never printed ({@link #toString()}).
 *
 * @param token    the seat token, or null for a player's key or a header of another scheme
 * @param playerId the registered player whose valid key was sent, or null for a seat token or a
 *                 header of another scheme
 */
public record SeatCredential(String token, java.util.UUID playerId) {

    /** A bearer token. */
    public static SeatCredential bearer(String token) {
        return new SeatCredential(Objects.requireNonNull(token, "token"), null);
    }

    /** A header of another scheme than {@code Bearer}: it opens no seat. */
    public static SeatCredential otherScheme() {
        return new SeatCredential(null, null);
    }

    /**
     * The registered player {@code playerId}, whose key the request sent (already checked): it opens
     * the seat that player holds verified, in any game.
     */
    public static SeatCredential player(java.util.UUID playerId) {
        return new SeatCredential(null, Objects.requireNonNull(playerId, "playerId"));
    }

    /** Whether this carries a bearer token (else a player's key or a header of another scheme). */
    public boolean isBearer() {
        return token != null;
    }

    /** Whether this is a registered player's key. */
    public boolean isPlayer() {
        return playerId != null;
    }

    /** No token: it is a secret. */
    @Override
    public String toString() {
        return isBearer() ? "SeatCredential[Bearer …]" : isPlayer() ? "SeatCredential[player key]" : "SeatCredential[other scheme]";
    }
}
