package dev.cardtable.platform.game;

import java.util.Optional;
import java.util.UUID;

/**
 * Signed-in sessions as the core sees them ({@code docs/api.md}, "Accounts and sessions"): the
 * player a session cookie stands for. The accounts feature implements it, so that the one check
 * of a player's credential ({@link RegisteredPlayers#holder}) accepts a session too.
 *
 * <p>The edge ({@code platform.http.SessionCookies}) hands a request's session to that check as
 * the value of {@link RegisteredPlayers#HEADER}, {@link #PREFIX} followed by the session token: a
 * player key (base64url) never contains {@code ':'}, so the two cannot be confused, and a client
 * that sends such a value itself is refused at the edge.
 */
public interface PlayerSessions {

    /** The name of the cookie that carries a session token. */
    String COOKIE = "cardtable_session";

    /** How a session token is marked where a player key would be. */
    String PREFIX = "session:";

    /** Whether {@code credential} (a player key header's value) stands for a session. */
    static boolean isSession(String credential) {
        return credential != null && credential.startsWith(PREFIX);
    }

    /**
     * The player of the session whose token is {@code token}; empty when no session has it, or it
     * was ended or has expired. Reads the database every time, so that a session ended on any
     * instance stops working on all of them at once.
     */
    Optional<UUID> player(String token);
}
