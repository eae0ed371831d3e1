package dev.cardtable.engine.scoundrel.solver;

import dev.cardtable.engine.scoundrel.ScoundrelMove;

/**
 * A recommended move and why ({@code GET /api/games/{id}/hint}).
 *
 * @param move    a legal move of the position the view shows
 * @param reason  a short sentence for people, e.g. "wins in 7 of 10 sampled orders of the 33 unseen cards"
 * @param wins    in how many of the sampled dungeon orders the move was found to win
 * @param samples how many dungeon orders were sampled (1 when nothing is unknown; 0 when the move
 *                was the only legal one and nothing was searched)
 */
public record Hint(ScoundrelMove move, String reason, int wins, int samples) {
}
