package dev.cardtable.engine.dazzle.ai;

import dev.cardtable.engine.Player;
import dev.cardtable.engine.Rng;
import dev.cardtable.engine.dazzle.DazzleMove;
import dev.cardtable.engine.dazzle.DazzleView;

import java.util.List;

/**
 * The {@code ismcts} level ({@code dazzle.md}, "Computer opponents"): single-observer
 * information-set Monte Carlo tree search (Cowling, Powley and Whitehouse, 2012).
 *
 * <p>Each iteration samples one guess at the hidden colours that is consistent with the seat's view
 * (see {@code Determinizer}), walks one shared tree whose nodes are sequences of moves, choosing
 * among the moves legal in that guess by UCB1 with availability counts, adds one node, finishes the
 * game with a playout, and credits the result (win 1, draw ½, loss 0, plus a small share for the
 * points margin) to every node on the way. The move played is the root move visited most across all
 * guesses.
 *
 * <p>It sees only the view it is handed — it has no access to the state — and draws all randomness
 * from the given {@link Rng}, so the same view, moves and generator state give the same move.
 */
public final class IsmctsPlayer implements Player<DazzleView, DazzleMove> {

    /**
     * Iterations per decision when no budget is given. On the 2-core development machine, shared
     * with other builds, a decision takes a median of 34–38 ms (JMH, {@code DazzleBenchmarks}),
     * comfortably under 100 ms; fewer iterations play measurably worse (4000 lost 63% of decided
     * games to 12000).
     */
    public static final int DEFAULT_ITERATIONS = 10_000;

    private final int iterations;
    private final Search.Config config;

    /**
     * @param iterations search iterations per decision, at least 1
     * @throws IllegalArgumentException when {@code iterations < 1}
     */
    public IsmctsPlayer(int iterations) {
        this(iterations, Search.Config.STANDARD);
    }

    IsmctsPlayer(int iterations, Search.Config config) {
        if (iterations < 1) {
            throw new IllegalArgumentException("iterations must be at least 1: " + iterations);
        }
        this.iterations = iterations;
        this.config = config;
    }

    /** The iterations per decision. */
    public int iterations() {
        return iterations;
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
        return search(Determinizer.of(view), config, iterations, legalMoves, rng);
    }

    /** The move of {@code iterations} iterations of search over {@code determinizer}'s guesses. */
    static DazzleMove search(Determinizer determinizer, Search.Config config, int iterations,
                             List<DazzleMove> legalMoves, Rng rng) {
        int[] candidates = new int[legalMoves.size()];
        for (int i = 0; i < candidates.length; i++) {
            candidates[i] = Position.toInt(legalMoves.get(i));
        }
        int best = new Search(determinizer, config, rng).run(iterations, candidates);
        for (DazzleMove m : legalMoves) {
            if (Position.toInt(m) == best) {
                return m;
            }
        }
        throw new IllegalStateException("the search chose a move that is not legal");
    }
}
