package dev.cardtable.tournaments;

import dev.cardtable.tournaments.ArenaPairingRule.Free;
import dev.cardtable.tournaments.ArenaPairingRule.Pair;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The arena pairing rule (docs/tournaments.md, "Pairing"): neighbours in the standings, no immediate rematch while another can play. */
class ArenaPairingRuleTest {

    private static Free free(String name, int points, Integer performance) {
        return new Free(UUID.nameUUIDFromBytes(name.getBytes()), name, points, performance, null);
    }

    private static Free after(Free f, Free lastOpponent) {
        return new Free(f.player(), f.name(), f.points(), f.performance(), lastOpponent.player());
    }

    private static List<String> names(List<Pair> pairs) {
        return pairs.stream().map(p -> p.first().name() + "-" + p.second().name()).toList();
    }

    @Test
    void neighboursInTheStandingsPlayEachOther() {
        Free a = free("ann", 10, 1800), b = free("bob", 8, 1700), c = free("cat", 8, 1600), d = free("dan", 2, null);
        List<Free> shuffled = new ArrayList<>(List.of(d, b, a, c));
        assertEquals(List.of("ann-bob", "cat-dan"), names(ArenaPairingRule.pairs(shuffled)));
    }

    @Test
    void theStandingsOrderIsPointsThenPerformanceNoneLastThenName() {
        Free x = free("xavier", 4, null), y = free("yan", 4, 1200), z = free("zed", 6, 900), w = free("abe", 4, null);
        List<Free> sorted = new ArrayList<>(List.of(x, y, z, w));
        sorted.sort(ArenaPairingRule.STANDING);
        assertEquals(List.of("zed", "yan", "abe", "xavier"), sorted.stream().map(Free::name).toList());
    }

    @Test
    void noImmediateRematchWhileAnotherFreePlayerCanTakeThePlace() {
        Free a = free("ann", 10, 1800), b = free("bob", 8, 1700), c = free("cat", 6, 1600), d = free("dan", 4, 1500);
        // ann and bob just played: ann plays cat, bob plays dan.
        List<Pair> pairs = ArenaPairingRule.pairs(List.of(after(a, b), after(b, a), c, d));
        assertEquals(List.of("ann-cat", "bob-dan"), names(pairs));
        // Only one side remembering the game is enough.
        assertEquals(List.of("ann-cat", "bob-dan"), names(ArenaPairingRule.pairs(List.of(a, after(b, a), c, d))));
    }

    @Test
    void twoFreePlayersWhoJustPlayedPlayAgainRatherThanWait() {
        Free a = free("ann", 10, 1800), b = free("bob", 8, 1700);
        assertEquals(List.of("ann-bob"), names(ArenaPairingRule.pairs(List.of(after(a, b), after(b, a)))));
    }

    @Test
    void aPlayerLeftOverWaits() {
        Free a = free("ann", 10, 1800), b = free("bob", 8, 1700), c = free("cat", 6, 1600);
        assertEquals(List.of("ann-bob"), names(ArenaPairingRule.pairs(List.of(a, b, c))));
        assertEquals(List.of(), names(ArenaPairingRule.pairs(List.of(a))));
        assertEquals(List.of(), names(ArenaPairingRule.pairs(List.of())));
        // The rematch is avoided, so the one who waits is the one whose only choice was a rematch.
        assertEquals(List.of("ann-cat"), names(ArenaPairingRule.pairs(List.of(after(a, b), after(b, a), c))));
    }

    @Test
    void everyPlayerIsInAtMostOnePairWhateverTheInput() {
        Random r = new Random(7);
        for (int round = 0; round < 200; round++) {
            List<Free> players = new ArrayList<>();
            int n = r.nextInt(30);
            for (int i = 0; i < n; i++) {
                players.add(free("p" + i, r.nextInt(20), r.nextBoolean() ? null : 1000 + r.nextInt(1000)));
            }
            List<Free> withLast = new ArrayList<>();
            for (Free f : players) {
                withLast.add(n > 1 && r.nextBoolean() ? after(f, players.get(r.nextInt(n))) : f);
            }
            Collections.shuffle(withLast, r);
            List<Pair> pairs = ArenaPairingRule.pairs(withLast);
            Set<UUID> seen = new HashSet<>();
            for (Pair p : pairs) {
                assertTrue(seen.add(p.first().player()));
                assertTrue(seen.add(p.second().player()));
            }
            // Everyone but at most one is paired: a rematch is taken rather than leaving two waiting.
            assertTrue(n - seen.size() <= 1, "left over: " + (n - seen.size()));
        }
    }
}
