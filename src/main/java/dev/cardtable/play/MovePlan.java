package dev.cardtable.play;

import dev.cardtable.engine.IllegalMove;
import dev.cardtable.engine.MalformedInput;
import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.game.GameRow;
import dev.cardtable.platform.game.Progress;

import java.time.Instant;
import java.util.Map;

/**
 * The steps of one move ({@link MoveService}) and what each can come to: <b>read</b> the game and
 * the caller's seat ({@link Read} or {@link Refused}), <b>decide</b> from what was read and the
 * request alone ({@link Play}, {@link Repeat}, {@link EndOnTime}, {@link NeedsLock} or
 * {@link Refused}), <b>write</b> in one statement ({@link Applied}, {@link Overtaken},
 * {@link NeedsLock}, {@link TimeExpired} or {@link Refused}), then answer. No step throws to say
 * where the move goes next.
 */
final class MovePlan {

    private MovePlan() {
    }

    /** What reading came to. */
    sealed interface Reading permits Read, Refused {
    }

    /** What deciding came to. */
    sealed interface Decision permits Play, Repeat, EndOnTime, NeedsLock, Refused {
    }

    /** What one try of the move came to. */
    sealed interface Attempt permits Applied, Overtaken, NeedsLock, TimeExpired, Refused {
    }

    /** Where the tries without a lock lead: the move written, or to be written under the lock. */
    sealed interface Route permits Applied, NeedsLock {
    }

    /**
     * The game as read, and the caller's seat at it.
     *
     * @param game   the game row with its seats
     * @param state  its state as this instance wrote it (a kept copy), or null to parse the row's
     * @param seat   the caller's seat, authenticated
     * @param kept   whether the game is this instance's copy rather than a read (a refusal on it is
     *               decided again on the game as stored)
     * @param locked whether the game's row is locked by this transaction
     * @param prior  the stored response to an earlier request with the same {@code Idempotency-Key}
     *               (looked up under the lock only), or null
     */
    record Read(GameRow game, Object state, int seat, boolean kept, boolean locked,
                IdempotencyStore.Stored prior) implements Reading {
    }

    /** The moves to write: the caller's and the computer seats' replies, computed on the game as read. */
    record Play(Read read, Progress<?, ?, ?> progress) implements Decision {

        /** Whether the moves end the game. */
        boolean ends() {
            return progress.result().isPresent();
        }
    }

    /** A request repeated with its {@code Idempotency-Key}: the first response is the answer. */
    record Repeat(Read read) implements Decision {
    }

    /** The seat to act ran out of time before the move came (decided under the lock): end the game on time, and refuse. */
    record EndOnTime(Read read) implements Decision {
    }

    /**
     * The move is to be written under the game's lock: it ends the game or the game is due to end on
     * time (both write more than the game and its log), or it carries an {@code Idempotency-Key}.
     *
     * @param prepared what was computed without the lock, to be written as it is if the game is
     *                 unchanged; or null
     */
    record NeedsLock(PreparedMove prepared) implements Decision, Attempt, Route {
    }

    /** Another change to the game came between the read and the write; nothing was written. */
    record Overtaken() implements Attempt {
    }

    /**
     * The moves were written.
     *
     * @param outcome the answer
     * @param type    the game type, for the metrics
     * @param moves   the moves written (0 for a repeated request)
     * @param after   the game as now stored
     * @param state   its state (null for a repeated request)
     */
    record Applied(MoveOutcome outcome, String type, int moves, GameRow after, Object state) implements Attempt, Route {
    }

    /** The game has just ended on time, in this request's transaction, which commits; the move is refused. */
    record TimeExpired(Instant deadline) implements Attempt {

        /** The refusal the mover gets: {@code time-expired}, with the deadline. */
        GameException refusal() {
            return new GameException(Failure.TIME_EXPIRED, "the time for this move ran out at " + deadline
                    + "; the game ended on time", Map.of("deadline", deadline.toString()));
        }
    }

    /**
     * The move is refused, for a reason true of the game as read.
     *
     * @param reason a {@link GameException}, or the engine's {@link IllegalMove} or {@link MalformedInput}
     */
    record Refused(RuntimeException reason) implements Reading, Decision, Attempt {
    }
}
