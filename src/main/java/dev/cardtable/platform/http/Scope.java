package dev.cardtable.platform.http;

import java.util.Arrays;
import java.util.Optional;

/**
 * What an operation asks of a token ({@code docs/api.md}, "Tokens and OAuth"): one of the scopes a
 * token may be granted, or {@link #NONE} (a public operation, open to anyone) or
 * {@link #PLAYER_KEY} (an operation only the player key or a signed-in session may call: the key,
 * the registration, the account's sign-in means and the tokens themselves). The player key and a
 * session hold every scope.
 */
public enum Scope {

    /** Create games, take seats, move, resign, offer rematches, ask hints, read and follow one's own games. */
    GAME_PLAY("game:play", "Play your games: create and join games, move, resign, offer rematches, ask hints, "
            + "and see your own seats' views"),
    /** Read the player's challenges. */
    CHALLENGE_READ("challenge:read", "Read your challenges"),
    /** Create, accept, decline and cancel challenges. */
    CHALLENGE_WRITE("challenge:write", "Send, accept, decline and cancel challenges"),
    /** Create, read and cancel seeks. */
    SEEK_WRITE("seek:write", "Create, read and cancel seeks"),
    /** Create arenas, join them and withdraw from them. */
    TOURNAMENT_WRITE("tournament:write", "Create arenas, join them and withdraw from them"),
    /** The player's event stream and its stream tickets. */
    EVENTS_READ("events:read", "Follow your event stream"),
    /** The player's account. */
    ACCOUNT_READ("account:read", "Read your account"),
    /** A public operation: no credential needed, any token accepted. */
    NONE("none", "Public"),
    /** The player key or a session only: no token may call it. */
    PLAYER_KEY("player-key", "The player key or a signed-in session only");

    private final String text;
    private final String description;

    Scope(String text, String description) {
        this.text = text;
        this.description = description;
    }

    /** The scope's name as tokens carry it ({@code game:play}, …). */
    public String text() {
        return text;
    }

    /** What granting it allows, in a sentence for the consent page and the OpenAPI document. */
    public String description() {
        return description;
    }

    /** Whether a token may be granted it (every value but {@link #NONE} and {@link #PLAYER_KEY}). */
    public boolean grantable() {
        return this != NONE && this != PLAYER_KEY;
    }

    /** The grantable scope named {@code text}, or empty. */
    public static Optional<Scope> grantable(String text) {
        return Arrays.stream(values()).filter(s -> s.grantable() && s.text.equals(text)).findFirst();
    }
}
