package dev.cardtable.game.view;

import java.util.List;
import java.util.UUID;

/**
 * A game's positions in order ({@code GET /api/games/{id}/timeline}), each projected for the
 * caller exactly as {@code states/{n}} and the move log project them.
 *
 * @param id    game id
 * @param items position 0 (the deal, {@code move} null) to the last
 */
public record Timeline(UUID id, List<Step> items) {

    /**
     * One position of a timeline.
     *
     * @param n      moves applied
     * @param move   the log entry of move {@code n}, or null for the deal
     * @param toAct  seats to move there
     * @param view   the caller's view
     * @param result the result if the game was over there, else null
     */
    public record Step(int n, LogItem move, List<Integer> toAct, Object view, Object result) {
    }
}
