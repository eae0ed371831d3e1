package dev.cardtable.bench;

import dev.cardtable.deals.CertifiedDeals;
import dev.cardtable.engine.Options;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.solver.Budget;
import dev.cardtable.engine.scoundrel.solver.ScoundrelSolver;
import dev.cardtable.platform.game.view.DealCertificate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Whether certified (and so daily) deals are easier than random winnable deals: draws
 * {@code --deals} certified deals exactly as the server does ({@link CertifiedDeals#seed}: secret
 * seeds, each decided within {@code --nodes} positions, the first proved winnable kept) and takes
 * as many random winnable deals (seeds {@code survey-0}, {@code survey-1}, … decided within the
 * same budget, the winnable ones in order; one of each in turn), computes each one's certificate
 * ({@link CertifiedDeals#certificate}: best score, winning first moves) and prints both
 * distributions side by side, with the means' 95% intervals and the two-sample
 * Kolmogorov–Smirnov distance against its 5% critical value.
 *
 * <pre>
 * ./mvnw -q test-compile exec:java -Dexec.mainClass=dev.cardtable.bench.CertifiedDifficulty \
 *   -Dexec.args="--deals 1000 --minutes 12 --configs lessOrEqual"
 * </pre>
 *
 * Options: {@code --deals} (per sample, default 500), {@code --minutes} (stop drawing after this
 * long per configuration and report the deals drawn; default no limit), {@code --nodes} (default
 * 20,000,000, the server's {@code cardtable.certified.nodes}), {@code --configs}
 * ({@code lessOrEqual}, {@code strictlyLess}, {@code simple}; default {@code lessOrEqual}). One
 * thread. Progress goes to standard error every 100 deals.
 */
public final class CertifiedDifficulty {

    private CertifiedDifficulty() {
    }

    public static void main(String[] argv) {
        Map<String, String> args = Args.parse(argv);
        int deals = Integer.parseInt(args.getOrDefault("deals", "500"));
        long nodes = Long.parseLong(args.getOrDefault("nodes", "20000000"));
        double minutes = Double.parseDouble(args.getOrDefault("minutes", "0"));
        String configs = args.getOrDefault("configs", "lessOrEqual");
        System.out.printf(Locale.ROOT, "up to %d deals per sample%s, node budget %,d, one thread%n", deals,
                minutes > 0 ? String.format(Locale.ROOT, " or %.0f minutes per configuration", minutes) : "", nodes);
        for (ScoundrelConfig c : ScoundrelConfig.values()) {
            String name = c == ScoundrelConfig.SIMPLE ? "simple" : c == ScoundrelConfig.LESS_OR_EQUAL ? "lessOrEqual" : "strictlyLess";
            if (configs.contains(name)) {
                compare(c, deals, nodes, minutes > 0 ? System.nanoTime() + (long) (minutes * 60e9) : Long.MAX_VALUE);
            }
        }
    }

    private static void compare(ScoundrelConfig c, int deals, long nodes, long deadline) {
        CertifiedDeals certified = new CertifiedDeals(nodes, 1000);
        String ruleset = c == ScoundrelConfig.SIMPLE ? "simple" : "standard";
        Options options = new Options(c == ScoundrelConfig.SIMPLE ? Map.of()
                : Map.of(ScoundrelRules.WEAPON_BINDING, c == ScoundrelConfig.LESS_OR_EQUAL ? "lessOrEqual" : "strictlyLess"));
        ScoundrelSolver solver = new ScoundrelSolver();
        // One certified deal, then the next random winnable one (seeds survey-0, survey-1, … in
        // order, the unwinnable passed over), until both samples are full or the time is up.
        List<DealCertificate> cert = new ArrayList<>();
        List<DealCertificate> rand = new ArrayList<>();
        int seed = 0;
        while (cert.size() < deals && System.nanoTime() < deadline) {
            cert.add(certified.certificate(certified.seed(ruleset, options), ruleset, options));
            while (true) {
                String s = "survey-" + seed++;
                if (solver.decide(c.deal(s), Budget.nodes(nodes)).winnable()) {
                    rand.add(certified.certificate(s, ruleset, options));
                    break;
                }
            }
            if (cert.size() % 100 == 0) {
                System.err.printf(Locale.ROOT, "%s: %d + %d deals%n", c.label, cert.size(), rand.size());
            }
        }
        int tried = seed;
        System.out.printf(Locale.ROOT, "%n%s: %d certified deals; %d random winnable deals (seeds survey-0 … survey-%d, %d tried)%n",
                c.label, cert.size(), rand.size(), tried - 1, tried);
        System.out.println("| figure | certified | random winnable |");
        System.out.println("|---|---:|---:|");
        int[][] edges = {{-1000, 10}, {11, 19}, {20, 20}, {21, 25}, {26, 30}};
        for (int[] e : edges) {
            System.out.printf(Locale.ROOT, "| best score %s | %s | %s |%n", e[0] == e[1] ? Integer.toString(e[0])
                            : (e[0] < 0 ? "≤ " + e[1] : e[0] + "–" + e[1]),
                    share(cert, d -> d.bestScore() != null && d.bestScore() >= e[0] && d.bestScore() <= e[1]),
                    share(rand, d -> d.bestScore() != null && d.bestScore() >= e[0] && d.bestScore() <= e[1]));
        }
        System.out.printf(Locale.ROOT, "| best score unknown | %s | %s |%n", share(cert, d -> d.bestScore() == null),
                share(rand, d -> d.bestScore() == null));
        System.out.printf(Locale.ROOT, "| best score mean [95%%] | %s | %s |%n", mean(cert, true), mean(rand, true));
        for (int k = 1; k <= 5; k++) {
            int n = k;
            System.out.printf(Locale.ROOT, "| winning first moves %s | %s | %s |%n", k == 5 ? "5" : Integer.toString(k),
                    share(cert, d -> d.winningFirstMoves() != null && d.winningFirstMoves() == n),
                    share(rand, d -> d.winningFirstMoves() != null && d.winningFirstMoves() == n));
        }
        System.out.printf(Locale.ROOT, "| winning first moves unknown | %s | %s |%n", share(cert, d -> d.winningFirstMoves() == null),
                share(rand, d -> d.winningFirstMoves() == null));
        System.out.printf(Locale.ROOT, "| winning first moves mean [95%%] | %s | %s |%n", mean(cert, false), mean(rand, false));
        System.out.printf(Locale.ROOT, "| positions p50 / p99 | %s | %s |%n", positions(cert), positions(rand));
        double crit = 1.36 * Math.sqrt((cert.size() + rand.size()) / (double) (cert.size() * rand.size()));
        System.out.printf(Locale.ROOT, "Kolmogorov–Smirnov distance, certified vs random: best score %.3f, winning first moves %.3f"
                        + " (5%% critical value %.3f)%n",
                ks(values(cert, true), values(rand, true)), ks(values(cert, false), values(rand, false)), crit);
    }

    private static String share(List<DealCertificate> ds, java.util.function.Predicate<DealCertificate> p) {
        return String.format(Locale.ROOT, "%.1f%%", 100.0 * ds.stream().filter(p).count() / ds.size());
    }

    private static double[] values(List<DealCertificate> ds, boolean best) {
        return ds.stream().map(d -> best ? d.bestScore() : d.winningFirstMoves()).filter(v -> v != null)
                .mapToDouble(Integer::doubleValue).sorted().toArray();
    }

    private static String mean(List<DealCertificate> ds, boolean best) {
        double[] v = values(ds, best);
        double m = Arrays.stream(v).average().orElse(Double.NaN);
        double sd = Math.sqrt(Arrays.stream(v).map(x -> (x - m) * (x - m)).sum() / Math.max(1, v.length - 1));
        double h = 1.96 * sd / Math.sqrt(v.length);
        return String.format(Locale.ROOT, "%.2f [%.2f, %.2f]", m, m - h, m + h);
    }

    private static String positions(List<DealCertificate> ds) {
        long[] p = ds.stream().mapToLong(DealCertificate::positions).sorted().toArray();
        return String.format(Locale.ROOT, "%,d / %,d", p[p.length / 2], p[(int) Math.min(p.length - 1, Math.ceil(p.length * 0.99) - 1)]);
    }

    /** The two-sample Kolmogorov–Smirnov distance of two sorted samples. */
    static double ks(double[] a, double[] b) {
        int i = 0;
        int j = 0;
        double d = 0;
        while (i < a.length && j < b.length) {
            double x = Math.min(a[i], b[j]);
            while (i < a.length && a[i] <= x) {
                i++;
            }
            while (j < b.length && b[j] <= x) {
                j++;
            }
            d = Math.max(d, Math.abs((double) i / a.length - (double) j / b.length));
        }
        return d;
    }
}
