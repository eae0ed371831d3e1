package dev.cardtable.bench;

import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Viewer;
import dev.cardtable.engine.scoundrel.ScoundrelMove;
import dev.cardtable.engine.scoundrel.ScoundrelResult;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.ScoundrelState;
import dev.cardtable.engine.scoundrel.solver.DealRating;
import dev.cardtable.engine.scoundrel.solver.Greedy;
import dev.cardtable.engine.scoundrel.solver.ScoundrelHints;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * Whether the seed rating of a deal ({@link DealRating}) orders deals by measured difficulty: takes
 * the deals of seeds {@code order-0} … {@code order-(n-1)}, rates each as the server seeds it, plays
 * each with the project's two Scoundrel players — the one that always follows the hint
 * ({@link ScoundrelHints}) and the greedy one ({@link Greedy}) — and prints, for equal-sized buckets
 * of deals by seed rating (lowest first), each player's loss rate with its 95% Wilson interval, and
 * the Spearman correlation between bucket and loss rate and between seed rating and loss (per game).
 *
 * <pre>
 * ./mvnw -q test-compile exec:java -Dexec.mainClass=dev.cardtable.bench.DealRatingOrder \
 *   -Dexec.args="--deals 1000 --configs lessOrEqual,simple --threads 2"
 * </pre>
 *
 * Options: {@code --deals} (default 1,000 per configuration), {@code --buckets} (default 5),
 * {@code --nodes} (the seed rating's budget, default {@link DealRating#NODES}), {@code --hint-nodes}
 * (the hint's budget, default {@link ScoundrelHints#NODES}), {@code --configs} ({@code lessOrEqual},
 * {@code strictlyLess}, {@code simple}; default {@code lessOrEqual,simple}), {@code --threads}
 * (default 1), {@code --players} ({@code hint,greedy}, the default, or {@code greedy} alone), {@code --list}
 * (one line per deal to standard error). Besides the loss rates it prints each bucket's mean greedy
 * score and the Spearman correlation between seed rating and greedy score.
 */
public final class DealRatingOrder {

    private static final ScoundrelRules RULES = new ScoundrelRules();
    private static final Seat PLAYER = Seat.of(0);

    private DealRatingOrder() {
    }

    /** One deal: its measure, each player's result (won 1/0; the hint-follower's −1 when not played) and the greedy score. */
    record Played(String seed, DealRating.Measure measure, int hintWon, int greedyWon, int greedyScore) {
    }

    /** A configuration's run: the deals played and, per player, the loss rate of each bucket. */
    record Run(List<Played> deals, double[][] bucketRatings, double[] hintLoss, double[] greedyLoss, double[] greedyScore) {

        /**
         * Spearman correlation between a deal's seed rating and the greedy player's score
         * ({@code scoundrel.md}, "Score": how far from getting through a lost game ended).
         */
        double scoreSpearman() {
            double[] r = deals.stream().mapToDouble(p -> p.measure().rating()).toArray();
            double[] sc = deals.stream().mapToDouble(Played::greedyScore).toArray();
            return Stats2.spearman(r, sc);
        }

        /** Spearman correlation between bucket index and the player's loss rate. */
        double bucketSpearman(boolean hint) {
            double[] idx = new double[hintLoss.length];
            Arrays.setAll(idx, i -> i);
            return Stats2.spearman(idx, hint ? hintLoss : greedyLoss);
        }

        /** Spearman correlation between a deal's seed rating and the player's loss (1 lost, 0 won). */
        double gameSpearman(boolean hint) {
            double[] r = deals.stream().mapToDouble(p -> p.measure().rating()).toArray();
            double[] l = deals.stream().mapToDouble(p -> 1 - (hint ? p.hintWon() : p.greedyWon())).toArray();
            return Stats2.spearman(r, l);
        }
    }

    public static void main(String[] argv) throws Exception {
        Map<String, String> args = Args.parse(argv);
        int deals = Integer.parseInt(args.getOrDefault("deals", "1000"));
        int buckets = Integer.parseInt(args.getOrDefault("buckets", "5"));
        long nodes = Long.parseLong(args.getOrDefault("nodes", Long.toString(DealRating.NODES)));
        long hintNodes = Long.parseLong(args.getOrDefault("hint-nodes", Long.toString(ScoundrelHints.NODES)));
        int threads = Integer.parseInt(args.getOrDefault("threads", "1"));
        String configs = args.getOrDefault("configs", "lessOrEqual,simple");
        boolean list = args.containsKey("list");
        boolean withHints = args.getOrDefault("players", "hint,greedy").contains("hint");
        for (ScoundrelConfig c : ScoundrelConfig.values()) {
            String name = c == ScoundrelConfig.SIMPLE ? "simple" : c == ScoundrelConfig.LESS_OR_EQUAL ? "lessOrEqual" : "strictlyLess";
            if (!configs.contains(name)) {
                continue;
            }
            Run run = run(c, deals, buckets, nodes, withHints ? hintNodes : 0, threads, list);
            print(c.label, run);
        }
    }

    /**
     * Rates and plays {@code deals} deals of {@code config}, on {@code threads} threads; with
     * {@code hintNodes} 0 the hint-follower does not play.
     */
    static Run run(ScoundrelConfig config, int deals, int buckets, long nodes, long hintNodes, int threads, boolean list)
            throws Exception {
        ScoundrelHints hints = hintNodes == 0 ? null : new ScoundrelHints(hintNodes, ScoundrelHints.SAMPLES);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Played> played = new ArrayList<>();
        try {
            List<Future<Played>> fs = new ArrayList<>();
            for (int i = 0; i < deals; i++) {
                String seed = "order-" + i;
                fs.add(pool.submit(() -> {
                    ScoundrelState deal = config.deal(seed);
                    DealRating.Measure m = DealRating.measure(deal, nodes);
                    int hint = hintNodes == 0 ? -1 : won(play(deal,
                            s -> hints.hint(RULES.view(s, Viewer.seat(PLAYER)), s.ruleset(), s.weaponBinding()).move()));
                    ScoundrelResult greedyEnd = play(deal, Greedy::move);
                    int greedy = won(greedyEnd);
                    Played p = new Played(seed, m, hint, greedy, greedyEnd.score());
                    if (list) {
                        System.err.printf(Locale.ROOT, "deal %s %s %s m=%d w=%d n=%d rating=%.0f hint=%d greedy=%d score=%d%n",
                                config.label, seed, m.verdict(), m.firstMoves(), m.winningFirstMoves(), m.nodes(), m.rating(), hint,
                                greedy, greedyEnd.score());
                    }
                    return p;
                }));
            }
            for (Future<Played> f : fs) {
                played.add(f.get());
            }
        } finally {
            pool.shutdownNow();
        }
        List<Played> sorted = new ArrayList<>(played);
        sorted.sort(Comparator.comparingDouble((Played p) -> p.measure().rating()).thenComparing(Played::seed));
        double[][] range = new double[buckets][];
        double[] hintLoss = new double[buckets];
        double[] greedyLoss = new double[buckets];
        double[] greedyScore = new double[buckets];
        for (int b = 0; b < buckets; b++) {
            List<Played> part = sorted.subList(b * sorted.size() / buckets, (b + 1) * sorted.size() / buckets);
            range[b] = new double[]{part.getFirst().measure().rating(), part.getLast().measure().rating(), part.size()};
            hintLoss[b] = part.getFirst().hintWon() < 0 ? -1 : part.stream().mapToInt(p -> 1 - p.hintWon()).average().orElse(0);
            greedyLoss[b] = part.stream().mapToInt(p -> 1 - p.greedyWon()).average().orElse(0);
            greedyScore[b] = part.stream().mapToInt(Played::greedyScore).average().orElse(0);
        }
        return new Run(played, range, hintLoss, greedyLoss, greedyScore);
    }

    private static ScoundrelResult play(ScoundrelState deal, Function<ScoundrelState, ScoundrelMove> policy) {
        ScoundrelState s = deal;
        while (!ScoundrelRules.over(s)) {
            s = RULES.apply(s, PLAYER, policy.apply(s));
        }
        return RULES.result(s).orElseThrow();
    }

    private static int won(ScoundrelResult r) {
        return ScoundrelResult.WON.equals(r.outcome()) ? 1 : 0;
    }

    private static void print(String label, Run run) {
        System.out.printf(Locale.ROOT, "%n%s: %d deals (seeds order-0 … order-%d), each played once by each player%n", label,
                run.deals().size(), run.deals().size() - 1);
        System.out.println("| bucket | seed ratings | deals | hint-follower lost | 95% Wilson | greedy lost | 95% Wilson "
                + "| greedy mean score |");
        System.out.println("|---:|---|---:|---:|---|---:|---|---:|");
        for (int b = 0; b < run.hintLoss().length; b++) {
            double[] r = run.bucketRatings()[b];
            int n = (int) r[2];
            int hl = (int) Math.round(run.hintLoss()[b] * n);
            int gl = (int) Math.round(run.greedyLoss()[b] * n);
            double[] hc = Stats.wilson(hl, n);
            double[] gc = Stats.wilson(gl, n);
            String hint = run.hintLoss()[b] < 0 ? "— | —" : String.format(Locale.ROOT, "%.1f%% | [%.1f, %.1f]", 100.0 * hl / n,
                    100 * hc[0], 100 * hc[1]);
            System.out.printf(Locale.ROOT, "| %d | %.0f–%.0f | %d | %s | %.1f%% | [%.1f, %.1f] | %.1f |%n", b + 1,
                    r[0], r[1], n, hint, 100.0 * gl / n, 100 * gc[0], 100 * gc[1], run.greedyScore()[b]);
        }
        System.out.printf(Locale.ROOT, "Spearman, seed rating vs the greedy player's score per game: %.3f%n", run.scoreSpearman());
        boolean hinted = run.hintLoss()[0] >= 0;
        System.out.printf(Locale.ROOT, "Spearman, bucket vs loss rate: hint-follower %s, greedy %s; seed rating vs loss per game:"
                        + " hint-follower %s, greedy %s%n", hinted ? fmt(run.bucketSpearman(true)) : "—", fmt(run.bucketSpearman(false)),
                hinted ? fmt(run.gameSpearman(true)) : "—", fmt(run.gameSpearman(false)));
    }

    private static String fmt(double v) {
        return Double.isNaN(v) ? "undefined (every game lost)" : String.format(Locale.ROOT, "%.3f", v);
    }

    /** Rank correlation. */
    static final class Stats2 {

        private Stats2() {
        }

        /** Spearman's rank correlation (average ranks for ties); NaN when a side is constant. */
        static double spearman(double[] x, double[] y) {
            double[] rx = ranks(x);
            double[] ry = ranks(y);
            double mx = Arrays.stream(rx).average().orElse(0);
            double my = Arrays.stream(ry).average().orElse(0);
            double sxy = 0;
            double sxx = 0;
            double syy = 0;
            for (int i = 0; i < x.length; i++) {
                sxy += (rx[i] - mx) * (ry[i] - my);
                sxx += (rx[i] - mx) * (rx[i] - mx);
                syy += (ry[i] - my) * (ry[i] - my);
            }
            return sxx == 0 || syy == 0 ? Double.NaN : sxy / Math.sqrt(sxx * syy);
        }

        private static double[] ranks(double[] v) {
            Integer[] idx = new Integer[v.length];
            Arrays.setAll(idx, i -> i);
            Arrays.sort(idx, Comparator.comparingDouble(i -> v[i]));
            double[] r = new double[v.length];
            for (int i = 0; i < v.length; ) {
                int j = i;
                while (j + 1 < v.length && v[idx[j + 1]] == v[idx[i]]) {
                    j++;
                }
                for (int k = i; k <= j; k++) {
                    r[idx[k]] = (i + j) / 2.0 + 1;
                }
                i = j + 1;
            }
            return r;
        }
    }
}
