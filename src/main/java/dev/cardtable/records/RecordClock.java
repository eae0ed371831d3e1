package dev.cardtable.records;

import dev.cardtable.engine.Ending;
import dev.cardtable.engine.Seat;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.game.Clocks;
import dev.cardtable.platform.game.Progress;
import dev.cardtable.platform.game.SeatRow;
import dev.cardtable.platform.game.view.GameRecord;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A record's clock on import ({@code docs/api.md}, "Records"): kept for the imported game, and the
 * judge of a version 3 record's endings.
 */
final class RecordClock {

    private RecordClock() {
    }

    /**
     * The record's clock, checked as at creation, as stored JSON; null for none. The writer runs it
     * through the moves at their recorded times, so a running game's clock resumes where the
     * record left it.
     */
    static Clocks.ClockSettings stored(GameRecord rec) {
        if (rec.clock() == null) {
            return null;
        }
        try {
            return rec.clock().checked();
        } catch (GameException e) {
            throw GameException.invalidRecord("clock: " + e.getMessage(), null);
        }
    }

    /**
     * Records that carry the clock (version 3) time their moves by it: a {@code timeout} needs a
     * clock and comes no earlier than the deadline of the seat to act, as the clock runs from the
     * game's creation through the moves before it, and every other move comes before that
     * deadline; an {@code abandon} needs a game without one, and
     * comes no earlier than {@code abandonAfter} after the game's previous event ({@code previous}:
     * the move before it, or the game's creation), as the sweep would end it.
     */
    static <S, M, V> void checkTimed(Progress<S, M, V> p, Ending.Kind kind, Instant at, Instant previous,
                                      Duration abandonAfter, int seq) {
        Clocks.ClockSettings clock = p.game().table().clock();
        if (kind == Ending.Kind.ABANDONED && clock != null) {
            throw GameException.invalidRecord("move " + seq + ": a game with a clock is never abandoned", seq);
        }
        if (kind == Ending.Kind.ABANDONED && at.isBefore(previous.plus(abandonAfter))) {
            String wait = abandonAfter.toSeconds() % 86_400 == 0 ? "P" + abandonAfter.toDays() + "D" : abandonAfter.toString();
            throw GameException.invalidRecord("move " + seq + ": an abandon comes " + wait
                    + " after the game's previous event at the earliest (" + previous.plus(abandonAfter) + ")", seq);
        }
        if (kind != Ending.Kind.TIMEOUT) {
            // Any other move comes before the deadline: at it, the game had ended on time.
            Instant deadline = clock == null ? null : deadline(p, clock);
            if (deadline != null && !at.isBefore(deadline)) {
                throw GameException.invalidRecord("move " + seq + ": made at or after the deadline of the seat to act ("
                        + deadline + "), when the game had ended on time", seq);
            }
            return;
        }
        if (clock == null) {
            throw GameException.invalidRecord("move " + seq + ": a timeout needs a clock", seq);
        }
        Instant deadline = deadline(p, clock);
        if (deadline == null || at.isBefore(deadline)) {
            throw GameException.invalidRecord("move " + seq + ": a timeout before the seat's deadline ("
                    + deadline + ")", seq);
        }
    }

    /** The deadline of the seat to act, the clock run from the game's creation through the moves so far; null for none. */
    private static Instant deadline(Progress<?, ?, ?> p, Clocks.ClockSettings spec) {
        List<SeatRow> seats = p.game().seats();
        Clocks.State state = Clocks.played(spec, Clocks.start(spec, seats.size(), p.game().createdAt()),
                p.steps().stream().map(Progress.Step::row).toList(), seats);
        return Clocks.deadline(spec, state, Clocks.running(p.toAct().stream().map(Seat::number).toList(), seats));
    }
}
