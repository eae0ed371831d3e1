package dev.cardtable.bench;

import dev.cardtable.engine.scoundrel.solver.Budget;
import dev.cardtable.engine.scoundrel.solver.ScoundrelSolver;
import dev.cardtable.engine.scoundrel.solver.Solution;
import dev.cardtable.engine.scoundrel.solver.Verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * How many random Scoundrel deals can be won: solves the deals of seeds {@code survey-0} …
 * {@code survey-(n-1)} under each ruleset and binding with {@link ScoundrelSolver#decide} and
 * prints the winnable share with its 95% Wilson interval, the unwinnable and unknown (budget
 * spent) shares, and the solve time per deal. Progress goes to standard error every 500 deals.
 *
 * <pre>
 * ./mvnw -q test-compile exec:java -Dexec.mainClass=dev.cardtable.bench.SolverSurvey \
 *   -Dexec.args="--seeds 10000 --nodes 2000000 --threads 1"
 * </pre>
 *
 * Options: {@code --seeds} (default 10,000 per configuration), {@code --first} (the first seed's
 * number, default 0), {@code --nodes} (the node budget per deal, default 2,000,000),
 * {@code --threads} (default 1), {@code --configs} (a comma list of {@code lessOrEqual},
 * {@code strictlyLess}, {@code simple}; default all three), {@code --solve} (also the best score,
 * with {@link ScoundrelSolver#solve}: a second table gives its distribution), {@code --list} (one
 * line per deal on standard error: seed, verdict, best score, positions, wall and thread-CPU milliseconds).
 * Each row gives the wall time per deal and the thread CPU time: the solver's own cost, which a
 * shared machine's load does not inflate.
 */
public final class SolverSurvey {

    /** Thread CPU time: on a shared machine the solver's own cost, where wall time adds the waits for a core. */
    private static final java.lang.management.ThreadMXBean CPU = java.lang.management.ManagementFactory.getThreadMXBean();

    private SolverSurvey() {
    }

    public static void main(String[] argv) throws Exception {
        Map<String, String> args = Args.parse(argv);
        int seeds = Integer.parseInt(args.getOrDefault("seeds", "10000"));
        long nodes = Long.parseLong(args.getOrDefault("nodes", "2000000"));
        int threads = Integer.parseInt(args.getOrDefault("threads", "1"));
        String configs = args.getOrDefault("configs", "lessOrEqual,strictlyLess,simple");
        int first = Integer.parseInt(args.getOrDefault("first", "0"));
        boolean solve = args.containsKey("solve");
        boolean list = args.containsKey("list");
        System.out.printf(Locale.ROOT, "%d seeds per configuration, node budget %,d, %d thread(s)%n", seeds, nodes,
                threads);
        System.out.println("| ruleset/binding | seeds | winnable | 95% Wilson | unwinnable | unknown | solve p50 | p99 | max | positions | thread CPU |");
        System.out.println("|---|---:|---:|---|---:|---:|---:|---:|---:|---|---|");
        if (args.containsKey("solve")) {
            System.out.println("(best-score rows: ruleset | solved | <= 0 | 1-5 | 6-10 | 11-15 | 16-19 | 20 | 21-30 | median)");
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            for (ScoundrelConfig c : ScoundrelConfig.values()) {
                if (configs.contains(c == ScoundrelConfig.SIMPLE ? "simple"
                        : c == ScoundrelConfig.LESS_OR_EQUAL ? "lessOrEqual" : "strictlyLess")) {
                    survey(c, first, seeds, nodes, solve, list, pool);
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static void survey(ScoundrelConfig config, int first, int seeds, long nodes, boolean solve, boolean list,
                               ExecutorService pool) throws Exception {
        ScoundrelSolver solver = new ScoundrelSolver();
        List<Future<long[]>> futures = new ArrayList<>(seeds);
        for (int i = first; i < first + seeds; i++) {
            String seed = "survey-" + i;
            futures.add(pool.submit(() -> {
                long cpu = CPU.getCurrentThreadCpuTime();
                long t = System.nanoTime();
                Solution s = solve ? solver.solve(config.deal(seed), Budget.nodes(nodes))
                        : solver.decide(config.deal(seed), Budget.nodes(nodes));
                long dt = System.nanoTime() - t;
                long dcpu = CPU.getCurrentThreadCpuTime() - cpu;
                if (list) {
                    System.err.printf(Locale.ROOT, "%s %s %s %s %d %.1f %.1f%n", config.label, seed, s.verdict(),
                            s.bestScore().isPresent() ? Integer.toString(s.bestScore().getAsInt()) : "-", s.nodes(),
                            dt / 1e6, dcpu / 1e6);
                }
                return new long[]{s.verdict().ordinal(), dt, s.bestScore().orElse(Integer.MIN_VALUE), s.nodes(), dcpu};
            }));
        }
        int[] counts = new int[Verdict.values().length];
        long[] micros = new long[seeds];
        long[] cpuMicros = new long[seeds];
        long[] positions = new long[seeds];
        List<Integer> best = new ArrayList<>();
        for (int i = 0; i < seeds; i++) {
            long[] r = futures.get(i).get();
            counts[(int) r[0]]++;
            micros[i] = r[1] / 1000;
            cpuMicros[i] = r[4] / 1000;
            positions[i] = r[3];
            if (r[2] != Integer.MIN_VALUE) {
                best.add((int) r[2]);
            }
            if ((i + 1) % 500 == 0 && i + 1 < seeds) {
                System.err.printf(Locale.ROOT, "%s: %d solved, %d winnable, %d unwinnable, %d unknown%n", config.label,
                        i + 1, counts[0], counts[1], counts[2]);
            }
        }
        java.util.Arrays.sort(micros);
        java.util.Arrays.sort(cpuMicros);
        java.util.Arrays.sort(positions);
        int won = counts[Verdict.WINNABLE.ordinal()];
        double[] ci = Stats.wilson(won, seeds);
        int p99 = (int) Math.min(seeds - 1, Math.ceil(seeds * 0.99) - 1);
        System.out.printf(Locale.ROOT, "| %s | %d | %.2f%% | [%.2f, %.2f] | %.2f%% | %.2f%% | %.1f ms | %.1f ms | %.1f ms |"
                        + " positions p50 %,d, p99 %,d, max %,d | thread CPU p50 %.1f ms, p99 %.1f ms, max %.1f ms |%n",
                config.label, seeds, 100.0 * won / seeds, 100 * ci[0], 100 * ci[1],
                100.0 * counts[Verdict.UNWINNABLE.ordinal()] / seeds, 100.0 * counts[Verdict.UNKNOWN.ordinal()] / seeds,
                micros[seeds / 2] / 1000.0, micros[p99] / 1000.0, micros[seeds - 1] / 1000.0,
                positions[seeds / 2], positions[p99], positions[seeds - 1],
                cpuMicros[seeds / 2] / 1000.0, cpuMicros[p99] / 1000.0, cpuMicros[seeds - 1] / 1000.0);
        if (solve) {
            // Best scores: lost (0 or below), then won by 1-5, 6-10, 11-15, 16-19, 20, 21-30.
            int[] edges = {0, 5, 10, 15, 19, 20, 30};
            int[] bucket = new int[edges.length];
            for (int b : best) {
                int k = 0;
                while (b > edges[k]) {
                    k++;
                }
                bucket[k]++;
            }
            java.util.Collections.sort(best);
            StringBuilder row = new StringBuilder("| " + config.label + " | " + best.size());
            for (int k : bucket) {
                row.append(String.format(Locale.ROOT, " | %.1f%%", 100.0 * k / Math.max(1, best.size())));
            }
            System.out.println(row + String.format(Locale.ROOT, " | %s |", best.isEmpty() ? "-"
                    : best.get(best.size() / 2).toString()));
        }
    }
}
