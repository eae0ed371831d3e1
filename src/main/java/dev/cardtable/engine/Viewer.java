package dev.cardtable.engine;

/**
 * Who a view is computed for. Every payload that leaves the server is computed by a game's
 * {@link Rules#view(Object, Viewer)} for one of these, so hidden information is removed in one
 * place only.
 */
public sealed interface Viewer {

    /** The player sitting at {@code seat}: sees what that seat may see. */
    record SeatViewer(Seat seat) implements Viewer {
    }

    /** Anyone without a seat token: sees the public view only. */
    record Spectator() implements Viewer {
    }

    /**
     * Sees everything. Only for games that are over, where {@code shuffle.md} and the rules
     * reveal every card; never handed to a computer opponent.
     */
    record Omniscient() implements Viewer {
    }

    /** The viewer of {@code seat}. */
    static Viewer seat(Seat seat) {
        return new SeatViewer(seat);
    }

    /** The public viewer. */
    static Viewer spectator() {
        return new Spectator();
    }

    /** The viewer that sees everything (finished games only). */
    static Viewer omniscient() {
        return new Omniscient();
    }

    /** True when this viewer sits at {@code seat}. */
    default boolean sitsAt(Seat seat) {
        return this instanceof SeatViewer(Seat s) && s.equals(seat);
    }
}
