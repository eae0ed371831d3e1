package dev.cardtable.pairing;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The pairing rule (docs/api.md, "Quick pairing"): oldest first, windows that widen with waiting, explicit ranges hard. */
class PairingRuleTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private final PairingRule rule = new PairingRule(100, 20, 600);

    private static PairingRule.Candidate seek(String perf, double rating, Integer min, Integer max, int secondsAgo) {
        return new PairingRule.Candidate(UUID.randomUUID(), UUID.randomUUID(), perf, rating, min, max,
                T0.minusSeconds(secondsAgo));
    }

    @Test
    void theWindowWidensWithWaitingUpToItsMost() {
        assertEquals(100, rule.window(Duration.ZERO));
        assertEquals(100, rule.window(Duration.ofMillis(999)));
        assertEquals(300, rule.window(Duration.ofSeconds(10)));
        assertEquals(600, rule.window(Duration.ofMinutes(5)));
        PairingRule.Candidate fresh = seek("d", 1500, null, null, 0);
        assertTrue(rule.admits(fresh, 1600, T0));
        assertFalse(rule.admits(fresh, 1601, T0));
        PairingRule.Candidate waited = seek("d", 1500, null, null, 10);
        assertTrue(rule.admits(waited, 1800, T0));
        // An explicit range is hard, whatever the wait.
        PairingRule.Candidate ranged = seek("d", 1500, 1400, 1450, 600);
        assertFalse(rule.admits(ranged, 1500, T0));
        assertTrue(rule.admits(ranged, 1450, T0));
    }

    @Test
    void bothWindowsMustAdmitAndTheOldestIsPairedFirst() {
        PairingRule.Candidate oldest = seek("d", 1500, null, null, 30);
        PairingRule.Candidate middle = seek("d", 1550, null, null, 20);
        PairingRule.Candidate newest = seek("d", 1520, null, null, 0);
        List<PairingRule.Pair> pairs = rule.pairs(List.of(newest, middle, oldest), T0);
        assertEquals(1, pairs.size());
        assertEquals(oldest.id(), pairs.get(0).older().id());
        assertEquals(middle.id(), pairs.get(0).newer().id());
        // A fresh seek far away is admitted by the old seek's wide window but not by its own.
        PairingRule.Candidate far = seek("d", 1850, null, null, 0);
        assertFalse(rule.compatible(oldest, far, T0));
        assertTrue(rule.compatible(oldest, seek("d", 1850, null, null, 20), T0));
    }

    @Test
    void onlySameAskAndTwoPlayersPair() {
        PairingRule.Candidate a = seek("dazzle/standard/null/true", 1500, null, null, 5);
        PairingRule.Candidate b = seek("dazzle/standard/null/false", 1500, null, null, 5);
        assertFalse(rule.compatible(a, b, T0));
        PairingRule.Candidate self = new PairingRule.Candidate(UUID.randomUUID(), a.player(), a.perf(), 1500, null, null, T0);
        assertFalse(rule.compatible(a, self, T0));
        assertEquals(List.of(), rule.pairs(List.of(a, b, self), T0));
    }
}
