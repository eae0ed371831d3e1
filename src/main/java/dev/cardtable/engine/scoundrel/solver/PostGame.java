package dev.cardtable.engine.scoundrel.solver;

import dev.cardtable.engine.scoundrel.ScoundrelMove;
import dev.cardtable.engine.scoundrel.ScoundrelState;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * Post-game analysis of a Scoundrel game: once the game is over its dungeon order is public, so
 * the full-information {@link ScoundrelSolver} judges every position it passed through — whether
 * it could still be won and the best score still reachable ({@code scoundrel.md}, "Score") — and
 * names the move that cost the most: the first that turned a winnable game into a lost one, or,
 * failing that, the one that lowered the best reachable score most (the first of equals), with a
 * move that would have kept it.
 *
 * <p>Stateless and thread-safe. The positions are solved with one shared transposition table
 * ({@link ScoundrelSolver#solveAll}), last first.
 */
public final class PostGame {

    /** Positions the solver may search per position; ample for every deal surveyed. */
    public static final long NODES = Budget.DEFAULT_NODES;

    private final ScoundrelSolver solver = new ScoundrelSolver();

    /**
     * What the solver found for one position of the game.
     *
     * @param verdict   whether the game could still be won from here
     * @param bestScore the best score still reachable, or empty when the budget ran out first
     * @param bestMove  a move from here that reaches {@code bestScore}; empty at the end of the game
     *                  or when the budget ran out
     */
    public record Judgement(Verdict verdict, OptionalInt bestScore, java.util.Optional<ScoundrelMove> bestMove) {
    }

    /**
     * The move that cost the most.
     *
     * @param move      its number, 1 for the game's first move
     * @param lostTheWin true when the position before it could be won and the one after it could not;
     *                   false when it lowered the best reachable score most
     * @param played    the move played
     * @param better    a move that would have kept the best score of the position before it
     */
    public record TurningPoint(int move, boolean lostTheWin, ScoundrelMove played, ScoundrelMove better) {
    }

    /**
     * The analysis.
     *
     * @param positions one judgement per position: the deal first, then the position after each move
     * @param turningPoint the move that cost the most, or {@code null} when no move lowered the best
     *                     reachable score (or the budget left it unknown)
     */
    public record Analysis(List<Judgement> positions, TurningPoint turningPoint) {
    }

    /**
     * Analyses a game.
     *
     * @param positions the positions of the game in order, the deal first: one more than {@code moves}
     * @param moves     the moves played, move {@code i} (0-based) leading from position {@code i} to
     *                  {@code i + 1}
     * @throws IllegalArgumentException when the counts do not fit
     */
    public Analysis analyse(List<ScoundrelState> positions, List<ScoundrelMove> moves) {
        if (positions.size() != moves.size() + 1) {
            throw new IllegalArgumentException("a game of " + moves.size() + " moves has " + (moves.size() + 1)
                    + " positions, not " + positions.size());
        }
        List<Judgement> judged = new ArrayList<>(positions.size());
        for (Solution sol : solver.solveAll(positions, Budget.nodes(NODES))) {
            judged.add(new Judgement(sol.verdict(), sol.bestScore(),
                    sol.bestScore().isPresent() && !sol.line().isEmpty() ? java.util.Optional.of(sol.line().getFirst())
                            : java.util.Optional.empty()));
        }
        return new Analysis(judged, turningPoint(judged, moves));
    }

    private static TurningPoint turningPoint(List<Judgement> judged, List<ScoundrelMove> moves) {
        int worst = -1;
        int worstDrop = 0;
        for (int i = 0; i < moves.size(); i++) {
            Judgement before = judged.get(i);
            Judgement after = judged.get(i + 1);
            if (before.verdict() == Verdict.WINNABLE && after.verdict() == Verdict.UNWINNABLE
                    && before.bestMove().isPresent()) {
                return new TurningPoint(i + 1, true, moves.get(i), before.bestMove().get());
            }
            if (before.bestScore().isPresent() && after.bestScore().isPresent() && before.bestMove().isPresent()) {
                int drop = before.bestScore().getAsInt() - after.bestScore().getAsInt();
                if (drop > worstDrop) {
                    worst = i;
                    worstDrop = drop;
                }
            }
        }
        return worst < 0 ? null
                : new TurningPoint(worst + 1, false, moves.get(worst), judged.get(worst).bestMove().get());
    }
}
