package dev.cardtable.engine.dazzle.ai;

import dev.cardtable.bench.Stats;
import dev.cardtable.engine.Player;
import dev.cardtable.engine.dazzle.DazzleMove;
import dev.cardtable.engine.dazzle.DazzleView;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * Plays the experimental {@link ExpertPlayer} (or any two sides) against {@code ismcts}
 * ({@code docs/benchmarks.md}, "An expert level: experiments") and prints expert's wins, draws and losses, its score (a draw half a point) with
 * a 95 % interval, and the mean thinking time per decision of each side and their ratio.
 *
 * <p>Each deal is played twice, once from each seat order; deal {@code i} has seed
 * {@code "expert-i"} and each seat its own generator ({@link Match#play}), so a run is
 * reproducible. A decision is a call with more than one legal move; both sides of a game think in
 * the same thread, one after the other, so with several threads both still share the same machine
 * load and the ratio stays fair.
 *
 * <p>Usage: {@code ./mvnw -q test-compile exec:java
 * -Dexec.mainClass=dev.cardtable.engine.dazzle.ai.ExpertBench -Dexec.args="--deals 200 --threads 1
 * --a expert --b ismcts"} (those are the defaults): {@code --deals} deals (twice as many games),
 * {@code --threads} games at once, {@code --a} and {@code --b} the two sides as {@link
 * Tournament#player} names them (e.g. {@code expert:8000} or {@code ismcts:10000}).
 */
public final class ExpertBench {

    private ExpertBench() {
    }

    /** The totals of a run, from side A's point of view. */
    record Totals(int wins, int draws, int losses, long aNanos, long aDecisions, long bNanos, long bDecisions) {
        int games() {
            return wins + draws + losses;
        }

        /** A's mean score per game. */
        double score() {
            return (wins + draws / 2.0) / games();
        }

        /** The half-width of the 95 % normal interval of {@link #score()} from the games' variance. */
        double halfWidth() {
            int n = games();
            double mean = score();
            double sq = wins + draws / 4.0;
            double variance = (sq / n - mean * mean) * n / Math.max(1, n - 1);
            return 1.959964 * Math.sqrt(Math.max(0, variance) / n);
        }

        double aMillis() {
            return aDecisions == 0 ? 0 : aNanos / 1e6 / aDecisions;
        }

        double bMillis() {
            return bDecisions == 0 ? 0 : bNanos / 1e6 / bDecisions;
        }
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> opts = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            opts.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        int deals = Integer.parseInt(opts.getOrDefault("deals", "200"));
        int threads = Integer.parseInt(opts.getOrDefault("threads", "1"));
        String a = opts.getOrDefault("a", "expert"), b = opts.getOrDefault("b", "ismcts");
        Supplier<Player<DazzleView, DazzleMove>> pa = Tournament.player(a), pb = Tournament.player(b);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        long start = System.nanoTime();
        List<Future<long[]>> games = new ArrayList<>();
        for (int d = 0; d < deals; d++) {
            String seed = "expert-" + d;
            for (int aSeat = 0; aSeat < 2; aSeat++) {
                int as = aSeat;
                games.add(pool.submit(() -> {
                    List<Player<DazzleView, DazzleMove>> players =
                            as == 0 ? List.of(pa.get(), pb.get()) : List.of(pb.get(), pa.get());
                    Match.Outcome o = Match.play(seed, players);
                    Integer w = o.result().winner();
                    return new long[]{w == null ? 0 : w == as ? 1 : -1, o.thinkNanos()[as], o.decisions()[as],
                            o.thinkNanos()[1 - as], o.decisions()[1 - as]};
                }));
            }
        }
        int wins = 0, draws = 0, losses = 0;
        long an = 0, ad = 0, bn = 0, bd = 0;
        for (int i = 0; i < games.size(); i++) {
            long[] r = games.get(i).get();
            if (r[0] > 0) {
                wins++;
            } else if (r[0] < 0) {
                losses++;
            } else {
                draws++;
            }
            an += r[1];
            ad += r[2];
            bn += r[3];
            bd += r[4];
            if ((i + 1) % 40 == 0 && i + 1 < games.size()) {
                Totals t = new Totals(wins, draws, losses, an, ad, bn, bd);
                System.out.printf(Locale.ROOT, "  %d games: %d-%d-%d, score %.3f, %.1f vs %.1f ms (%.0f s)%n",
                        t.games(), wins, draws, losses, t.score(), t.aMillis(), t.bMillis(),
                        (System.nanoTime() - start) / 1e9);
            }
        }
        pool.shutdown();
        Totals t = new Totals(wins, draws, losses, an, ad, bn, bd);
        double[] decided = Stats.wilson(wins, wins + losses);
        System.out.printf(Locale.ROOT, "%s vs %s, %d deals x 2 seats = %d games, threads %d, %.1f s%n",
                a, b, deals, t.games(), threads, (System.nanoTime() - start) / 1e9);
        System.out.printf(Locale.ROOT, "W/D/L %d/%d/%d  score %.1f%% ± %.1f [%.1f, %.1f]  decided %.1f%% [%.1f, %.1f]%n",
                wins, draws, losses, 100 * t.score(), 100 * t.halfWidth(), 100 * Math.max(0, t.score() - t.halfWidth()),
                100 * Math.min(1, t.score() + t.halfWidth()), wins + losses == 0 ? 0 : 100.0 * wins / (wins + losses),
                100 * decided[0], 100 * decided[1]);
        System.out.printf(Locale.ROOT, "ms per decision: %s %.2f (%d), %s %.2f (%d), ratio %.2f%n",
                a, t.aMillis(), ad, b, t.bMillis(), bd, t.bMillis() == 0 ? 0 : t.aMillis() / t.bMillis());
    }
}
