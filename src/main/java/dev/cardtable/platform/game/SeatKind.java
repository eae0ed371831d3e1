package dev.cardtable.platform.game;

import java.util.Locale;

/**
 * Who sits at a seat, as stored in {@code seats.kind} and shown to clients: a person
 * ({@code human}), a computer opponent ({@code ai}) or nobody yet ({@code open}).
 */
public enum SeatKind {
    HUMAN, AI, OPEN;

    /** The stored and published name: {@code human}, {@code ai} or {@code open}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The kind named {@code id}.
     *
     * @throws IllegalArgumentException for any other text
     */
    public static SeatKind of(String id) {
        return valueOf(id.toUpperCase(Locale.ROOT));
    }
}
