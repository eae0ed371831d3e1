package dev.cardtable.analysis;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The post-game analysis of a finished Scoundrel game ({@code GET /api/games/{id}/analysis}): the
 * full-information solver's judgement of every position the game passed through, and the move
 * that cost the most.
 *
 * @param gameId       the game
 * @param positions    the deal first, then the position after each move of play, in order; a
 *                     game ended by resigning, calling off or time has none after that ending
 * @param turningPoint the first move that turned a winnable game into a lost one, else the move
 *                     that lowered the best reachable score most; {@code null} when no move lowered it
 * @param analysedAt   when the analysis was computed (it is computed once and kept)
 */
public record AnalysisView(String gameId, List<Position> positions, TurningPoint turningPoint, Instant analysedAt) {

    /**
     * One position of the game.
     *
     * @param moves     moves played before it: 0 for the deal
     * @param played    the move that led here, in the move notation; {@code null} for the deal
     * @param winnable  whether the game could still be won from here; {@code null} when the solver's
     *                  budget ran out first (never seen on a surveyed deal)
     * @param bestScore the best score still reachable with perfect play (a won game scores 1 to 30,
     *                  a lost one 0 or below); {@code null} when unknown
     * @param bestMove  a move from here that reaches {@code bestScore}; {@code null} at the end of
     *                  the game or when unknown
     */
    public record Position(int moves, Map<String, Object> played, Boolean winnable, Integer bestScore,
                           Map<String, Object> bestMove) {
    }

    /**
     * The move that cost the most.
     *
     * @param move            its number: 1 for the game's first move
     * @param kind            {@code lost-the-win} (the game could be won before it and not after) or
     *                        {@code lowered-best-score}
     * @param played          the move played, in the move notation
     * @param better          a move that would have kept the best score of the position before it
     * @param bestScoreBefore the best score reachable before the move
     * @param bestScoreAfter  the best score reachable after it; {@code null} when unknown
     */
    public record TurningPoint(int move, String kind, Map<String, Object> played, Map<String, Object> better,
                               int bestScoreBefore, Integer bestScoreAfter) {
    }
}
