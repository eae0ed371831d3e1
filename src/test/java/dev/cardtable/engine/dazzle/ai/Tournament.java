package dev.cardtable.engine.dazzle.ai;

import dev.cardtable.bench.Stats;
import dev.cardtable.engine.Player;
import dev.cardtable.engine.dazzle.DazzleMove;
import dev.cardtable.engine.dazzle.DazzleView;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * Plays seeded games between every pair of computer opponent levels and prints each pairing's win
 * rate with a 95% Wilson interval over decided games, plus draws. Each pairing plays every deal
 * twice, once from each seat order, so that neither side profits from a lucky deal or seat.
 *
 * <p>Usage: {@code ./mvnw -q test-compile exec:java
 * -Dexec.mainClass=dev.cardtable.engine.dazzle.ai.Tournament -Dexec.args="DEALS [ISMCTS_DEALS]
 * [THREADS] [LEVELS]"}: {@code DEALS} deals per pairing without ismcts (default 1000),
 * {@code ISMCTS_DEALS} deals per pairing with ismcts (default 150), {@code THREADS} parallel games
 * (default: available processors), {@code LEVELS} a comma-separated list of levels (default
 * {@link DazzleOpponents#LEVELS}, {@code random,heuristic,ismcts}; {@code ismcts:N} sets the iterations). Games are deterministic:
 * deal {@code i} has seed {@code "tournament-i"}.
 */
public final class Tournament {

    private Tournament() {
    }

    public static void main(String[] args) throws Exception {
        int deals = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int ismctsDeals = args.length > 1 ? Integer.parseInt(args[1]) : 150;
        int threads = args.length > 2 ? Integer.parseInt(args[2]) : Runtime.getRuntime().availableProcessors();
        List<String> levels = List.of((args.length > 3 ? args[3] : String.join(",", DazzleOpponents.LEVELS)).split(","));
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        long start = System.nanoTime();
        List<String> rows = new ArrayList<>();
        rows.add(String.format(Locale.ROOT, "%-24s %-24s %6s %6s %6s %6s  %-22s %10s %10s",
                "A", "B", "games", "A won", "B won", "draws", "A win rate (95% CI)", "A ms/dec", "B ms/dec"));
        for (int i = 0; i < levels.size(); i++) {
            for (int j = 0; j < i; j++) {
                String a = levels.get(i), b = levels.get(j);
                int n = a.startsWith("ismcts") || b.startsWith("ismcts") ? ismctsDeals : deals;
                rows.add(pairing(pool, a, b, n));
                System.out.println(rows.getLast());
            }
        }
        pool.shutdown();
        System.out.println();
        rows.forEach(System.out::println);
        System.out.printf(Locale.ROOT, "%nthreads %d, %.1f s%n", threads, (System.nanoTime() - start) / 1e9);
    }

    /**
     * The opponent named {@code level}: a level name, or {@code ismcts:N} / {@code expert:N} for N
     * iterations; {@code expert:N:exploration:marginWeight:presentSamples:chooseGreedy:width:evalWeight:evalScale}
     * tunes expert;
     * {@code oracle-<name>} is that side also shown the other hand's colours ({@link Match.Oracle});
     * {@code oracle-present<R>-<name>} is shown them only when presenting from round {@code R} on,
     * {@code oracle-choose<R>-<name>} only when choosing from round {@code R} on.
     */
    static Supplier<Player<DazzleView, DazzleMove>> player(String level) {
        java.util.regex.Matcher partial = java.util.regex.Pattern.compile("oracle-(present|choose)([1-9])-(.+)")
                .matcher(level);
        if (partial.matches()) {
            Supplier<Player<DazzleView, DazzleMove>> inner = player(partial.group(3));
            int from = Integer.parseInt(partial.group(2));
            boolean presenting = partial.group(1).equals("present");
            return () -> new Match.Oracle(inner.get(), presenting, !presenting, from);
        }
        if (level.startsWith("oracle-")) {
            Supplier<Player<DazzleView, DazzleMove>> inner = player(level.substring("oracle-".length()));
            return () -> new Match.Oracle(inner.get());
        }
        String[] parts = level.split(":");
        return switch (parts[0]) {
            case "random" -> RandomPlayer::new;
            case "heuristic" -> {
                if (parts.length == 1) {
                    yield HeuristicPlayer::new;
                }
                Heuristic h = new Heuristic(Double.parseDouble(parts[1]), Double.parseDouble(parts[2]),
                        Double.parseDouble(parts[3]));
                yield () -> new HeuristicPlayer(h);
            }
            case "ismcts" -> {
                int it = parts.length > 1 ? Integer.parseInt(parts[1]) : IsmctsPlayer.DEFAULT_ITERATIONS;
                Search.Config cfg = config(parts);
                yield () -> new IsmctsPlayer(it, cfg);
            }
            case "expert" -> {
                int it = parts.length > 1 ? Integer.parseInt(parts[1]) : ExpertPlayer.DEFAULT_ITERATIONS;
                Search.Config d = ExpertPlayer.CONFIG;
                Search.Config cfg = new Search.Config(
                        parts.length > 2 ? Double.parseDouble(parts[2]) : d.exploration(),
                        parts.length > 3 ? Double.parseDouble(parts[3]) : d.marginWeight(), 0, d.heuristic(),
                        parts.length > 4 ? Integer.parseInt(parts[4]) : d.presentSamples(),
                        parts.length > 5 ? Double.parseDouble(parts[5]) : d.chooseGreedy(),
                        parts.length > 6 ? Integer.parseInt(parts[6]) : d.width(),
                        parts.length > 7 ? Double.parseDouble(parts[7]) : d.evalWeight(),
                        parts.length > 8 ? Double.parseDouble(parts[8]) : d.evalScale());
                yield () -> new ExpertPlayer(it, cfg);
            }
            default -> throw new IllegalArgumentException("unknown level " + level);
        };
    }

    /** Tuning knobs: {@code ismcts:N:exploration:marginWeight:greedy}. */
    private static Search.Config config(String[] parts) {
        Search.Config d = Search.Config.STANDARD;
        double c = parts.length > 2 ? Double.parseDouble(parts[2]) : d.exploration();
        double mw = parts.length > 3 ? Double.parseDouble(parts[3]) : d.marginWeight();
        double g = parts.length > 4 ? Double.parseDouble(parts[4]) : d.greedy();
        return new Search.Config(c, mw, g, d.heuristic());
    }

    private static String pairing(ExecutorService pool, String a, String b, int deals) throws Exception {
        Supplier<Player<DazzleView, DazzleMove>> pa = player(a), pb = player(b);
        List<Future<int[]>> futures = new ArrayList<>();
        for (int d = 0; d < deals; d++) {
            String seed = "tournament-" + d;
            for (int aSeat = 0; aSeat < 2; aSeat++) {
                int as = aSeat;
                futures.add(pool.submit(() -> {
                    List<Player<DazzleView, DazzleMove>> players =
                            as == 0 ? List.of(pa.get(), pb.get()) : List.of(pb.get(), pa.get());
                    Match.Outcome o = Match.play(seed, players);
                    Integer w = o.result().winner();
                    int result = w == null ? 0 : w == as ? 1 : -1;
                    return new int[]{result, (int) (o.thinkNanos()[as] / 1000), o.decisions()[as],
                            (int) (o.thinkNanos()[1 - as] / 1000), o.decisions()[1 - as]};
                }));
            }
        }
        int aWon = 0, bWon = 0, draws = 0;
        long aMicros = 0, bMicros = 0, aDec = 0, bDec = 0;
        for (Future<int[]> f : futures) {
            int[] r = f.get();
            if (r[0] > 0) {
                aWon++;
            } else if (r[0] < 0) {
                bWon++;
            } else {
                draws++;
            }
            aMicros += r[1];
            aDec += r[2];
            bMicros += r[3];
            bDec += r[4];
        }
        int decided = aWon + bWon;
        double[] ci = Stats.wilson(aWon, decided);
        return String.format(Locale.ROOT, "%-24s %-24s %6d %6d %6d %6d  %5.1f%% [%5.1f, %5.1f] %10.2f %10.2f",
                a, b, futures.size(), aWon, bWon, draws,
                decided == 0 ? 0 : 100.0 * aWon / decided, 100 * ci[0], 100 * ci[1],
                aDec == 0 ? 0 : aMicros / 1000.0 / aDec, bDec == 0 ? 0 : bMicros / 1000.0 / bDec);
    }
}
