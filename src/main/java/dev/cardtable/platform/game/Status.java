package dev.cardtable.platform.game;

import java.util.Locale;

/**
 * A game's status as stored in {@code games.status} and shown to clients: {@code waiting} until
 * every seat is taken, then {@code active}, then {@code finished} ({@code docs/api.md}, "Creating
 * a game").
 */
public enum Status {
    WAITING, ACTIVE, FINISHED;

    /** The stored and published name: {@code waiting}, {@code active} or {@code finished}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The status named {@code id}.
     *
     * @throws IllegalArgumentException for any other text
     */
    public static Status of(String id) {
        return valueOf(id.toUpperCase(Locale.ROOT));
    }
}
