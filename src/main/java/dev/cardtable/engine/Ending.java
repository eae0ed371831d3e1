package dev.cardtable.engine;

import java.util.List;
import java.util.Locale;

/**
 * How a game ended other than by being played out ({@code docs/api.md}, "Endings"): resigned,
 * aborted, out of time or abandoned. Every ending is a move in the log ({@code {"action":"resign"}},
 * {@code "abort"}, {@code "timeout"}, {@code "abandon"}), applied by the rules like any other, so
 * that replay and records reproduce it.
 *
 * @param kind how the game ended
 * @param seat the seat whose move ended it: the one that resigned, aborted, ran out of time, or
 *             was to act when the game was abandoned
 */
public record Ending(Kind kind, int seat) {

    /** The ways a game ends early. */
    public enum Kind {
        /** A seat gave up; every other seat wins. Any seat of a running game may resign. */
        RESIGNED("resign", true),
        /**
         * Called off before every seat has played a move (as lichess allows until both players
         * moved); nobody wins or loses, the game is not counted and not rated.
         */
        ABORTED("abort", true),
        /** The seat to act ran out of time on its clock; it loses, every other seat wins. */
        TIMEOUT("timeout", false),
        /** Nobody moved for too long in a game without a clock; nobody wins or loses. */
        ABANDONED("abandon", false);

        private final String action;
        private final boolean byPlayer;

        Kind(String action, boolean byPlayer) {
            this.action = action;
            this.byPlayer = byPlayer;
        }

        /** The move's {@code action}, e.g. {@code resign}. */
        public String action() {
            return action;
        }

        /** The ending's name in a result, e.g. {@code resigned}. */
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** Whether a seat's holder may play it; the others are written by the server. */
        public boolean byPlayer() {
            return byPlayer;
        }

        /** Whether it decides the game: the ending seat loses and every other seat wins. */
        public boolean decides() {
            return this == RESIGNED || this == TIMEOUT;
        }

        /** The kind whose move action is {@code action}, or null. */
        public static Kind ofAction(Object action) {
            for (Kind k : values()) {
                if (k.action.equals(action)) {
                    return k;
                }
            }
            return null;
        }
    }

    /** The ending's name in a result: {@code resigned}, {@code aborted}, {@code timeout} or {@code abandoned}. */
    public String id() {
        return kind.id();
    }

    /** The seat that resigned or ran out of time; null for an aborted or abandoned game. */
    public Integer endedBy() {
        return kind.decides() ? seat : null;
    }

    /**
     * {@code seat}'s outcome: lost for the ending seat and won for the others when the ending
     * {@link Kind#decides() decides} the game, else null (no outcome).
     */
    public Outcome outcome(int seat) {
        if (!kind.decides()) {
            return null;
        }
        return seat == this.seat ? Outcome.LOST : Outcome.WON;
    }

    /**
     * The ending that {@code seat} brings about by playing {@code kind}, checked against the
     * rules every game shares ({@code docs/api.md}, "Endings").
     *
     * @param seats   the game's seat count
     * @param toAct   the seats that may move now
     * @param everySeatMoved whether every seat has played a move (for one seat: any move)
     * @throws IllegalMove when the game is over, the seat does not exist, an abort comes once every
     *                     seat has moved, or a timeout or abandonment names a seat not to act
     */
    public static Ending of(Kind kind, Seat seat, int seats, List<Seat> toAct, boolean everySeatMoved) {
        if (toAct.isEmpty()) {
            throw new IllegalMove("the game is over");
        }
        if (seat.number() >= seats) {
            throw new IllegalMove("seat " + seat.number() + " does not play: the game has " + seats + " seat(s)");
        }
        if (kind == Kind.ABORTED && everySeatMoved) {
            throw new IllegalMove(seats == 1 ? "a game can be aborted only before its first move; resign instead"
                    : "a game can be aborted only until every seat has moved; resign instead");
        }
        if (!kind.byPlayer() && !toAct.contains(seat)) {
            throw new IllegalMove("only a seat to act runs out of time");
        }
        return new Ending(kind, seat.number());
    }
}
