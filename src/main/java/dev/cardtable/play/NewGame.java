package dev.cardtable.play;

import dev.cardtable.platform.Published;
import dev.cardtable.platform.game.Clocks;
import dev.cardtable.platform.game.PlayerRow;
import dev.cardtable.platform.game.RatingRange;
import dev.cardtable.platform.game.Seating;

import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * What a creator asks for. Null fields take their defaults.
 *
 * @param type    the game type (required)
 * @param ruleset the ruleset, or null for the type's default
 * @param seed    the seed, or null for a secret server seed
 * @param options option values, or null for the defaults
 * @param deal    a custom deal (a JSON tree or plain lists, maps and strings), or null
 * @param seats     one entry per seat
 * @param clock     the clock, or null for none
 * @param rematchOf the finished game this one is a rematch of, or null
 * @param certified whether to deal from a secret seed the solver proved winnable (Scoundrel only)
 * @param player    the registered player the request speaks for (by its key, or by the verified
 *                  seat a rematch comes from), whose seat is verified; or null
 * @param rated     whether the game is rated ({@code docs/ratings.md})
 * @param ratingRange the ratings a rated game admits to its open seat, or null for any
 *                    ({@code docs/ratings.md}, "Rating ranges")
 */
@Published
public record NewGame(String type, String ruleset, String seed, Map<String, String> options, Object deal,
                      List<Seating.SeatSpec> seats, Clocks.ClockSettings clock, UUID rematchOf,
                      boolean certified, PlayerRow player, boolean rated, RatingRange ratingRange) {

    /** A game without a rating range. */
    public NewGame(String type, String ruleset, String seed, Map<String, String> options, Object deal,
                   List<Seating.SeatSpec> seats, Clocks.ClockSettings clock, UUID rematchOf,
                   boolean certified, PlayerRow player, boolean rated) {
        this(type, ruleset, seed, options, deal, seats, clock, rematchOf, certified, player, rated, null);
    }

    /** An unrated game. */
    public NewGame(String type, String ruleset, String seed, Map<String, String> options, Object deal,
                   List<Seating.SeatSpec> seats, Clocks.ClockSettings clock, UUID rematchOf,
                   boolean certified, PlayerRow player) {
        this(type, ruleset, seed, options, deal, seats, clock, rematchOf, certified, player, false);
    }

    /** An uncertified game that no registered player speaks for. */
    public NewGame(String type, String ruleset, String seed, Map<String, String> options, Object deal,
                   List<Seating.SeatSpec> seats, Clocks.ClockSettings clock, UUID rematchOf) {
        this(type, ruleset, seed, options, deal, seats, clock, rematchOf, false, null);
    }

    NewGame withPlayer(PlayerRow p) {
        return new NewGame(type, ruleset, seed, options, deal, seats, clock, rematchOf, certified, p, rated, ratingRange);
    }
}
