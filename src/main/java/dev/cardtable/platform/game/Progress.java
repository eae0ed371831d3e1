package dev.cardtable.platform.game;

import dev.cardtable.engine.Result;
import dev.cardtable.engine.Rules;
import dev.cardtable.engine.Seat;
import dev.cardtable.platform.JsonText;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A game being changed in one write transaction: its row as locked or created, its current
 * position (read from the stored state, never replayed) and the moves applied since, each with
 * the positions around it, so that the response and the log entries need no second replay.
 *
 * @param <S> the full state
 * @param <M> the moves
 * @param <V> a viewer's view
 */
public final class Progress<S, M, V> {

    /**
     * One move applied in this transaction.
     *
     * @param row    the log row to append
     * @param move   the move
     * @param before the position before it
     * @param after  the position after it
     */
    public record Step<S, M>(MoveRow row, M move, S before, S after) {
    }

    private final GameType<S, M, V> type;
    private final GameRow game;
    private final JsonText json;
    private final List<Step<S, M>> steps = new ArrayList<>();
    private S state;

    Progress(GameType<S, M, V> type, GameRow game, S state, JsonText json) {
        this.type = type;
        this.game = game;
        this.state = state;
        this.json = json;
    }

    /**
     * {@code seat} plays {@code move} at time {@code at}.
     *
     * @throws dev.cardtable.engine.IllegalMove when the rules forbid it; nothing changes then
     */
    public void play(int seat, M move, Instant at) {
        Rules<S, M, V> rules = type.rules();
        S next = rules.apply(state, Seat.of(seat), move);
        M logged = rules.canonical(state, move);
        MoveRow row = new MoveRow(version() + 1, seat, json.write(rules.writeMove(logged)), at);
        steps.add(new Step<>(row, logged, state, next));
        state = next;
    }

    /** The game type. */
    public GameType<S, M, V> type() {
        return type;
    }

    /** The game as it was before this transaction's moves. */
    public GameRow game() {
        return game;
    }

    /** The current position. */
    public S state() {
        return state;
    }

    /** Moves applied in all, this transaction's included. */
    public int version() {
        return game.version() + steps.size();
    }

    /** The moves applied in this transaction, in order. */
    public List<Step<S, M>> steps() {
        return steps;
    }

    /** The seats that may move now. */
    public List<Seat> toAct() {
        return type.rules().toAct(state);
    }

    /** The result, once the game is over. */
    public Optional<? extends Result> result() {
        return type.rules().result(state);
    }
}
