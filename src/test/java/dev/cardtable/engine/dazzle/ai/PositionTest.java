package dev.cardtable.engine.dazzle.ai;

import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Viewer;
import dev.cardtable.engine.dazzle.DazzleMove;
import dev.cardtable.engine.dazzle.DazzleResult;
import dev.cardtable.engine.dazzle.DazzleRules;
import dev.cardtable.engine.dazzle.DazzleState;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The search's compact model plays by the same rules as {@link DazzleRules}. */
class PositionTest {

    private final DazzleRules rules = new DazzleRules();

    @Test
    void theCompactModelAgreesWithTheRulesOverRandomGames() {
        Rng rng = new Rng(99L);
        int[] buf = new int[Position.MOVES];
        for (int g = 0; g < 300; g++) {
            DazzleState s = rules.deal(Match.setup("model-" + g));
            Position p = exact(s);
            while (!s.over()) {
                assertSamePosition(exact(s), p);
                Seat seat = rules.toAct(s).getFirst();
                assertEquals(seat.number(), p.mover());
                List<DazzleMove> legal = rules.legalMoves(s, seat);
                int n = p.legalMoves(buf);
                List<DazzleMove> modelLegal = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    modelLegal.add(Position.toMove(buf[i]));
                    assertEquals(buf[i], Position.toInt(Position.toMove(buf[i])));
                }
                assertEquals(legal, modelLegal, "same legal moves in the same order");
                DazzleMove m = legal.get(rng.below(legal.size()));
                s = rules.apply(s, seat, m);
                p.apply(Position.toInt(m));
            }
            assertTrue(p.over());
            DazzleResult r = rules.result(s).orElseThrow();
            assertEquals(r.scores(), List.of(p.score(0), p.score(1)));
        }
    }

    /** The position of a state, read through the view that shows every card. */
    private Position exact(DazzleState s) {
        Position p = new Position();
        Determinizer.of(rules.view(s, Viewer.omniscient())).sample(new Rng(0), p);
        return p;
    }

    private static void assertSamePosition(Position expected, Position actual) {
        for (int s = 0; s < 2; s++) {
            assertArrayEquals(expected.hand[s], actual.hand[s]);
            assertArrayEquals(expected.claim[s], actual.claim[s]);
            int[] ed = Arrays.copyOfRange(expected.deck[s], expected.deckPos[s], expected.deckLen[s]);
            int[] ad = Arrays.copyOfRange(actual.deck[s], actual.deckPos[s], actual.deckLen[s]);
            assertArrayEquals(ed, ad);
        }
        assertArrayEquals(expected.handSize, actual.handSize);
        assertArrayEquals(expected.worth, actual.worth);
        assertEquals(expected.round, actual.round);
        assertEquals(expected.step, actual.step);
        assertEquals(Math.min(expected.offerA, expected.offerB), Math.min(actual.offerA, actual.offerB));
        assertEquals(Math.max(expected.offerA, expected.offerB), Math.max(actual.offerA, actual.offerB));
    }
}
