package dev.cardtable.bench;

import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Viewer;
import dev.cardtable.engine.scoundrel.ScoundrelMove;
import dev.cardtable.engine.scoundrel.ScoundrelResult;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.ScoundrelState;
import dev.cardtable.engine.scoundrel.solver.Budget;
import dev.cardtable.engine.scoundrel.solver.Greedy;
import dev.cardtable.engine.scoundrel.solver.ScoundrelHints;
import dev.cardtable.engine.scoundrel.solver.ScoundrelSolver;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * How strong hints are: plays the deals of seeds {@code survey-0} … {@code survey-(n-1)} (the
 * deals {@link SolverSurvey} solves) under each ruleset and binding, always following a policy,
 * and prints each policy's win rate with its 95% Wilson interval and mean score:
 * <ul>
 *   <li>{@code hint}: the move of {@link ScoundrelHints}, from the seat's view only;</li>
 *   <li>{@code greedy}: {@link Greedy}, one move of lookahead on health and weapon;</li>
 *   <li>{@code random}: a uniformly random legal move (seeded per deal);</li>
 *   <li>{@code ceiling}: the share the solver proves winnable with the whole dungeon known.</li>
 * </ul>
 *
 * <pre>
 * ./mvnw -q test-compile exec:java -Dexec.mainClass=dev.cardtable.bench.HintStrength \
 *   -Dexec.args="--seeds 10000 --threads 1"
 * </pre>
 *
 * Options: {@code --seeds} (default 10,000 per configuration), {@code --first} (the first seed's
 * number, default 0, to split a long run into parts), {@code --hint-seeds} (games for the
 * {@code hint} policy, which is the slow one; default {@code --seeds}), {@code --nodes} (the
 * solver's budget per deal for the ceiling, default 1,000,000), {@code --policies} (comma list,
 * default {@code hint,greedy,random,ceiling}), {@code --configs} (as {@link SolverSurvey}),
 * {@code --threads} (default 1), {@code --hint-nodes} and {@code --hint-samples} (the hint's
 * budget of positions and its sampled orders, default {@link ScoundrelHints#NODES} and
 * {@link ScoundrelHints#SAMPLES}), {@code --list} (one line per game to standard error: seed,
 * outcome, score, and for hints their count and the game's largest thread CPU time),
 * {@code --every} (games between progress lines, default 100). Progress, with the running totals
 * and, for hints, the thread CPU time per hint so far, goes to standard error, so that a run cut
 * short can still be counted.
 */
public final class HintStrength {

    private static final ScoundrelRules RULES = new ScoundrelRules();
    private static final Seat PLAYER = Seat.of(0);
    /** The hints played; {@code --hint-nodes} and {@code --hint-samples} set their budget. */
    private static ScoundrelHints hints = new ScoundrelHints();
    /** Whether to write one line per game to standard error ({@code --list}). */
    private static boolean list;
    /** Games between progress lines ({@code --every}). */
    private static int every = 100;
    private static final java.lang.management.ThreadMXBean THREAD = java.lang.management.ManagementFactory.getThreadMXBean();
    /** Thread CPU and wall-clock time of every hint of the current row, in microseconds. */
    private static final List<Long> HINT_MICROS = new ArrayList<>();
    private static final List<Long> HINT_WALL_MICROS = new ArrayList<>();

    private HintStrength() {
    }

    public static void main(String[] argv) throws Exception {
        Map<String, String> args = Args.parse(argv);
        int seeds = Integer.parseInt(args.getOrDefault("seeds", "10000"));
        int first = Integer.parseInt(args.getOrDefault("first", "0"));
        int hintSeeds = Integer.parseInt(args.getOrDefault("hint-seeds", Integer.toString(seeds)));
        long nodes = Long.parseLong(args.getOrDefault("nodes", "1000000"));
        int threads = Integer.parseInt(args.getOrDefault("threads", "1"));
        String policies = args.getOrDefault("policies", "hint,greedy,random,ceiling");
        String configs = args.getOrDefault("configs", "lessOrEqual,strictlyLess,simple");
        hints = new ScoundrelHints(Long.parseLong(args.getOrDefault("hint-nodes", Long.toString(ScoundrelHints.NODES))),
                Integer.parseInt(args.getOrDefault("hint-samples", Integer.toString(ScoundrelHints.SAMPLES))));
        list = args.containsKey("list");
        every = Integer.parseInt(args.getOrDefault("every", "100"));
        System.out.println("| ruleset/binding | policy | games | won | win rate | 95% Wilson | mean score | hint time |");
        System.out.println("|---|---|---:|---:|---:|---|---:|---|");
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            for (ScoundrelConfig c : ScoundrelConfig.values()) {
                String name = c == ScoundrelConfig.SIMPLE ? "simple"
                        : c == ScoundrelConfig.LESS_OR_EQUAL ? "lessOrEqual" : "strictlyLess";
                if (!configs.contains(name)) {
                    continue;
                }
                for (String policy : policies.split(",")) {
                    int n = policy.equals("hint") ? hintSeeds : seeds;
                    run(c, policy, first, n, pool, outcome(policy, nodes));
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** What a policy makes of a deal: {won 0|1, score}, and for hints also {hints, the largest thread CPU µs}. */
    private static Function<ScoundrelState, int[]> outcome(String policy, long nodes) {
        return switch (policy) {
            case "ceiling" -> deal -> {
                boolean won = new ScoundrelSolver().decide(deal, Budget.nodes(nodes)).winnable();
                return new int[]{won ? 1 : 0, 0};
            };
            case "hint" -> deal -> {
                List<Long> cpu = new ArrayList<>();
                List<Long> wall = new ArrayList<>();
                int[] r = play(deal, s -> {
                    long t = THREAD.getCurrentThreadCpuTime();
                    long w = System.nanoTime();
                    ScoundrelMove m = hints.hint(RULES.view(s, Viewer.seat(PLAYER)), s.ruleset(), s.weaponBinding()).move();
                    cpu.add((THREAD.getCurrentThreadCpuTime() - t) / 1000);
                    wall.add((System.nanoTime() - w) / 1000);
                    return m;
                });
                synchronized (HINT_MICROS) {
                    HINT_MICROS.addAll(cpu);
                    HINT_WALL_MICROS.addAll(wall);
                }
                return new int[]{r[0], r[1], cpu.size(), (int) cpu.stream().mapToLong(Long::longValue).max().orElse(0)};
            };
            case "greedy" -> deal -> play(deal, Greedy::move);
            case "random" -> deal -> {
                Rng rng = new Rng(deal.dungeon().hashCode());
                return play(deal, s -> {
                    List<ScoundrelMove> legal = RULES.legalMoves(s, PLAYER);
                    return legal.get(rng.below(legal.size()));
                });
            };
            default -> throw new IllegalArgumentException("unknown policy " + policy);
        };
    }

    private static int[] play(ScoundrelState deal, Function<ScoundrelState, ScoundrelMove> policy) {
        ScoundrelState s = deal;
        while (!ScoundrelRules.over(s)) {
            s = RULES.apply(s, PLAYER, policy.apply(s));
        }
        ScoundrelResult r = RULES.result(s).orElseThrow();
        return new int[]{ScoundrelResult.WON.equals(r.outcome()) ? 1 : 0, r.score()};
    }

    private static void run(ScoundrelConfig config, String policy, int first, int games, ExecutorService pool,
                            Function<ScoundrelState, int[]> outcome) throws Exception {
        List<Future<int[]>> futures = new ArrayList<>(games);
        for (int i = first; i < first + games; i++) {
            String seed = "survey-" + i;
            futures.add(pool.submit(() -> {
                int[] r = outcome.apply(config.deal(seed));
                if (list) {
                    System.err.printf(Locale.ROOT, "game %s %s %s: %s, score %d%s%n", config.label, policy, seed,
                            r[0] == 1 ? "won" : "lost", r[1], r.length > 2
                                    ? String.format(Locale.ROOT, ", %d hints, CPU max %.1f ms", r[2], r[3] / 1000.0) : "");
                }
                return r;
            }));
        }
        int won = 0;
        long score = 0;
        for (int i = 0; i < games; i++) {
            int[] r = futures.get(i).get();
            won += r[0];
            score += r[1];
            if ((i + 1) % every == 0 || i + 1 == games) {
                double[] ci = Stats.wilson(won, i + 1);
                System.err.printf(Locale.ROOT, "%s %s: seeds survey-%d … survey-%d: %d games, %d won (%.2f%% [%.2f, %.2f]),"
                                + " score sum %d%s%n", config.label, policy, first, first + i, i + 1, won,
                        100.0 * won / (i + 1), 100 * ci[0], 100 * ci[1], score,
                        policy.equals("hint") ? "; " + times(false) : "");
            }
        }
        double[] ci = Stats.wilson(won, games);
        System.out.printf(Locale.ROOT, "| %s | %s | %d | %d | %.2f%% | [%.2f, %.2f] | %s | %s |%n", config.label, policy,
                games, won, 100.0 * won / games, 100 * ci[0], 100 * ci[1],
                policy.equals("ceiling") ? "—" : String.format(Locale.ROOT, "%.1f", (double) score / games),
                policy.equals("hint") ? times(true) : "—");
    }

    /**
     * Hint times of the row so far: thread CPU and wall clock, p50 and p99; then forgets them when
     * {@code forget} (at the end of a row).
     */
    private static String times(boolean forget) {
        synchronized (HINT_MICROS) {
            String out = "—";
            if (!HINT_MICROS.isEmpty()) {
                List<Long> cpu = new ArrayList<>(HINT_MICROS);
                List<Long> wall = new ArrayList<>(HINT_WALL_MICROS);
                java.util.Collections.sort(cpu);
                java.util.Collections.sort(wall);
                int n = cpu.size();
                int p99 = (int) Math.min(n - 1, Math.ceil(n * 0.99) - 1);
                out = String.format(Locale.ROOT,
                        "%d hints: CPU p50 %.1f ms, p99 %.1f ms, max %.1f ms; wall p50 %.1f ms, p99 %.1f ms", n,
                        cpu.get(n / 2) / 1000.0, cpu.get(p99) / 1000.0, cpu.get(n - 1) / 1000.0,
                        wall.get(n / 2) / 1000.0, wall.get(p99) / 1000.0);
            }
            if (forget) {
                HINT_MICROS.clear();
                HINT_WALL_MICROS.clear();
            }
            return out;
        }
    }
}
