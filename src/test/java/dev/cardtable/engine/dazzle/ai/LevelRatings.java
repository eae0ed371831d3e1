package dev.cardtable.engine.dazzle.ai;

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
 * Rates Dazzle's computer levels by a seeded round robin and a maximum-likelihood fit
 * ({@code docs/ratings.md}, "Computer levels").
 *
 * <p>Every pairing plays each of its deals twice, once from each seat order; deal {@code i} has
 * seed {@code "levels-i"}, so a run is reproducible. The fit is the Elo/Bradley–Terry model on the
 * Glicko scale, a score of A against B being expected as 1 / (1 + 10^((r_B − r_A) / 400)), with a
 * draw half a point to each; it maximises the likelihood of the scores with one level held at its
 * anchor, and gives each other level a 95 % interval of ±1.96 standard errors from the inverse of
 * the observed information.
 *
 * <p>Usage: {@code ./mvnw -q test-compile exec:java
 * -Dexec.mainClass=dev.cardtable.engine.dazzle.ai.LevelRatings -Dexec.args="--pairings
 * random:heuristic=1000,heuristic:ismcts=500,random:ismcts=150 --anchor heuristic=1500 --threads 2"}
 * (those are the defaults): {@code --pairings} deals per pairing, {@code --anchor} the level held
 * fixed and its rating, {@code --threads} games at once.
 */
public final class LevelRatings {

    private LevelRatings() {
    }

    /** One pairing's games: {@code a}'s wins, losses and draws against {@code b}. */
    record Pairing(String a, String b, int wins, int losses, int draws) {
        int games() {
            return wins + losses + draws;
        }

        double score() {
            return wins + draws / 2.0;
        }
    }

    /** A level's fitted rating and the half-width of its 95 % interval (0 for the anchor). */
    record Fitted(String level, double rating, double halfWidth) {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> opts = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            opts.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        String[] anchor = opts.getOrDefault("anchor", "heuristic=1500").split("=");
        int threads = Integer.parseInt(opts.getOrDefault("threads", "2"));
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        long start = System.nanoTime();
        List<Pairing> pairings = new ArrayList<>();
        for (String p : opts.getOrDefault("pairings", "random:heuristic=1000,heuristic:ismcts=500,random:ismcts=150")
                .split(",")) {
            String[] kv = p.split("=");
            String[] ab = kv[0].split(":");
            Pairing played = play(pool, ab[0], ab[1], Integer.parseInt(kv[1]));
            System.out.printf(Locale.ROOT, "%-10s %-10s %6d games  %5d won %5d lost %4d drawn  (%.0f s)%n",
                    played.a(), played.b(), played.games(), played.wins(), played.losses(), played.draws(),
                    (System.nanoTime() - start) / 1e9);
            pairings.add(played);
        }
        pool.shutdown();
        System.out.println();
        System.out.printf(Locale.ROOT, "%-10s %8s  %s%n", "level", "rating", "95% interval");
        for (Fitted f : fit(pairings, anchor[0], Double.parseDouble(anchor[1]))) {
            System.out.printf(Locale.ROOT, "%-10s %8.0f  %s%n", f.level(), f.rating(),
                    f.halfWidth() == 0 ? "anchor" : String.format(Locale.ROOT, "±%.0f", f.halfWidth()));
        }
        System.out.printf(Locale.ROOT, "%nthreads %d, %.1f s%n", threads, (System.nanoTime() - start) / 1e9);
    }

    private static Pairing play(ExecutorService pool, String a, String b, int deals) throws Exception {
        Supplier<Player<DazzleView, DazzleMove>> pa = Tournament.player(a), pb = Tournament.player(b);
        List<Future<Integer>> games = new ArrayList<>();
        for (int d = 0; d < deals; d++) {
            String seed = "levels-" + d;
            for (int aSeat = 0; aSeat < 2; aSeat++) {
                int as = aSeat;
                games.add(pool.submit(() -> {
                    List<Player<DazzleView, DazzleMove>> players =
                            as == 0 ? List.of(pa.get(), pb.get()) : List.of(pb.get(), pa.get());
                    Integer w = Match.play(seed, players).result().winner();
                    return w == null ? 0 : w == as ? 1 : -1;
                }));
            }
        }
        int won = 0, lost = 0, drawn = 0;
        for (Future<Integer> g : games) {
            int r = g.get();
            if (r > 0) {
                won++;
            } else if (r < 0) {
                lost++;
            } else {
                drawn++;
            }
        }
        return new Pairing(a, b, won, lost, drawn);
    }

    /**
     * The maximum-likelihood ratings of the levels in {@code pairings}, {@code anchor} held at
     * {@code anchorRating}, by Newton's method on the log-likelihood; levels in order of first
     * appearance.
     *
     * @throws IllegalArgumentException if the anchor plays in no pairing, or a level won or lost
     *                                  every game it played (its rating would be unbounded)
     */
    static List<Fitted> fit(List<Pairing> pairings, String anchor, double anchorRating) {
        List<String> levels = new ArrayList<>();
        for (Pairing p : pairings) {
            for (String l : List.of(p.a(), p.b())) {
                if (!levels.contains(l)) {
                    levels.add(l);
                }
            }
        }
        if (!levels.contains(anchor)) {
            throw new IllegalArgumentException("the anchor " + anchor + " plays in no pairing");
        }
        int n = levels.size();
        double k = Math.log(10) / 400;
        double[] r = new double[n];
        java.util.Arrays.fill(r, anchorRating);
        double[][] info = new double[n][n];
        for (int iteration = 0; iteration < 200; iteration++) {
            double[] gradient = new double[n];
            info = new double[n][n];
            for (Pairing p : pairings) {
                int i = levels.indexOf(p.a()), j = levels.indexOf(p.b());
                double e = 1 / (1 + Math.pow(10, (r[j] - r[i]) / 400));
                double residual = k * (p.score() - p.games() * e);
                gradient[i] += residual;
                gradient[j] -= residual;
                double w = k * k * p.games() * e * (1 - e);
                info[i][i] += w;
                info[j][j] += w;
                info[i][j] -= w;
                info[j][i] -= w;
            }
            int[] free = freeIndices(n, levels.indexOf(anchor));
            double[] step = solve(sub(info, free), subVector(gradient, free));
            double largest = 0;
            for (int f = 0; f < free.length; f++) {
                double s = Math.max(-400, Math.min(400, step[f]));
                r[free[f]] += s;
                largest = Math.max(largest, Math.abs(s));
            }
            if (largest < 1e-9) {
                break;
            }
        }
        int[] free = freeIndices(n, levels.indexOf(anchor));
        double[][] covariance = invert(sub(info, free));
        List<Fitted> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (!Double.isFinite(r[i]) || Math.abs(r[i] - anchorRating) > 4000) {
                throw new IllegalArgumentException(levels.get(i) + " won or lost every game: no finite rating");
            }
            int f = java.util.Arrays.binarySearch(free, i);
            double half = f < 0 ? 0 : 1.96 * Math.sqrt(covariance[f][f]);
            out.add(new Fitted(levels.get(i), r[i], half));
        }
        return out;
    }

    private static int[] freeIndices(int n, int anchor) {
        int[] free = new int[n - 1];
        for (int i = 0, f = 0; i < n; i++) {
            if (i != anchor) {
                free[f++] = i;
            }
        }
        return free;
    }

    private static double[][] sub(double[][] m, int[] idx) {
        double[][] out = new double[idx.length][idx.length];
        for (int a = 0; a < idx.length; a++) {
            for (int b = 0; b < idx.length; b++) {
                out[a][b] = m[idx[a]][idx[b]];
            }
        }
        return out;
    }

    private static double[] subVector(double[] v, int[] idx) {
        double[] out = new double[idx.length];
        for (int a = 0; a < idx.length; a++) {
            out[a] = v[idx[a]];
        }
        return out;
    }

    /** Solves {@code m x = v} by Gauss–Jordan elimination with partial pivoting. */
    private static double[] solve(double[][] m, double[] v) {
        double[][] inv = invert(m);
        double[] x = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            for (int j = 0; j < v.length; j++) {
                x[i] += inv[i][j] * v[j];
            }
        }
        return x;
    }

    private static double[][] invert(double[][] m) {
        int n = m.length;
        double[][] a = new double[n][2 * n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(m[i], 0, a[i], 0, n);
            a[i][n + i] = 1;
        }
        for (int c = 0; c < n; c++) {
            int pivot = c;
            for (int row = c + 1; row < n; row++) {
                if (Math.abs(a[row][c]) > Math.abs(a[pivot][c])) {
                    pivot = row;
                }
            }
            double[] t = a[c];
            a[c] = a[pivot];
            a[pivot] = t;
            if (Math.abs(a[c][c]) < 1e-300) {
                throw new IllegalArgumentException("the pairings do not connect every level to the anchor");
            }
            double d = a[c][c];
            for (int j = 0; j < 2 * n; j++) {
                a[c][j] /= d;
            }
            for (int row = 0; row < n; row++) {
                if (row != c && a[row][c] != 0) {
                    double f = a[row][c];
                    for (int j = 0; j < 2 * n; j++) {
                        a[row][j] -= f * a[c][j];
                    }
                }
            }
        }
        double[][] out = new double[n][n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(a[i], n, out[i], 0, n);
        }
        return out;
    }
}
