package dev.cardtable.engine.scoundrel.solver;

import dev.cardtable.engine.Deal;
import dev.cardtable.engine.Options;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Setup;
import dev.cardtable.engine.scoundrel.Card;
import dev.cardtable.engine.scoundrel.ScoundrelMove;
import dev.cardtable.engine.scoundrel.ScoundrelResult;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.ScoundrelState.Ruleset;
import dev.cardtable.engine.scoundrel.ScoundrelState.WeaponBinding;
import dev.cardtable.engine.scoundrel.ScoundrelState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ScoundrelSolverTest {

    private static final ScoundrelRules RULES = new ScoundrelRules();
    private static final ScoundrelSolver SOLVER = new ScoundrelSolver();
    private static final Seat PLAYER = Seat.of(0);

    private static ScoundrelState seeded(String ruleset, String binding, String seed) {
        Map<String, String> options = binding.isEmpty() ? Map.of() : Map.of("weaponBinding", binding);
        return RULES.deal(new Setup(ruleset, new Options(options), new Deal.Seeded(seed)));
    }

    private static ScoundrelResult replay(ScoundrelState state, List<ScoundrelMove> line) {
        ScoundrelState s = state;
        for (ScoundrelMove m : line) {
            s = RULES.apply(s, PLAYER, m);
        }
        return RULES.result(s).orElseThrow();
    }

    @ParameterizedTest
    @CsvSource({"standard,lessOrEqual,solver-1", "standard,strictlyLess,solver-2", "simple,,solver-3"})
    void aWinnableDealComesWithAWinningLineThatReachesTheBestScore(String ruleset, String binding, String seed) {
        ScoundrelState deal = seeded(ruleset, binding == null ? "" : binding, seed);
        Solution s = SOLVER.solve(deal, Budget.standard());
        assertEquals(Verdict.WINNABLE, s.verdict());
        ScoundrelResult end = replay(deal, s.line());
        assertEquals(ScoundrelResult.WON, end.outcome());
        assertEquals(s.bestScore().orElseThrow(), end.score());
        assertTrue(s.nodes() > 0);
    }

    @ParameterizedTest
    @CsvSource({"standard,lessOrEqual,solver-4", "standard,strictlyLess,solver-5", "simple,,solver-6"})
    void decidingAgreesWithSolvingAndProvesTheWinWithALine(String ruleset, String binding, String seed) {
        ScoundrelState deal = seeded(ruleset, binding == null ? "" : binding, seed);
        Solution decided = SOLVER.decide(deal, Budget.standard());
        assertEquals(SOLVER.solve(deal, Budget.standard()).verdict(), decided.verdict());
        assertTrue(decided.bestScore().isEmpty());
        if (decided.winnable()) {
            assertEquals(ScoundrelResult.WON, replay(deal, decided.line()).outcome());
        }
    }

    @Test
    void fourAcesAndKingsCannotBeWonAndScoreTheirLeastBadLoss() {
        List<Card> dungeon = Arrays.stream("AS AC KS KC".split(" ")).map(Card::parse).toList();
        Solution s = SOLVER.solve(dungeon, Ruleset.STANDARD, WeaponBinding.LESS_OR_EQUAL, Budget.standard());
        assertEquals(Verdict.UNWINNABLE, s.verdict());
        // Any two fights kill from 20; the score is then 20 minus every monster's value: 20 - 54.
        assertEquals(-34, s.bestScore().orElseThrow());
        assertEquals(-34, replay(ScoundrelSolver.start(dungeon, Ruleset.STANDARD, WeaponBinding.LESS_OR_EQUAL),
                s.line()).score());
    }

    @Test
    void aFullHealthPotionFinishScoresTwentyPlusThePotion() {
        List<Card> dungeon = Arrays.stream("2C 10H 3S 9H".split(" ")).map(Card::parse).toList();
        Solution s = SOLVER.solve(dungeon, Ruleset.STANDARD, WeaponBinding.LESS_OR_EQUAL, Budget.standard());
        // 2C and 3S cost 5; 9H heals to 20 (the only potion that heals in this one-turn room);
        // 10H last, with no effect, still scores 20 + 10.
        assertEquals(30, s.bestScore().orElseThrow());
        assertEquals(ScoundrelMove.play(Card.parse("10H")), s.line().getLast());
    }

    @Test
    void anExhaustedBudgetAnswersUnknownWithoutALine() {
        Solution s = SOLVER.solve(seeded("standard", "strictlyLess", "solver-7"), Budget.nodes(10));
        assertEquals(Verdict.UNKNOWN, s.verdict());
        assertTrue(s.bestScore().isEmpty());
        assertTrue(s.line().isEmpty());
        assertTrue(s.nodes() <= 11);
    }

    @Test
    void aFinishedGameIsDecidedByItsResult() {
        List<Card> dungeon = Arrays.stream("2C".split(" ")).map(Card::parse).toList();
        ScoundrelState start = ScoundrelSolver.start(dungeon, Ruleset.SIMPLE, WeaponBinding.NONE);
        ScoundrelState over = RULES.apply(start, PLAYER, new ScoundrelMove.Play(Card.parse("2C"), false));
        Solution s = SOLVER.solve(over, Budget.nodes(1));
        assertEquals(Verdict.WINNABLE, s.verdict());
        assertEquals(18, s.bestScore().orElseThrow());
        assertTrue(s.line().isEmpty());
    }
}
