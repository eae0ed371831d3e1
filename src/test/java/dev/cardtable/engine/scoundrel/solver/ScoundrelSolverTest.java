package dev.cardtable.engine.scoundrel.solver;

import dev.cardtable.engine.Deal;
import dev.cardtable.engine.Options;
import dev.cardtable.engine.Setup;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.ScoundrelState;
import org.junit.jupiter.api.Test;

import java.util.Map;

class ScoundrelSolverTest {

    private static final ScoundrelRules RULES = new ScoundrelRules();
    private static final ScoundrelSolver SOLVER = new ScoundrelSolver();

    @Test
    void seededDealsAreDecided() {
        for (String[] v : new String[][] {{"standard", "lessOrEqual"}, {"standard", "strictlyLess"}, {"simple", null}}) {
            for (int i = 0; i < 15; i++) {
                ScoundrelState s = RULES.deal(new Setup(v[0], new Options(v[1] == null ? Map.of() : Map.of("weaponBinding", v[1])),
                        new Deal.Seeded("seed-" + i)));
                long t = System.nanoTime();
                Solution sol = SOLVER.solve(s, Budget.nodes(5_000_000));
                System.out.println(v[0] + v[1] + " " + i + " " + sol.verdict() + " " + sol.bestScore() + " nodes=" + sol.nodes()
                        + " ms=" + (System.nanoTime() - t) / 1_000_000);
            }
        }
    }
}
