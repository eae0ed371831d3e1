package dev.cardtable.engine.scoundrel.solver;

import dev.cardtable.engine.scoundrel.ScoundrelMove;

import java.util.List;
import java.util.OptionalInt;

/**
 * What a {@link ScoundrelSolver} found for one position.
 *
 * <p>The solver first decides the verdict, then looks for the best score with what is left of
 * its budget; so a verdict may come without a proven best score.
 *
 * @param verdict   whether the position can be won
 * @param bestScore the best score reachable with perfect play ({@code scoundrel.md}, "Score"):
 *                  a won game scores 1 to 30, a lost one 0 or below. Empty when the budget ran
 *                  out before it was proven (always for {@link Verdict#UNKNOWN})
 * @param line      moves from the given position to the end of the game, replayed through
 *                  {@code ScoundrelRules}: with a best score, a line that reaches it (for
 *                  {@link Verdict#WINNABLE} a winning line, the proof; for
 *                  {@link Verdict#UNWINNABLE} the least bad losing line); without one, a
 *                  winning line for {@link Verdict#WINNABLE} and empty otherwise
 * @param nodes     how many positions the search expanded
 */
public record Solution(Verdict verdict, OptionalInt bestScore, List<ScoundrelMove> line, long nodes) {

    public Solution {
        line = List.copyOf(line);
        if (verdict == Verdict.UNKNOWN && bestScore.isPresent()) {
            throw new IllegalArgumentException("a best score proves a verdict");
        }
    }

    /** True for {@link Verdict#WINNABLE}. */
    public boolean winnable() {
        return verdict == Verdict.WINNABLE;
    }
}
