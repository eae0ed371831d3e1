package dev.cardtable.platform.http;

import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.game.PlayerSessions;
import dev.cardtable.platform.game.PlayerTokens;
import dev.cardtable.platform.game.RegisteredPlayers;
import dev.cardtable.platform.game.SeatCredential;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * The credential a request presents for a seat ({@code docs/api.md}, "One credential per player"):
 * its {@code Authorization} header ({@link AuthorizationHeader}) when it has one, else its
 * {@code X-Player-Key}, which opens the seat its player holds verified in any game.
 */
@ApplicationScoped
public class SeatCredentials {

    @Inject
    RegisteredPlayers players;

    /**
     * The credential of a request's two headers; null for neither. {@code Authorization} wins when
     * both are sent, so a seat token always means its seat.
     *
     * @param authorization the {@code Authorization} header, or null
     * @param playerKey     the {@code X-Player-Key} header, or null
     * @throws GameException {@code player-key-invalid} (401) for a key that opens no standing
     *                       registration (unknown, rotated or revoked), {@code session-invalid} (401)
     *                       for a session cookie that is unknown, ended or expired
     */
    public SeatCredential of(String authorization, String playerKey) {
        SeatCredential seat = AuthorizationHeader.credential(authorization);
        if (seat != null || playerKey == null || playerKey.isBlank()) {
            return seat;
        }
        return players.playerOf(playerKey).map(SeatCredential::player).orElseThrow(() -> PlayerSessions.isSession(playerKey)
                ? new GameException(Failure.SESSION_INVALID, "the session is unknown, ended or expired: sign in again")
                : PlayerTokens.isToken(playerKey)
                ? new GameException(Failure.TOKEN_INVALID, "the token is unknown, revoked or expired")
                : new GameException(Failure.PLAYER_KEY_INVALID, PlayerTokens.meantAsToken(playerKey.trim())
                ? "that is a token, not a player key: send it as 'Authorization: Bearer <token>'"
                : "the player key is unknown, rotated or revoked"));
    }
}
