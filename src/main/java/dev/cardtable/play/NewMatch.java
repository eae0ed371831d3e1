package dev.cardtable.play;

import dev.cardtable.platform.Published;
import dev.cardtable.platform.game.Clocks;
import dev.cardtable.platform.game.PlayerRow;

import java.util.Map;

/**
 * A game between two registered players, each in a verified seat: a challenge accepted, two
 * seeks paired.
 *
 * @param type      the game type (two-player)
 * @param ruleset   the ruleset, or null for the type's default
 * @param options   option values, or null for the defaults
 * @param clock     the clock, or null for none
 * @param rated     whether the game is rated ({@code docs/ratings.md})
 * @param first     one player (a challenger, the older seek's)
 * @param firstSeat {@code first}'s seat, 0 or 1; or null for one drawn at random
 * @param second    the other player, in the other seat, whose view of the game is the answer
 */
@Published
public record NewMatch(String type, String ruleset, Map<String, String> options, Clocks.ClockSettings clock,
                       boolean rated, PlayerRow first, Integer firstSeat, PlayerRow second) {
}
