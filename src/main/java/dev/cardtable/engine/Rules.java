package dev.cardtable.engine;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One game's rules as pure functions, in the spirit of OpenSpiel's {@code Game}/{@code State}.
 * Implementations are stateless and thread-safe; states, moves and views are immutable records.
 *
 * @param <S> the full state, hidden information included: never leaves the server
 * @param <M> the game's moves, a sealed interface
 * @param <V> what one {@link Viewer} may see of a state
 */
public interface Rules<S, M, V> {

    /**
     * The type, its seat count, rulesets and options. The rules know none of the game's computer
     * opponents (see {@link Opponents}), so {@link GameInfo#aiLevels()} is empty here.
     */
    GameInfo info();

    /**
     * The class of the full state: a record that the service stores as JSON via its record
     * components and reads back. It must round-trip exactly: reading back the stored form of a
     * state gives a state equal to it.
     */
    Class<S> stateType();

    /**
     * The state after the deal (move 0).
     *
     * @throws MalformedInput when a custom deal is not exactly the ruleset's cards
     */
    S deal(Setup setup);

    /** The seats that may move now, ascending; empty once the game is over. */
    List<Seat> toAct(S state);

    /** Every legal move of {@code seat}, in a deterministic order; empty when it may not act. */
    List<M> legalMoves(S state, Seat seat);

    /**
     * The state after {@code seat} plays {@code move}.
     *
     * @throws IllegalMove when the game is over, it is not {@code seat}'s turn, or the rules
     *                     forbid the move; the message names the rule
     */
    S apply(S state, Seat seat, M move);

    /**
     * What {@code viewer} may see of {@code state}: the one place where hidden information is
     * removed. Every payload sent to a client is built from a view. {@link #projectMove} is the
     * other half of the projection: what the viewer may see of each move.
     */
    V view(S state, Viewer viewer);

    /** The result once the game is over, else empty. */
    Optional<? extends Result> result(S state);

    /**
     * Reads a move from its JSON form ({@code {"action":…, …}}) as plain maps, lists, strings,
     * numbers and booleans.
     *
     * @throws MalformedInput for an unknown action, an unknown card code or a wrong shape
     */
    M parseMove(Map<String, ?> json);

    /** The JSON form of {@code move} (the inverse of {@link #parseMove(Map)}). */
    Map<String, Object> writeMove(M move);

    /**
     * Reads a custom deal from its JSON form (see {@code docs/api.md}, "Creating a game").
     *
     * @throws MalformedInput when the shape is wrong or a card code is unknown
     */
    Deal.Custom parseDeal(Object json);

    /**
     * The cards a move made seats draw, as a move log entry shows them to its viewer (for example
     * the cards drawn into a Scoundrel room), computed from the viewer's views before and after the
     * move so that it can show nothing the views do not: one item per seat that drew, in seat
     * order; empty when nothing was drawn. {@link #projectMove} is the other half of the
     * projection: the move itself as the viewer may see it.
     */
    List<Drawn> drawn(V before, V after, M move);

    /**
     * The one form a move is logged in: where the rules accept two spellings of one move at
     * {@code state} (the same play either way), the spelling {@link #legalMoves} lists. Identity by
     * default. The log, records and duplicate fingerprints keep this form, so one game has one log.
     *
     * @param state the position the move is played in, before it
     */
    default M canonical(S state, M move) {
        return move;
    }

    /**
     * The move as {@code viewer} may see it in a log entry, event or record: identity by default;
     * a game whose moves could hide information (e.g. a face-down card) overrides it.
     * {@code mover} is the seat that played it. {@link #view} and {@link #revealed} are the other
     * halves of the projection.
     */
    default M projectMove(M move, Seat mover, Viewer viewer) {
        return move;
    }

    /** The state after applying {@code plays} in order to {@code state}. */
    default S applyAll(S state, List<Play<M>> plays) {
        S s = state;
        for (Play<M> p : plays) {
            s = apply(s, p.seat(), p.move());
        }
        return s;
    }

    /**
     * One applied move: who played what.
     *
     * @param seat the mover
     * @param move the move
     */
    record Play<M>(Seat seat, M move) {
    }

    /**
     * Replays a game: the deal of {@code setup}, then every play in order.
     *
     * @throws IllegalMove at the first play that is not legal
     */
    default S replay(Setup setup, List<Play<M>> plays) {
        return applyAll(deal(setup), plays);
    }
}
