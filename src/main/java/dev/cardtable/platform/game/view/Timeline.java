package dev.cardtable.platform.game.view;

import java.util.List;
import java.util.UUID;

/**
 * A game's positions in order ({@code GET /api/games/{id}/timeline}), each projected for the
 * caller exactly as {@code states/{n}} and the move log project them.
 *
 * @param id    game id
 * @param type  game type (which game-specific shapes the items have)
 * @param items position 0 (the deal, {@code entry} null) to the last
 */
public record Timeline(UUID id, String type, List<Step> items) {

    /**
     * One position of a timeline.
     *
     * @param n      moves applied
     * @param entry  the log entry of move {@code n}, or null for the deal
     * @param toAct  seats to move there
     * @param view   the caller's view
     * @param result the result if the game was over there, else null
     */
    public record Step(int n, LogItem entry, List<Integer> toAct, Object view, GameResult result) {
    }
}
