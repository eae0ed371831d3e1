package dev.cardtable.engine.scoundrel.solver;

import java.util.OptionalInt;

/**
 * How hard a deal is, with the whole dungeon order known ({@link ScoundrelSolver#difficulty}).
 *
 * @param verdict           whether the deal can be won
 * @param bestScore         the best score reachable with perfect play ({@code scoundrel.md},
 *                          "Score": 1 to 30 for a win); empty when the budget ran out first
 * @param firstMoves        how many legal first moves the deal offers (each room card's moves, and
 *                          avoiding the room)
 * @param winningFirstMoves how many of them keep the game winnable; empty when the budget ran out
 *                          before every one was decided
 * @param nodes             positions the searches expanded in all
 */
public record Difficulty(Verdict verdict, OptionalInt bestScore, int firstMoves, OptionalInt winningFirstMoves, long nodes) {
}
