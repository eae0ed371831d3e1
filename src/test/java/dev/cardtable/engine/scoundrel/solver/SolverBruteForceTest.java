package dev.cardtable.engine.scoundrel.solver;

import dev.cardtable.engine.Rng;
import dev.cardtable.engine.scoundrel.Card;
import dev.cardtable.engine.scoundrel.ScoundrelState.Ruleset;
import dev.cardtable.engine.scoundrel.ScoundrelState.WeaponBinding;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SolverBruteForceTest {

    private static final ScoundrelSolver SOLVER = new ScoundrelSolver();

    @ParameterizedTest
    @EnumSource(value = WeaponBinding.class)
    void solverAgreesWithBruteForceOnShortDungeons(WeaponBinding binding) {
        Ruleset ruleset = binding == WeaponBinding.NONE ? Ruleset.SIMPLE : Ruleset.STANDARD;
        Rng rng = new Rng(binding.ordinal() * 1_000_003L + 17);
        int winnable = 0;
        for (int deal = 0; deal < 300; deal++) {
            List<Card> cards = new ArrayList<>(Card.all());
            rng.shuffle(cards);
            List<Card> dungeon = cards.subList(0, 6 + rng.below(5));
            Solution s = SOLVER.solve(dungeon, ruleset, binding, Budget.nodes(10_000_000));
            int expected = BruteForce.bestScore(ScoundrelSolver.start(dungeon, ruleset, binding));
            assertEquals(expected > 0 ? Verdict.WINNABLE : Verdict.UNWINNABLE, s.verdict(), dungeon.toString());
            assertEquals(expected, s.bestScore().orElseThrow(), dungeon.toString());
            winnable += expected > 0 ? 1 : 0;
        }
        System.out.println(binding + " winnable " + winnable);
    }
}
