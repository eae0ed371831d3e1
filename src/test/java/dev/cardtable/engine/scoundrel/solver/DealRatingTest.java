package dev.cardtable.engine.scoundrel.solver;

import dev.cardtable.engine.Deal;
import dev.cardtable.engine.Options;
import dev.cardtable.engine.Setup;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.ScoundrelState;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The seed rating of a deal ({@code docs/ratings.md}, "The seed rating"): the formula and the measure. */
class DealRatingTest {

    @Test
    void theFormulaRatesUnwinnableDealsHighestAndNarrowWinsAboveWideOnes() {
        assertEquals(2300, DealRating.rating(Verdict.UNWINNABLE, 5, 0, 50_000), 0);
        assertEquals(2300, DealRating.rating(Verdict.UNKNOWN, 5, 0, 2_000_000), 0);
        assertEquals(1500, DealRating.rating(Verdict.WINNABLE, 5, 5, 10_000), 1e-9);
        assertEquals(1700, DealRating.rating(Verdict.WINNABLE, 5, 5, 100_000), 1e-9);
        assertEquals(1300, DealRating.rating(Verdict.WINNABLE, 5, 5, 10), 1e-9, "searches below 1,000 positions count as 1,000");
        assertEquals(1580, DealRating.rating(Verdict.WINNABLE, 5, 1, 10_000), 1e-9, "each losing first move adds 100/m");
        assertEquals(2200, DealRating.rating(Verdict.WINNABLE, 5, 1, 100_000_000), 1e-9, "kept within 1200–2200");
        assertTrue(DealRating.rating(Verdict.WINNABLE, 5, 4, 10_000) > DealRating.rating(Verdict.WINNABLE, 5, 5, 10_000));
    }

    @Test
    void theMeasureIsDeterministicAndConsistentWithTheSolversVerdict() {
        ScoundrelState deal = new ScoundrelRules().deal(new Setup("standard",
                new Options(Map.of(ScoundrelRules.WEAPON_BINDING, "lessOrEqual")), new Deal.Seeded("order-7")));
        DealRating.Measure m = DealRating.measure(deal, DealRating.NODES);
        assertEquals(m, DealRating.measure(deal, DealRating.NODES), "the same deal, the same measure");
        assertEquals(new ScoundrelSolver().decide(deal, Budget.nodes(DealRating.NODES)).verdict(), m.verdict());
        assertEquals(DealRating.rating(m.verdict(), m.firstMoves(), m.winningFirstMoves(), m.nodes()), m.rating(), 0);
        assertTrue(m.nodes() <= DealRating.NODES);
        assertTrue(m.winningFirstMoves() <= m.firstMoves());
    }
}
