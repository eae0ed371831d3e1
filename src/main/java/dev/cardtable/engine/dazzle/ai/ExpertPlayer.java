package dev.cardtable.engine.dazzle.ai;

import dev.cardtable.engine.Player;
import dev.cardtable.engine.Rng;
import dev.cardtable.engine.dazzle.DazzleMove;
import dev.cardtable.engine.dazzle.DazzleView;

import java.util.List;

/**
 * An experimental stronger Dazzle opponent, not (yet) offered as a level: the {@code ismcts} search
 * (single-observer information-set MCTS, Cowling, Powley and Whitehouse, 2012; see
 * {@link IsmctsPlayer}) whose tree considers at each presenting node only the presentations the
 * {@link Heuristic} ranks best (pruning by a heuristic, Browne et al. 2012, "A survey of MCTS
 * methods", section 5.3), with further knobs in {@link Search.Config}: heuristic-guided playouts and
 * a heuristic leaf evaluation mixed into the reward.
 *
 * <p>None of the variants measured so far beats {@code ismcts} clearly ({@code docs/benchmarks.md},
 * "An expert level: experiments"), so it is reachable from the test tools only.
 *
 * <p>It sees only the view it is handed — it has no access to the state — and draws all randomness
 * from the given {@link Rng}, so the same view, moves and generator state give the same move.
 */
final class ExpertPlayer implements Player<DazzleView, DazzleMove> {

    /** Iterations per decision when no budget is given. */
    static final int DEFAULT_ITERATIONS = 10_000;

    static final Search.Config CONFIG = new Search.Config(0.7, 0.1, 0, Heuristic.STANDARD, 0, 0, 8, 0, 1);

    private final int iterations;
    private final Search.Config config;

    /**
     * @param iterations search iterations per decision, at least 1
     * @throws IllegalArgumentException when {@code iterations < 1}
     */
    ExpertPlayer(int iterations) {
        this(iterations, CONFIG);
    }

    ExpertPlayer(int iterations, Search.Config config) {
        if (iterations < 1) {
            throw new IllegalArgumentException("iterations must be at least 1: " + iterations);
        }
        this.iterations = iterations;
        this.config = config;
    }

    /** The iterations per decision. */
    int iterations() {
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
        return IsmctsPlayer.search(Determinizer.of(view), config, iterations, legalMoves, rng);
    }
}
