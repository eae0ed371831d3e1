package dev.cardtable.engine.scoundrel.solver;

import dev.cardtable.engine.Deal;
import dev.cardtable.engine.Options;
import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Setup;
import dev.cardtable.engine.scoundrel.ScoundrelMove;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.ScoundrelState;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shortcuts hints take inside the search: its greedy play-out must score exactly as
 * {@link Greedy}, and a search emptied for reuse must judge a position exactly as a new
 * solver's winning line or else greedy play does.
 */
class SearchReuseTest {

    private static final ScoundrelRules RULES = new ScoundrelRules();
    private static final Seat PLAYER = Seat.of(0);
    private static final ScoundrelSolver SOLVER = new ScoundrelSolver();

    private static int replayedScore(ScoundrelState state, List<ScoundrelMove> line) {
        ScoundrelState s = state;
        for (ScoundrelMove m : line) {
            s = RULES.apply(s, PLAYER, m);
        }
        return RULES.result(s).orElseThrow().score();
    }

    /**
     * Positions met in random play of 60 seeded deals, from the deal to the last move, and along
     * the solver's winning lines of 20 of them (positions that can be won).
     */
    private static List<ScoundrelState> positions(String ruleset, String binding) {
        Options options = new Options(binding.isEmpty() ? Map.of() : Map.of(ScoundrelRules.WEAPON_BINDING, binding));
        List<ScoundrelState> out = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            ScoundrelState deal = RULES.deal(new Setup(ruleset, options, new Deal.Seeded("reuse-" + i)));
            Rng rng = Rng.fromSeed("reuse-play-" + i);
            for (ScoundrelState s = deal; !ScoundrelRules.over(s); ) {
                out.add(s);
                List<ScoundrelMove> legal = RULES.legalMoves(s, PLAYER);
                s = RULES.apply(s, PLAYER, legal.get(rng.below(legal.size())));
            }
            if (i < 20) {
                ScoundrelState s = deal;
                for (ScoundrelMove m : SOLVER.decide(deal, Budget.nodes(200_000)).line()) {
                    out.add(s);
                    s = RULES.apply(s, PLAYER, m);
                }
            }
        }
        return out;
    }

    @ParameterizedTest
    @CsvSource({"standard,lessOrEqual", "standard,strictlyLess", "simple,''"})
    void theSearchsGreedyPlayOutScoresAsGreedy(String ruleset, String binding) {
        List<ScoundrelState> positions = positions(ruleset, binding);
        Search search = new Search(positions.getFirst(), Budget.nodes(1));
        for (ScoundrelState s : positions) {
            assertEquals(Greedy.playOutScore(s), search.greedyScore(search.reset(s, Budget.nodes(1))), s::toString);
        }
    }

    @ParameterizedTest
    @CsvSource({"standard,lessOrEqual", "standard,strictlyLess", "simple,''"})
    void aReusedSearchJudgesAsTheSolverAndGreedyDo(String ruleset, String binding) {
        List<ScoundrelState> positions = positions(ruleset, binding);
        Budget budget = Budget.nodes(1_000);
        Search reused = new Search(positions.getFirst(), budget);
        int wins = 0;
        for (ScoundrelState s : positions) {
            // Through the public API: the solver's winning line, replayed by the rules, or greedy play.
            Solution solution = SOLVER.decide(s, budget);
            int expected = solution.winnable() ? replayedScore(s, solution.line()) : Greedy.playOutScore(s);
            assertEquals(expected, reused.winOrGreedyScore(reused.reset(s, budget)), s::toString);
            wins += expected > 0 ? 1 : 0;
        }
        // Both ways of judging were exercised: won lines and greedy play-outs.
        assertTrue(wins > 0 && wins < positions.size(), "wins " + wins + " of " + positions.size());
    }
}
