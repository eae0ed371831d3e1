package dev.cardtable.engine.dazzle.ai;

import dev.cardtable.engine.Player;
import dev.cardtable.engine.Rng;
import dev.cardtable.engine.dazzle.DazzleMove;
import dev.cardtable.engine.dazzle.DazzleView;

import java.util.List;

/**
 * The {@code heuristic} level ({@code dazzle.md}, "Computer opponents"): keeps or builds leads in
 * colours with big pots, owns cards of colours it is losing rather than feed the rival's pot, and
 * presents the pair whose best split is worth least to the receiver. It looks one choice ahead
 * with a table score (see the package's {@code Heuristic}); it needs only its own hand and the
 * table from the view. Ties between equally good moves are broken with {@code rng}.
 */
public final class HeuristicPlayer implements Player<DazzleView, DazzleMove> {

    private final Heuristic heuristic;

    /** The standard heuristic. */
    public HeuristicPlayer() {
        this(Heuristic.STANDARD);
    }

    HeuristicPlayer(Heuristic heuristic) {
        this.heuristic = heuristic;
    }

    /**
     * @param view       the view of the seat to act
     * @param legalMoves its legal moves
     * @return an element of {@code legalMoves}
     */
    @Override
    public DazzleMove choose(DazzleView view, List<DazzleMove> legalMoves, Rng rng) {
        if (legalMoves.size() == 1) {
            return legalMoves.getFirst();
        }
        Position p = Determinizer.of(view).base;
        int m = heuristic.choose(p, new int[Position.MOVES], rng);
        DazzleMove move = Position.toMove(m);
        // The position holds the seat's own hand exactly, so its moves are the legal ones.
        return legalMoves.contains(move) ? move : legalMoves.getFirst();
    }
}
