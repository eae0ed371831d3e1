package dev.cardtable.engine.scoundrel.solver;

import dev.cardtable.engine.Seat;
import dev.cardtable.engine.scoundrel.ScoundrelMove;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.ScoundrelState;

/**
 * The best score from a position by plain exhaustive search over {@link ScoundrelRules}: every
 * legal move, every line, no table, no pruning. Exponential; for short dungeons only.
 */
final class BruteForce {

    private static final ScoundrelRules RULES = new ScoundrelRules();
    private static final Seat PLAYER = Seat.of(0);

    private BruteForce() {
    }

    static int bestScore(ScoundrelState state) {
        if (ScoundrelRules.over(state)) {
            return RULES.result(state).orElseThrow().score();
        }
        int best = Integer.MIN_VALUE;
        for (ScoundrelMove m : RULES.legalMoves(state, PLAYER)) {
            best = Math.max(best, bestScore(RULES.apply(state, PLAYER, m)));
        }
        return best;
    }
}
