package dev.cardtable.hints;

import java.util.Map;

/**
 * A recommended move for the caller's seat ({@code GET /api/games/{id}/hint}), computed from that
 * seat's view only.
 *
 * @param move    a legal move in the move notation, e.g. {@code {"action":"play","card":"5D"}}
 * @param reason  a short sentence for people, e.g. "wins in 7 of 10 sampled orders of the 33
 *                unseen cards"
 * @param wins    in how many sampled dungeon orders the move was found to win
 * @param samples how many orders of the unseen cards were sampled: 10, or 1 when at most one
 *                card is unseen (the search is then exact), or 0 when the move was the only legal one
 */
public record HintView(Map<String, Object> move, String reason, int wins, int samples) {
}
