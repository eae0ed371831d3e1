package dev.cardtable.lobby;

import dev.cardtable.platform.game.Clocks;
import dev.cardtable.platform.game.RatingRange;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A page of the lobby: games waiting for players, newest first.
 *
 * @param items      the games
 * @param nextCursor pass as {@code cursor} for the next page; null on the last page
 */
public record LobbyPage(List<LobbyItem> items, String nextCursor) {

    /**
     * One waiting game.
     *
     * @param id        the game
     * @param type      its type
     * @param ruleset   its ruleset
     * @param openSeats the seats anyone may take ({@code POST /api/games/{id}/seats/{seat}})
     * @param waiting   the names of the players seated and waiting, in seat order
     * @param since     when the game was created
     * @param clock     the clock settings, or null for none
     * @param rated     whether the game is rated ({@code docs/ratings.md})
     * @param ratings   the rating of each player in {@code waiting}, in the same order: in a rated
     *                  game its rating for the game's perf in whole points, else null
     * @param ratingRange the ratings the game admits to its open seat, or null for any
     *                    ({@code docs/ratings.md}, "Rating ranges")
     */
    public record LobbyItem(UUID id, String type, String ruleset, List<Integer> openSeats, List<String> waiting,
                       Instant since, Clocks.ClockSettings clock, boolean rated, List<Long> ratings,
                            RatingRange ratingRange) {
    }
}
