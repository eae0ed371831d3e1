package dev.cardtable.platform.game;

import java.util.Objects;

/**
 * What a request presents to act as, or read as, a seat of a game: the token of its
 * {@code Authorization: Bearer <token>} header, as the HTTP layer read it. A request without that
 * header presents no credential (null where a credential is taken). A header of another scheme
 * is a credential without a token: it opens no seat, and is refused ({@code unauthenticated})
 * only where the game's seats are looked at ({@link Seating#authenticate}), so that a request
 * for an unknown game still answers {@code game-not-found} first.
 *
 * <p>Not to be confused with {@link dev.cardtable.platform.game.view.Credential}, the token a seat is
 * given, shown once. The token is never printed ({@link #toString()}).
 *
 * @param token the seat token, or null for a header of another scheme
 */
public record SeatCredential(String token) {

    /** A bearer token. */
    public static SeatCredential bearer(String token) {
        return new SeatCredential(Objects.requireNonNull(token, "token"));
    }

    /** A header of another scheme than {@code Bearer}: it opens no seat. */
    public static SeatCredential otherScheme() {
        return new SeatCredential(null);
    }

    /** Whether this carries a bearer token (else its header had another scheme). */
    public boolean isBearer() {
        return token != null;
    }

    /** No token: it is a secret. */
    @Override
    public String toString() {
        return isBearer() ? "SeatCredential[Bearer …]" : "SeatCredential[other scheme]";
    }
}
