package dev.cardtable.engine.dazzle.ai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardtable.engine.dazzle.ai.LevelRatings.Fitted;
import dev.cardtable.engine.dazzle.ai.LevelRatings.Pairing;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The levels' maximum-likelihood fit recovers known ratings and widens with fewer games. */
class LevelRatingsTest {

    /** Scores exactly as expected between ratings 1000, 1500 and 1900 are fitted back to them. */
    @Test
    void expectedScoresAreFittedBackToTheirRatings() {
        List<Pairing> pairings = List.of(
                exact("random", 1000, "heuristic", 1500, 10_000),
                exact("heuristic", 1500, "ismcts", 1900, 10_000),
                exact("random", 1000, "ismcts", 1900, 10_000));
        List<Fitted> fitted = LevelRatings.fit(pairings, "heuristic", 1500);
        assertEquals(1000, rating(fitted, "random"), 0.5);
        assertEquals(1500, rating(fitted, "heuristic"), 1e-9);
        assertEquals(1900, rating(fitted, "ismcts"), 0.5);
        assertEquals(0, fitted.get(1).halfWidth(), "the anchor has no interval");
    }

    @Test
    void aDrawIsHalfAPointAndFewerGamesWidenTheInterval() {
        Fitted many = LevelRatings.fit(List.of(new Pairing("a", "b", 0, 0, 4000)), "b", 1500).get(0);
        Fitted few = LevelRatings.fit(List.of(new Pairing("a", "b", 30, 30, 40)), "b", 1500).get(0);
        assertEquals(1500, many.rating(), 1e-6);
        assertEquals(1500, few.rating(), 1e-6);
        assertTrue(few.halfWidth() > 5 * many.halfWidth(), few + " against " + many);
        // 100 games at an expected score of 1/2: SE = 1 / (k * sqrt(100 / 4)), k = ln 10 / 400.
        assertEquals(1.96 / (Math.log(10) / 400 * 5), few.halfWidth(), 1e-6);
    }

    @Test
    void aLevelThatWonEveryGameHasNoFiniteRating() {
        assertThrows(IllegalArgumentException.class,
                () -> LevelRatings.fit(List.of(new Pairing("a", "b", 50, 0, 0)), "b", 1500));
        assertThrows(IllegalArgumentException.class,
                () -> LevelRatings.fit(List.of(new Pairing("a", "b", 5, 5, 0)), "c", 1500));
    }

    private static Pairing exact(String a, double ra, String b, double rb, int games) {
        double e = 1 / (1 + Math.pow(10, (rb - ra) / 400));
        int wins = (int) Math.round(e * games);
        return new Pairing(a, b, wins, games - wins, 0);
    }

    private static double rating(List<Fitted> fitted, String level) {
        return fitted.stream().filter(f -> f.level().equals(level)).findFirst().orElseThrow().rating();
    }
}
