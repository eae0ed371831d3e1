package dev.cardtable.engine.dazzle.bench;

import dev.cardtable.bench.Jmh;
import dev.cardtable.engine.Deal;
import dev.cardtable.engine.Player;
import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Viewer;
import dev.cardtable.engine.dazzle.DazzleMove;
import dev.cardtable.engine.dazzle.DazzleRules;
import dev.cardtable.engine.dazzle.DazzleState;
import dev.cardtable.engine.dazzle.DazzleView;
import dev.cardtable.engine.dazzle.ai.DazzleOpponents;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * JMH benchmarks of the Dazzle engine: one {@code ismcts} decision at the default budget from an
 * opening and from a mid-game position, one heuristic decision, and one whole game of random moves
 * through {@link DazzleRules}. Run with
 * {@code ./mvnw -q test-compile exec:java -Dexec.mainClass=dev.cardtable.engine.dazzle.bench.DazzleBenchmarks}
 * (optional {@code -Dexec.args="REGEX"} to select benchmarks).
 */
public class DazzleBenchmarks {

    private static final DazzleRules RULES = new DazzleRules();
    private static final DazzleOpponents OPPONENTS = new DazzleOpponents();

    /** A position and the opponents, set up once per trial. */
    @State(Scope.Thread)
    public static class Positions {
        DazzleView opening, midGame;
        List<DazzleMove> openingMoves, midGameMoves;
        Player<DazzleView, DazzleMove> ismcts, heuristic;
        long call;

        @org.openjdk.jmh.annotations.Setup(Level.Trial)
        public void setUp() {
            DazzleState s = RULES.deal(setup("bench-opening"));
            opening = RULES.view(s, Viewer.seat(Seat.of(0)));
            openingMoves = RULES.legalMoves(s, Seat.of(0));
            // Mid-game: round 4, seat 1 to present, after random play.
            DazzleState m = RULES.deal(setup("bench-mid"));
            Rng rng = new Rng(11);
            while (!(m.round() == 4 && m.mover() == 1 && m.phase() == DazzleState.Phase.PRESENT)) {
                Seat seat = RULES.toAct(m).getFirst();
                List<DazzleMove> legal = RULES.legalMoves(m, seat);
                m = RULES.apply(m, seat, legal.get(rng.below(legal.size())));
            }
            midGame = RULES.view(m, Viewer.seat(Seat.of(1)));
            midGameMoves = RULES.legalMoves(m, Seat.of(1));
            ismcts = OPPONENTS.player("ismcts", null);
            heuristic = OPPONENTS.player("heuristic", null);
        }
    }

    static dev.cardtable.engine.Setup setup(String seed) {
        return new dev.cardtable.engine.Setup(DazzleRules.STANDARD, dev.cardtable.engine.Options.none(), new Deal.Seeded(seed));
    }

    /** One ismcts decision at the default budget: seat 0's first presentation (22–28 moves). */
    @Benchmark
    @BenchmarkMode({Mode.SampleTime})
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public DazzleMove ismctsOpeningDecision(Positions p) {
        return p.ismcts.choose(p.opening, p.openingMoves, new Rng(p.call++));
    }

    /** One ismcts decision at the default budget: seat 1 presenting in round 4. */
    @Benchmark
    @BenchmarkMode({Mode.SampleTime})
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public DazzleMove ismctsMidGameDecision(Positions p) {
        return p.ismcts.choose(p.midGame, p.midGameMoves, new Rng(p.call++));
    }

    /** One heuristic decision: seat 1 presenting in round 4. */
    @Benchmark
    @BenchmarkMode({Mode.AverageTime})
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public DazzleMove heuristicMidGameDecision(Positions p) {
        return p.heuristic.choose(p.midGame, p.midGameMoves, new Rng(p.call++));
    }

    /** One whole game of uniformly random moves through the rules (deal, 36 moves, result). */
    @Benchmark
    @BenchmarkMode({Mode.AverageTime})
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public Object randomPlayout(Positions p) {
        Rng rng = new Rng(p.call++);
        DazzleState s = RULES.deal(setup("bench-playout"));
        while (!s.over()) {
            Seat seat = RULES.toAct(s).getFirst();
            List<DazzleMove> legal = RULES.legalMoves(s, seat);
            s = RULES.apply(s, seat, legal.get(rng.below(legal.size())));
        }
        return RULES.result(s).orElseThrow();
    }

    /** Runs the benchmarks: 1 fork, 3 warm-up and 5 measured iterations of 2 s each. */
    public static void main(String[] args) throws Exception {
        Jmh.run(DazzleBenchmarks.class, args.length > 0 ? args[0] : null);
    }
}
