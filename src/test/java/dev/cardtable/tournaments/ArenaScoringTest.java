package dev.cardtable.tournaments;

import dev.cardtable.tournaments.ArenaScoring.Game;
import dev.cardtable.tournaments.ArenaScoring.Result;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The arena scoring rules (docs/tournaments.md, "Scoring"), as a table: a player's games in the
 * order they ended (W won, D drawn, L lost, A aborted before its first move), the points each
 * counted game scored, the total and the streak after them.
 */
class ArenaScoringTest {

    static Stream<Arguments> table() {
        return Stream.of(
                // results, points per counted game, total, streak after
                Arguments.of("no game", "", "", 0, 0),
                Arguments.of("a win scores 2", "W", "2", 2, 1),
                Arguments.of("a draw scores 1", "D", "1", 1, 0),
                Arguments.of("a loss scores 0", "L", "0", 0, 0),
                Arguments.of("two wins are not yet a streak", "WW", "2 2", 4, 2),
                Arguments.of("the third win in a row doubles", "WWW", "2 2 4", 8, 3),
                Arguments.of("every win on a streak doubles", "WWWWW", "2 2 4 4 4", 16, 5),
                Arguments.of("a draw on a streak scores 2 and ends it", "WWWDW", "2 2 4 2 2", 12, 1),
                Arguments.of("a loss on a streak scores 0 and ends it", "WWWLWW", "2 2 4 0 2 2", 12, 2),
                Arguments.of("a draw after one win is 1 and ends the run", "WDWW", "2 1 2 2", 7, 2),
                Arguments.of("a loss breaks a run before the streak", "WLWWW", "2 0 2 2 4", 10, 3),
                Arguments.of("draws never make a streak", "DDD", "1 1 1", 3, 0),
                Arguments.of("an aborted game counts nothing and breaks nothing", "WWAW", "2 2 4", 8, 3),
                Arguments.of("aborted games alone count nothing", "AA", "", 0, 0),
                Arguments.of("a streak resumes after a loss with two new wins", "WWWLWWW", "2 2 4 0 2 2 4", 16, 3));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void scoresByTheArenaRules(String rule, String games, String perGame, int total, int streak) {
        List<Game> list = new ArrayList<>();
        for (char c : games.toCharArray()) {
            list.add(new Game(switch (c) {
                case 'W' -> Result.WON;
                case 'D' -> Result.DRAWN;
                case 'L' -> Result.LOST;
                default -> null;
            }, 1500));
        }
        List<ArenaScoring.Counted> counted = ArenaScoring.countAll(list);
        String points = String.join(" ", counted.stream().map(c -> Integer.toString(c.points())).toList());
        assertEquals(perGame, points, rule);
        ArenaScoring.Entry e = ArenaScoring.total(list);
        assertEquals(total, e.points(), rule);
        assertEquals(streak, e.streak(), rule);
        assertEquals(counted.size(), e.games(), rule);
        assertEquals(e.games(), e.wins() + e.draws() + e.losses(), rule);
        assertEquals(streak >= 2, e.onStreak(), rule);
    }

    @Test
    void lateGamesAndAPausedPlayersGamesCountAsAnyOther() {
        // Scoring knows no clock and no pause: a game that ended after the arena's end, or one a
        // withdrawn player played out, is counted in the order it ended, as any other.
        List<Game> inTime = List.of(new Game(Result.WON, 1500), new Game(Result.WON, 1500));
        ArenaScoring.Entry before = ArenaScoring.total(inTime);
        ArenaScoring.Counted late = ArenaScoring.count(before, Result.WON, 1500);
        assertEquals(4, late.points());
        assertEquals(8, late.after().points());
    }

    @Test
    void performanceIsTheMeanOpponentRatingPlusOrMinus500() {
        assertNull(ArenaScoring.Entry.NONE.performance());
        ArenaScoring.Entry e = ArenaScoring.total(List.of(new Game(Result.WON, 1600), new Game(Result.LOST, 1400),
                new Game(Result.DRAWN, 1501)));
        // (2100 + 900 + 1501) / 3 = 1500.33
        assertEquals(1500, e.performance());
        assertEquals(1, e.wins());
        assertEquals(1, e.draws());
        assertEquals(1, e.losses());
        // Rounded half up; an aborted game is not in the mean.
        ArenaScoring.Entry two = ArenaScoring.total(List.of(new Game(Result.WON, 1500), new Game(null, 3000),
                new Game(Result.DRAWN, 1500)));
        assertEquals(1750, two.performance());
        assertEquals(2, two.games());
    }

    @Test
    void theWordsOfTheResults() {
        assertEquals(Result.WON, Result.of("won"));
        assertEquals(Result.DRAWN, Result.of("drawn"));
        assertEquals(Result.LOST, Result.of("lost"));
        assertNull(Result.of("abandoned"));
        assertNull(Result.of(null));
        assertTrue(new ArenaScoring.Entry(0, 2, 2, 0, 0, 2, 0).onStreak());
        assertFalse(new ArenaScoring.Entry(0, 1, 1, 0, 0, 1, 0).onStreak());
    }
}
