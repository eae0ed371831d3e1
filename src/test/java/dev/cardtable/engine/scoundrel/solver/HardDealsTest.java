package dev.cardtable.engine.scoundrel.solver;

import dev.cardtable.engine.Deal;
import dev.cardtable.engine.Options;
import dev.cardtable.engine.Setup;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.ScoundrelState;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The solver against stored verdicts of the hardest surveyed deals: the deals of the survey's
 * seeds that the solver of 2026-12-01 needed millions of positions to decide (the positions it
 * needed are kept beside each). The verdicts and best scores were computed by that solver with a
 * budget of 400,000,000 positions, independently of the table, keys and bounds it has now.
 */
class HardDealsTest {

    private static final ScoundrelRules RULES = new ScoundrelRules();
    private static final ScoundrelSolver SOLVER = new ScoundrelSolver();

    @ParameterizedTest(name = "{0} {1}: {2}, best {3}")
    @CsvSource({
            // binding,     seed,       verdict,  best, positions to decide, positions to solve (then)
            "strictlyLess, survey-12,  WINNABLE, 12,   1270374,  38629146",
            "strictlyLess, survey-19,  WINNABLE, 30,   3725770,  9165189",
            "strictlyLess, survey-33,  WINNABLE, 30,   3211820,  6124279",
            "strictlyLess, survey-53,  WINNABLE, 30,   5797902,  9158532",
            "strictlyLess, survey-68,  WINNABLE, 30,   2331552,  5895307",
            "lessOrEqual,  survey-112, WINNABLE, 30,   over 1000000, 1403527",
            "lessOrEqual,  survey-263, WINNABLE, 30,   over 1000000, 1481371",
    })
    void theSolverAgreesWithTheStoredVerdictAndBestScore(String binding, String seed, Verdict verdict, int best,
                                                         String decidedIn, long solvedIn) {
        ScoundrelState deal = RULES.deal(new Setup("standard",
                new Options(Map.of(ScoundrelRules.WEAPON_BINDING, binding)), new Deal.Seeded(seed)));
        Solution s = SOLVER.solve(deal, Budget.standard());
        assertEquals(verdict, s.verdict(), seed);
        assertEquals(best, s.bestScore().orElseThrow(), seed);
        Solution d = SOLVER.decide(deal, Budget.standard());
        assertEquals(verdict, d.verdict(), seed);
        System.out.printf("%s %s: solved in %,d positions (then %,d), decided in %,d (then %s)%n", binding, seed,
                s.nodes(), solvedIn, d.nodes(), decidedIn);
    }
}
