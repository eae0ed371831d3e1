package dev.cardtable.play;

import dev.cardtable.engine.GameInfo;
import dev.cardtable.engine.Options;
import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.Published;
import dev.cardtable.platform.game.Clocks;
import dev.cardtable.platform.game.GameType;
import dev.cardtable.platform.game.Seating;

import java.util.List;
import java.util.Map;

/**
 * What a game is asked for, checked alike wherever one is asked for: {@code POST /api/games}, a
 * challenge, a seek ({@code docs/api.md}, "Creating a game").
 *
 * @param type    the game type
 * @param ruleset the ruleset asked for, or the type's default
 * @param options the ruleset's options, each asked for or its default
 * @param clock   the clock, checked, or null for none
 * @param rated   whether the game is rated
 */
@Published
public record GameAsk(GameType<?, ?, ?> type, GameInfo.RulesetInfo ruleset, Options options,
                      Clocks.ClockSettings clock, boolean rated) {

    /**
     * Checks what is asked for, in this order: the seats, the ruleset and options, the clock, and
     * that a rated game's type is rated.
     *
     * @param seats the seat list asked for (one entry per seat of the type); or null for a game
     *              between two players, one seat each (a challenge or a seek), of a two-player type
     * @throws GameException {@code two-player-game-type} (null {@code seats}); {@code malformed-request}
     *                       for an unknown ruleset or option, a seat list of another length, a bad
     *                       clock; {@code rated-game-type}
     */
    public static GameAsk checked(GameType<?, ?, ?> type, String ruleset, Map<String, String> options,
                                  List<Seating.SeatSpec> seats, Clocks.ClockSettings clock, boolean rated) {
        GameInfo info = type.info();
        if (seats == null && info.seats() != 2) {
            throw new GameException(Failure.TWO_PLAYER_GAME_TYPE, type.name() + " is not a two-player game: challenges"
                    + " and seeks are for two-player game types");
        }
        GameInfo.RulesetInfo r = ruleset == null ? info.defaultRuleset() : info.ruleset(ruleset);
        Options o = r.resolve(options == null ? Map.of() : options);
        if (seats != null && seats.size() != info.seats()) {
            throw GameException.malformed(info.type() + " takes exactly " + info.seats() + " seat(s) in 'seats'");
        }
        Clocks.ClockSettings c = clock == null ? null : clock.checked();
        if (rated) {
            requireRated(type);
        }
        return new GameAsk(type, r, o, c, rated);
    }

    /**
     * Refuses a rated game of a type that is not rated.
     *
     * @throws GameException {@code rated-game-type}
     */
    static void requireRated(GameType<?, ?, ?> type) {
        if (!type.offers(GameType.Ability.RATED)) {
            throw new GameException(Failure.RATED_GAME_TYPE, type.name() + " games are not rated; rated games are "
                    + "Dazzle and Scoundrel games");
        }
    }
}
