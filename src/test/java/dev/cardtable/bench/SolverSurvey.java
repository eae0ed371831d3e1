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
 * Options: {@code --seeds} (default 10,000 per configuration), {@code --nodes} (the node budget
 * per deal, default 2,000,000), {@code --threads} (default 1), {@code --configs} (a comma list of
 * {@code lessOrEqual}, {@code strictlyLess}, {@code simple}; default all three).
 */
public final class SolverSurvey {

    private SolverSurvey() {
    }

    public static void main(String[] argv) throws Exception {
        Map<String, String> args = Args.parse(argv);
        int seeds = Integer.parseInt(args.getOrDefault("seeds", "10000"));
        long nodes = Long.parseLong(args.getOrDefault("nodes", "2000000"));
        int threads = Integer.parseInt(args.getOrDefault("threads", "1"));
        String configs = args.getOrDefault("configs", "lessOrEqual,strictlyLess,simple");
        System.out.printf(Locale.ROOT, "%d seeds per configuration, node budget %,d, %d thread(s)%n", seeds, nodes,
                threads);
        System.out.println("| ruleset/binding | seeds | winnable | 95% Wilson | unwinnable | unknown | solve p50 | p99 | max |");
        System.out.println("|---|---:|---:|---|---:|---:|---:|---:|---:|");
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            for (ScoundrelConfig c : ScoundrelConfig.values()) {
                if (configs.contains(c == ScoundrelConfig.SIMPLE ? "simple"
                        : c == ScoundrelConfig.LESS_OR_EQUAL ? "lessOrEqual" : "strictlyLess")) {
                    survey(c, seeds, nodes, pool);
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static void survey(ScoundrelConfig config, int seeds, long nodes, ExecutorService pool) throws Exception {
        ScoundrelSolver solver = new ScoundrelSolver();
        List<Future<long[]>> futures = new ArrayList<>(seeds);
        for (int i = 0; i < seeds; i++) {
            String seed = "survey-" + i;
            futures.add(pool.submit(() -> {
                long t = System.nanoTime();
                Solution s = solver.decide(config.deal(seed), Budget.nodes(nodes));
                return new long[]{s.verdict().ordinal(), System.nanoTime() - t};
            }));
        }
        int[] counts = new int[Verdict.values().length];
        long[] micros = new long[seeds];
        for (int i = 0; i < seeds; i++) {
            long[] r = futures.get(i).get();
            counts[(int) r[0]]++;
            micros[i] = r[1] / 1000;
            if ((i + 1) % 500 == 0 && i + 1 < seeds) {
                System.err.printf(Locale.ROOT, "%s: %d solved, %d winnable, %d unwinnable, %d unknown%n", config.label,
                        i + 1, counts[0], counts[1], counts[2]);
            }
        }
        java.util.Arrays.sort(micros);
        int won = counts[Verdict.WINNABLE.ordinal()];
        double[] ci = Stats.wilson(won, seeds);
        System.out.printf(Locale.ROOT, "| %s | %d | %.2f%% | [%.2f, %.2f] | %.2f%% | %.2f%% | %.1f ms | %.1f ms | %.1f ms |%n",
                config.label, seeds, 100.0 * won / seeds, 100 * ci[0], 100 * ci[1],
                100.0 * counts[Verdict.UNWINNABLE.ordinal()] / seeds, 100.0 * counts[Verdict.UNKNOWN.ordinal()] / seeds,
                micros[seeds / 2] / 1000.0, micros[(int) Math.min(seeds - 1, Math.ceil(seeds * 0.99) - 1)] / 1000.0,
                micros[seeds - 1] / 1000.0);
    }
}
