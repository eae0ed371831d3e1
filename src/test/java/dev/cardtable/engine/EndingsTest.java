package dev.cardtable.engine;

import dev.cardtable.engine.dazzle.DazzleMove;
import dev.cardtable.engine.dazzle.DazzleResult;
import dev.cardtable.engine.dazzle.DazzleRules;
import dev.cardtable.engine.dazzle.DazzleState;
import dev.cardtable.engine.scoundrel.Card;
import dev.cardtable.engine.scoundrel.ScoundrelMove;
import dev.cardtable.engine.scoundrel.ScoundrelResult;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.ScoundrelState;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Resigning, aborting, timeouts and abandonment as moves of both games' rules. */
class EndingsTest {

    private final DazzleRules dazzle = new DazzleRules();
    private final ScoundrelRules scoundrel = new ScoundrelRules();

    private static Setup seeded(String seed) {
        return new Setup("standard", null, new Deal.Seeded(seed));
    }

    private static Map<String, Object> action(String a) {
        return new HashMap<>(Map.of("action", a));
    }

    @Test
    void aDazzleSeatMayResignOnTheOtherSeatsTurnAndTheOtherSeatWins() {
        DazzleState s = dazzle.deal(seeded("resign"));
        assertEquals(List.of(Seat.of(0)), dazzle.toAct(s));
        DazzleState ended = dazzle.apply(s, Seat.of(1), dazzle.parseMove(action("resign")));
        assertTrue(dazzle.toAct(ended).isEmpty());
        DazzleResult r = dazzle.result(ended).orElseThrow();
        assertEquals(0, r.winner());
        assertEquals("resigned", r.ending());
        assertEquals(1, r.endedBy());
        assertEquals(List.of(Outcome.WON, Outcome.LOST), r.standings().stream().map(Standing::outcome).toList());
        assertThrows(IllegalMove.class, () -> dazzle.apply(ended, Seat.of(0), dazzle.parseMove(action("resign"))));
    }

    @Test
    void anAbortIsLegalOnlyUntilBothSeatsMovedAndDecidesNothing() {
        DazzleState s = dazzle.deal(seeded("abort"));
        DazzleState aborted = dazzle.apply(s, Seat.of(1), new DazzleMove.End(Ending.Kind.ABORTED));
        DazzleResult r = dazzle.result(aborted).orElseThrow();
        assertEquals("aborted", r.ending());
        assertNull(r.endedBy());
        assertNull(r.winner());
        assertTrue(r.standings().stream().allMatch(st -> st.outcome() == null && st.score() == null));

        // After one seat's move, either seat may still call the game off.
        Seat first = dazzle.toAct(s).getFirst(), second = Seat.of(1 - first.number());
        DazzleState presented = dazzle.apply(s, first, dazzle.legalMoves(s, first).getFirst());
        for (Seat by : List.of(first, second)) {
            assertEquals("aborted", dazzle.result(dazzle.apply(presented, by, new DazzleMove.End(Ending.Kind.ABORTED)))
                    .orElseThrow().ending());
        }
        // Once both have moved, it is too late: resign instead.
        DazzleState owned = dazzle.apply(presented, second, dazzle.legalMoves(presented, second).getFirst());
        for (Seat by : List.of(first, second)) {
            IllegalMove e = assertThrows(IllegalMove.class,
                    () -> dazzle.apply(owned, by, new DazzleMove.End(Ending.Kind.ABORTED)));
            assertTrue(e.getMessage().contains("until every seat has moved"), e.getMessage());
        }
    }

    @Test
    void onlyTheSeatToActRunsOutOfTime() {
        DazzleState s = dazzle.deal(seeded("timeout"));
        assertThrows(IllegalMove.class, () -> dazzle.apply(s, Seat.of(1), dazzle.parseMove(action("timeout"))));
        DazzleResult r = dazzle.result(dazzle.apply(s, Seat.of(0), dazzle.parseMove(action("timeout")))).orElseThrow();
        assertEquals("timeout", r.ending());
        assertEquals(0, r.endedBy());
        assertEquals(1, r.winner());
        DazzleResult a = dazzle.result(dazzle.apply(s, Seat.of(0), dazzle.parseMove(action("abandon")))).orElseThrow();
        assertEquals("abandoned", a.ending());
        assertNull(a.winner());
        assertNull(a.endedBy());
    }

    @Test
    void resigningAScoundrelRunScoresItAsLost() {
        ScoundrelState s = scoundrel.deal(new Setup("standard", null, new Deal.Seeded("give-up")));
        ScoundrelMove first = scoundrel.legalMoves(s, Seat.of(0)).stream()
                .filter(m -> m instanceof ScoundrelMove.Play).findFirst().orElseThrow();
        ScoundrelState played = scoundrel.apply(s, Seat.of(0), first);
        assertThrows(IllegalMove.class, () -> scoundrel.apply(played, Seat.of(0), scoundrel.parseMove(action("abort"))));
        ScoundrelState resigned = scoundrel.apply(played, Seat.of(0), scoundrel.parseMove(action("resign")));
        int unfaced = played.dungeon().stream().filter(Card::monster).mapToInt(Card::value).sum()
                + played.room().stream().filter(Card::monster).mapToInt(Card::value).sum();
        assertEquals(new ScoundrelResult("lost", played.health() - unfaced, "resigned", 0),
                scoundrel.result(resigned).orElseThrow());
        assertEquals(new ScoundrelResult(null, null, "aborted", null),
                scoundrel.result(scoundrel.apply(s, Seat.of(0), scoundrel.parseMove(action("abort")))).orElseThrow());
        assertTrue(scoundrel.legalMoves(resigned, Seat.of(0)).isEmpty());
    }

    @Test
    void endingsRoundTripThroughJsonAndTakeNoOtherField() {
        for (Ending.Kind k : Ending.Kind.values()) {
            assertEquals(Map.of("action", k.action()), dazzle.writeMove(new DazzleMove.End(k)));
            assertEquals(new ScoundrelMove.End(k), scoundrel.parseMove(scoundrel.writeMove(new ScoundrelMove.End(k))));
        }
        Map<String, Object> extra = action("resign");
        extra.put("card", "QS");
        assertThrows(MalformedInput.class, () -> scoundrel.parseMove(extra));
        assertThrows(MalformedInput.class, () -> dazzle.parseMove(extra));
    }

    @Test
    void dazzlePlayoutsThatResignOrAbortKeepTheRulesContract() {
        RandomPlayouts.Summary summary = RandomPlayouts.of(dazzle).withEveryLegalMoveApplied(false).withEndings(10)
                .run(i -> seeded("dazzle-ending-" + i), 200, 5L);
        List<DazzleResult> results = summary.results().stream().map(r -> (DazzleResult) r).toList();
        assertTrue(results.stream().anyMatch(r -> r.ending().equals("resigned")));
        assertTrue(results.stream().anyMatch(r -> r.ending().equals("aborted")));
        assertTrue(results.stream().anyMatch(r -> r.ending().equals("completed")));
    }
}
