package dev.cardtable.platform.game;

import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Scoped access tokens as the core sees them ({@code docs/api.md}, "Tokens and OAuth"): the player
 * a token acts for, and the scopes it was granted. The accounts feature implements it, so that the
 * one check of a player's credential ({@link RegisteredPlayers#holder}) accepts a token too.
 *
 * <p>A token is sent as {@code Authorization: Bearer <token>}. The edge
 * ({@code platform.http.AccessTokens}) tells it from a seat token by its prefix and length
 * ({@link #looksLikeToken}), checks its scope against the operation's, and hands it to that check
 * as the value of {@link RegisteredPlayers#HEADER}, {@link #PREFIX} followed by the token; a
 * client that sends such a value itself is refused at the edge.
 */
public interface PlayerTokens {

    /** How a token is marked where a player key would be. */
    String PREFIX = "token:";

    /** The prefix of a personal token's text. */
    String PERSONAL = "ctp_";

    /** The prefix of a token granted to another front end by OAuth. */
    String OAUTH = "cto_";

    /** The length of a token's text: a prefix and 43 base64url characters (256 random bits). */
    int LENGTH = 47;

    /** Whether {@code credential} (a player key header's value) stands for a token. */
    static boolean isToken(String credential) {
        return credential != null && credential.startsWith(PREFIX);
    }

    /**
     * Whether a bearer credential is a token rather than a seat token (43 characters): its prefix
     * and its length.
     */
    static boolean looksLikeToken(String bearer) {
        return bearer != null && bearer.length() == LENGTH && (bearer.startsWith(PERSONAL) || bearer.startsWith(OAUTH));
    }

    /**
     * Whether a bearer credential is meant as a token, well formed or not: a token's prefix on
     * anything but a seat token's length (43 characters), so that a token mistyped is refused as a
     * token ({@code 401 token-invalid}) and not taken for a seat token.
     */
    static boolean meantAsToken(String bearer) {
        return bearer != null && bearer.length() != 43 && (bearer.startsWith(PERSONAL) || bearer.startsWith(OAUTH));
    }

    /**
     * What a token grants.
     *
     * @param tokenId the token's id (as listed)
     * @param player  the player it acts for
     * @param scopes  the scopes it was granted, by name ({@code game:play}, …)
     */
    record Grant(UUID tokenId, UUID player, Set<String> scopes) {
    }

    /**
     * What the token {@code token} grants; empty when no token has that text, or it was revoked or
     * has expired, or its player's registration ended. Reads the database every time it is asked
     * in a new request, so that a token revoked on any instance stops working on all of them at
     * once.
     */
    Optional<Grant> grant(String token);

    /**
     * Whether token {@code tokenId} of player {@code player} still stands (not revoked, not
     * expired, its registration not ended), for a credential taken with it, such as a stream
     * ticket. Reads the database every time.
     */
    boolean stands(UUID tokenId, UUID player);

    /**
     * Fired when a player's token is revoked, in the revoking transaction, so that what was opened
     * with it (the player's event streams) ends on every instance.
     *
     * @param player the token's player
     */
    record Revoked(UUID player) {
    }
}
