package dev.cardtable.history;

import java.util.List;

/**
 * A player's record per game type, over finished games.
 *
 * @param player   the name
 * @param verified true when the name is registered: only the seats its player took with the player
 *                 key are counted; false for a name nobody registered, whose every seat is counted
 * @param types    one entry per game type the player has finished a game of
 */
public record PlayerStats(String player, boolean verified, List<TypeStats> types) {

    /**
     * @param type      game type
     * @param played    finished games with an outcome (aborted and abandoned games are not played)
     * @param won       games won
     * @param lost      games lost
     * @param drawn     games drawn
     * @param abandoned games abandoned (nobody moved for {@code cardtable.sweep.abandon-after})
     * @param bestScore highest score
     * @param meanScore mean score, rounded to two decimals
     */
    public record TypeStats(String type, long played, long won, long lost, long drawn, long abandoned,
                            Integer bestScore, Double meanScore) {
    }
}
