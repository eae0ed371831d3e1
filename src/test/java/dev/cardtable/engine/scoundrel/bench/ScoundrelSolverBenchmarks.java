package dev.cardtable.engine.scoundrel.bench;

import dev.cardtable.bench.Jmh;
import dev.cardtable.engine.Deal;
import dev.cardtable.engine.Options;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Setup;
import dev.cardtable.engine.Viewer;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.ScoundrelState;
import dev.cardtable.engine.scoundrel.ScoundrelView;
import dev.cardtable.engine.scoundrel.solver.Budget;
import dev.cardtable.engine.scoundrel.solver.Greedy;
import dev.cardtable.engine.scoundrel.solver.Hint;
import dev.cardtable.engine.scoundrel.solver.ScoundrelHints;
import dev.cardtable.engine.scoundrel.solver.ScoundrelSolver;
import dev.cardtable.engine.scoundrel.solver.Solution;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * JMH benchmarks of the Scoundrel solver and hints, in {@code SampleTime} mode so that JMH prints
 * percentiles: each call solves the next of 1,000 seeded deals ({@code survey-0} …) in turn, so
 * p50 and p99 are over deals. {@code decide} is the verdict with a winning line (node budget
 * 1,000,000, as the survey); {@code solve} adds the best score (default budget); {@code hint} is
 * one hint from a position met in greedy play. Run with
 * {@code ./mvnw -q test-compile exec:java -Dexec.mainClass=dev.cardtable.engine.scoundrel.bench.ScoundrelSolverBenchmarks}
 * (optional {@code -Dexec.args="REGEX"}).
 */
public class ScoundrelSolverBenchmarks {

    private static final ScoundrelRules RULES = new ScoundrelRules();
    private static final ScoundrelSolver SOLVER = new ScoundrelSolver();
    private static final ScoundrelHints HINTS = new ScoundrelHints();
    private static final int DEALS = 1_000;

    /** The deals of one ruleset and binding, and positions for hints. */
    @State(Scope.Thread)
    public static class Deals {
        @Param({"lessOrEqual", "strictlyLess", "simple"})
        public String binding;

        final List<ScoundrelState> deals = new ArrayList<>();
        final List<ScoundrelView> positions = new ArrayList<>();
        ScoundrelState.Ruleset ruleset;
        ScoundrelState.WeaponBinding weaponBinding;
        int next;

        @org.openjdk.jmh.annotations.Setup(Level.Trial)
        public void setUp() {
            boolean simple = binding.equals("simple");
            Options options = new Options(simple ? Map.of() : Map.of(ScoundrelRules.WEAPON_BINDING, binding));
            for (int i = 0; i < DEALS; i++) {
                ScoundrelState s = RULES.deal(new Setup(simple ? "simple" : "standard", options,
                        new Deal.Seeded("survey-" + i)));
                deals.add(s);
                // A position a few moves into greedy play, where a hint would be asked for.
                for (int m = 0; m < i % 20 && !ScoundrelRules.over(s); m++) {
                    ScoundrelState after = RULES.apply(s, Seat.of(0), Greedy.move(s));
                    if (ScoundrelRules.over(after)) {
                        break;
                    }
                    s = after;
                }
                positions.add(RULES.view(s, Viewer.seat(Seat.of(0))));
            }
            ruleset = deals.getFirst().ruleset();
            weaponBinding = deals.getFirst().weaponBinding();
        }

        int next() {
            int i = next;
            next = (next + 1) % DEALS;
            return i;
        }
    }

    /** Whether the next deal can be won, with a winning line (budget 1,000,000 positions). */
    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public Solution decide(Deals d) {
        return SOLVER.decide(d.deals.get(d.next()), Budget.nodes(1_000_000));
    }

    /** The verdict and the best score of the next deal (default budget). */
    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public Solution solve(Deals d) {
        return SOLVER.solve(d.deals.get(d.next()), Budget.standard());
    }

    /** One hint from the next position. */
    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public Hint hint(Deals d) {
        return HINTS.hint(d.positions.get(d.next()), d.ruleset, d.weaponBinding);
    }

    public static void main(String[] args) throws Exception {
        Jmh.run(ScoundrelSolverBenchmarks.class, args.length > 0 ? args[0] : null);
    }
}
