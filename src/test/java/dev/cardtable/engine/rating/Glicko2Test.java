package dev.cardtable.engine.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Glicko-2 against Glickman's worked example and the properties the server relies on. */
class Glicko2Test {

    private final Glicko2 paper = new Glicko2(0.5, 1, 10_000);
    private final Glicko2 server = new Glicko2(0.75, 45, 350);

    @Test
    void theWorkedExampleOfThePaper() {
        Rating player = new Rating(1500, 200, 0.06);
        Rating after = paper.update(player, List.of(
                new Outcome(new Rating(1400, 30, 0.06), 1),
                new Outcome(new Rating(1550, 100, 0.06), 0),
                new Outcome(new Rating(1700, 300, 0.06), 0)), 1);
        assertEquals(1464.06, after.rating(), 0.01);
        assertEquals(151.52, after.deviation(), 0.01);
        assertEquals(0.05999, after.volatility(), 0.00001);
    }

    @Test
    void twoNewPlayersAfterOneGame() {
        Rating fresh = new Rating(1500, 350, 0.06);
        Rating winner = server.update(fresh, List.of(new Outcome(fresh, 1)), 1);
        Rating loser = server.update(fresh, List.of(new Outcome(fresh, 0)), 1);
        assertEquals(1662.21, winner.rating(), 0.01);
        assertEquals(290.23, winner.deviation(), 0.01);
        assertEquals(1337.79, loser.rating(), 0.01);
        assertEquals(290.23, loser.deviation(), 0.01);
        assertEquals(3000, winner.rating() + loser.rating(), 1e-9, "equal players move symmetrically");
    }

    /**
     * Five further cases, their values worked out separately from this class (the paper's
     * formulas step by step, in double precision), with τ 0.75, RD floor 45 and ceiling 350: a
     * draw against a stronger, more certain player and the same draw from the other side, an
     * upset win against the {@code ismcts} level's rating, a loss to the {@code random} level
     * after 0.3 periods away, and three games in one update after 2.5 periods.
     */
    @Test
    void handCheckedCases() {
        assertRating(1547.35, 179.97, server.update(new Rating(1500, 200, 0.06),
                List.of(new Outcome(new Rating(1700, 50, 0.06), 0.5)), 1));
        assertRating(1697.18, 50.76, server.update(new Rating(1700, 50, 0.06),
                List.of(new Outcome(new Rating(1500, 200, 0.06), 0.5)), 1));
        assertRating(1568.45, 117.40, server.update(new Rating(1500, 120, 0.06),
                List.of(new Outcome(new Rating(1836, 45, 0.06), 1)), 1));
        assertRating(1567.38, 79.50, server.update(new Rating(1600, 80, 0.06),
                List.of(new Outcome(new Rating(1203, 45, 0.06), 0)), 0.3));
        Rating three = server.update(new Rating(1550, 90, 0.05), List.of(
                new Outcome(new Rating(1500, 60, 0.06), 1),
                new Outcome(new Rating(1620, 70, 0.06), 0.5),
                new Outcome(new Rating(1450, 300, 0.06), 0)), 2.5);
        assertRating(1553.30, 84.44, three);
        assertEquals(0.049991, three.volatility(), 0.000001);
    }

    private static void assertRating(double rating, double deviation, Rating actual) {
        assertEquals(rating, actual.rating(), 0.01, () -> "rating of " + actual);
        assertEquals(deviation, actual.deviation(), 0.01, () -> "deviation of " + actual);
    }

    @Test
    void aDrawBetweenEqualsMovesNoRating() {
        Rating r = new Rating(1720, 80, 0.06);
        Rating after = server.update(r, List.of(new Outcome(r, 0.5)), 1);
        assertEquals(1720, after.rating(), 1e-9);
        assertTrue(after.deviation() < 80, "a game makes the rating more certain");
    }

    @Test
    void timeAwayGrowsTheDeviationByWholeOrFractionalPeriods() {
        Rating r = new Rating(1600, 100, 0.06);
        double sigma = 0.06 * Glicko2.SCALE;
        assertEquals(Math.sqrt(100 * 100 + 2.5 * sigma * sigma), server.aged(r, 2.5).deviation(), 1e-6);
        assertEquals(100, server.aged(r, 0).deviation(), 1e-9);
        assertEquals(1600, server.aged(r, 40).rating(), 1e-9, "time away changes no rating");
        assertEquals(350, server.aged(r, 1_000_000).deviation(), 1e-9, "up to the ceiling");
        assertEquals(server.aged(r, 3), server.update(r, List.of(), 3), "no game, only time");
    }

    @Test
    void moreTimeAwayMakesAResultCountMore() {
        Rating r = new Rating(1500, 60, 0.06);
        Rating opponent = new Rating(1500, 60, 0.06);
        double soon = server.update(r, List.of(new Outcome(opponent, 1)), 0.1).rating();
        double later = server.update(r, List.of(new Outcome(opponent, 1)), 20).rating();
        assertTrue(later > soon, soon + " then " + later);
    }

    @Test
    void theDeviationKeepsToItsFloor() {
        Rating r = new Rating(1500, 46, 0.03);
        Rating after = r;
        for (int i = 0; i < 200; i++) {
            after = server.update(after, List.of(new Outcome(new Rating(1500, 45, 0.06), i % 2)), 0);
        }
        assertEquals(45, after.deviation(), 1e-9);
    }

    @Test
    void theExpectedScore() {
        Rating a = new Rating(1700, 50, 0.06);
        Rating b = new Rating(1500, 50, 0.06);
        double e = Glicko2.expectedScore(a, b);
        assertTrue(e > 0.7 && e < 0.8, "about 0.76: " + e);
        assertEquals(1, e + Glicko2.expectedScore(b, a), 1e-12);
    }

    @Test
    void badArgumentsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Glicko2(0, 45, 350));
        assertThrows(IllegalArgumentException.class, () -> new Glicko2(0.5, 400, 350));
        assertThrows(IllegalArgumentException.class, () -> new Rating(1500, 0, 0.06));
        assertThrows(IllegalArgumentException.class, () -> new Rating(Double.NaN, 350, 0.06));
        assertThrows(IllegalArgumentException.class, () -> new Outcome(new Rating(1500, 350, 0.06), 0.7));
        assertThrows(IllegalArgumentException.class, () -> server.aged(new Rating(1500, 350, 0.06), -1));
        assertThrows(IllegalArgumentException.class,
                () -> server.update(new Rating(1500, 350, 0.06), List.of(), Double.POSITIVE_INFINITY));
    }
}
