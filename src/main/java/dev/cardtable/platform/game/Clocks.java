package dev.cardtable.platform.game;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.cardtable.platform.GameException;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * Game clocks ({@code docs/api.md}, "Clocks"), as pure functions of the settings, the clock's
 * state and the moves' times. Only human seats are on the clock: a computer seat replies at once
 * and never runs out of time.
 *
 * <ul>
 *   <li>Correspondence: each move is due {@code perMove} after the turn began.</li>
 *   <li>Fischer: each seat starts with {@code initial}; a move costs the time since the turn began
 *   and earns {@code increment} back.</li>
 * </ul>
 */
public final class Clocks {

    /** The shortest clock time accepted. */
    public static final Duration MIN = Duration.ofSeconds(1);
    /** The longest clock time accepted. */
    public static final Duration MAX = Duration.ofDays(60);
    /** {@link #MAX} as {@code docs/api.md} writes it ({@code Duration} itself would write {@code PT1440H}). */
    static final String MAX_TEXT = "P" + MAX.toDays() + "D";

    /** The clock's stored form: the server's JSON conventions (ISO-8601 times, every field). */
    private static final ObjectMapper STORED = JsonMapper.builder().addModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).build();

    private Clocks() {
    }

    /**
     * A clock as chosen at creation, its times as ISO-8601 durations.
     *
     * @param type      {@code correspondence} or {@code fischer}
     * @param perMove   correspondence: the time for each move, e.g. {@code PT24H}
     * @param initial   Fischer: each seat's starting time, e.g. {@code PT5M}
     * @param increment Fischer: the time added after each move, e.g. {@code PT2S}
     */
    public record ClockSettings(String type, String perMove, String initial, String increment) {

        /** Whether this is a Fischer clock. */
        boolean fischer() {
            return "fischer".equals(type);
        }

        /**
         * This clock checked and written in canonical form.
         *
         * @throws GameException {@code malformed-request} for an unknown type, a missing or extra
         *                       time, or a time that is not an ISO-8601 duration within bounds
         */
        public ClockSettings checked() {
            switch (type == null ? "" : type) {
                case "correspondence" -> {
                    if (initial != null || increment != null) {
                        throw GameException.malformed("a correspondence clock takes only 'perMove'");
                    }
                    return new ClockSettings(type, duration(perMove, "perMove", MIN).toString(), null, null);
                }
                case "fischer" -> {
                    if (perMove != null) {
                        throw GameException.malformed("a fischer clock takes 'initial' and 'increment', not 'perMove'");
                    }
                    return new ClockSettings(type, null, duration(initial, "initial", MIN).toString(),
                            duration(increment == null ? "PT0S" : increment, "increment", Duration.ZERO).toString());
                }
                default -> throw GameException.malformed("clock 'type' must be \"correspondence\" or \"fischer\"");
            }
        }

        Duration perMoveTime() {
            return Duration.parse(perMove);
        }

        Duration initialTime() {
            return fischer() ? Duration.parse(initial) : perMoveTime();
        }

        Duration incrementTime() {
            return Duration.parse(increment);
        }
    }

    /**
     * A running clock.
     *
     * @param remainingMs each seat's time left when its turn begins, in milliseconds (Fischer; for
     *                    correspondence always {@code perMove})
     * @param turnStart   when the current turn began
     */
    public record State(List<Long> remainingMs, Instant turnStart) {
        public State {
            remainingMs = List.copyOf(remainingMs);
        }
    }

    /**
     * What a viewer sees of a clock ({@code GET /api/games/{id}}).
     *
     * @param type        {@code correspondence} or {@code fischer}
     * @param perMove     correspondence: time per move
     * @param initial     Fischer: starting time
     * @param increment   Fischer: time added per move
     * @param remainingMs each seat's time left now, in milliseconds (0 once out of time)
     * @param deadline    when the seat to act runs out of time; null when no clock runs
     */
    public record ClockView(String type, String perMove, String initial, String increment, List<Long> remainingMs,
                       Instant deadline) {
    }

    /**
     * A stored clock (column {@code games.clock}, JSON), or null for none: read once, with the game
     * ({@link GameRows}), the one place a stored clock is parsed.
     */
    static ClockSettings readSettings(String text) {
        return read(text, ClockSettings.class);
    }

    /** A stored clock's state (column {@code games.clock_state}, JSON), or null before it started or for none. */
    static State readState(String text) {
        return read(text, State.class);
    }

    /** {@code clockOrState} as stored (JSON, times as ISO-8601 text), or null for null. */
    static String write(Object clockOrState) {
        try {
            return clockOrState == null ? null : STORED.writeValueAsString(clockOrState);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a clock", e);
        }
    }

    private static <T> T read(String text, Class<T> type) {
        try {
            return text == null ? null : STORED.readValue(text, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored clock unreadable: " + text, e);
        }
    }

    /** A clock starting at {@code at} for {@code seats} seats. */
    public static State start(ClockSettings spec, int seats, Instant at) {
        return new State(java.util.Collections.nCopies(seats, spec.initialTime().toMillis()), at);
    }

    /** The clock after {@code rows} were played at their times. */
    public static State played(ClockSettings spec, State state, List<MoveRow> rows, List<SeatRow> seats) {
        List<Long> remaining = new ArrayList<>(state.remainingMs());
        Instant start = state.turnStart();
        for (MoveRow row : rows) {
            if (spec.fischer() && seats.get(row.seat()).kind() == SeatKind.HUMAN) {
                long left = remaining.get(row.seat()) - Duration.between(start, row.at()).toMillis();
                // A seat whose flag fell (its timeout, logged at the deadline) gets no increment.
                remaining.set(row.seat(), left <= 0 ? 0 : left + spec.incrementTime().toMillis());
            }
            start = row.at();
        }
        return new State(remaining, start);
    }

    /** The seat whose clock runs: the first human seat of {@code toAct}, or null. */
    public static Integer running(List<Integer> toAct, List<SeatRow> seats) {
        return toAct.stream().filter(s -> seats.get(s).kind() == SeatKind.HUMAN).findFirst().orElse(null);
    }

    /** When {@code seat} runs out of time at {@code state}; null for no seat. */
    public static Instant deadline(ClockSettings spec, State state, Integer seat) {
        if (seat == null) {
            return null;
        }
        long left = spec.fischer() ? state.remainingMs().get(seat) : spec.perMoveTime().toMillis();
        return state.turnStart().plusMillis(left);
    }

    /** The clock as seen at {@code now}: the running seat's time counts down to its deadline. */
    public static ClockView view(ClockSettings spec, State state, Instant deadline, Integer runningSeat, int seats, Instant now) {
        List<Long> remaining = new ArrayList<>(state == null ? start(spec, seats, now).remainingMs() : state.remainingMs());
        if (!spec.fischer()) {
            remaining.replaceAll(r -> spec.perMoveTime().toMillis());
        }
        if (deadline != null && runningSeat != null) {
            remaining.set(runningSeat, Math.max(0, Duration.between(now, deadline).toMillis()));
        }
        return new ClockView(spec.type(), spec.perMove(), spec.initial(), spec.increment(), remaining, deadline);
    }

    private static Duration duration(String text, String name, Duration min) {
        if (text == null) {
            throw GameException.malformed("the clock needs '" + name + "'");
        }
        try {
            Duration d = Duration.parse(text);
            if (d.compareTo(min) < 0 || d.compareTo(MAX) > 0) {
                throw GameException.malformed("clock '" + name + "' must be " + min + " to " + MAX_TEXT);
            }
            return d;
        } catch (DateTimeParseException e) {
            throw GameException.malformed("clock '" + name + "' must be an ISO-8601 duration in days, hours, minutes and "
                    + "seconds (PnDTnHnMnS, such as PT5M), " + min + " to " + MAX_TEXT);
        }
    }
}
