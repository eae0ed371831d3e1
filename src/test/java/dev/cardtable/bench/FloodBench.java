package dev.cardtable.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cardtable.support.ServerProcess;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.net.InetAddress;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Fair share under a flood ({@code docs/benchmarks.md}, "Fair share"): a victim (a registered
 * player with the bot budget, on 127.0.0.1) plays Dazzle against {@code random} as fast as it can
 * while flooders on other loopback addresses send one kind of request from N threads without pause
 * (on one address, or each on its own: {@code 16×1}). Prints the victim's move rate against its
 * quiet rate (measured after {@code --flood-warmup}, 5 s by default, of flood, so that the
 * flooders' bursts are spent), its move latencies, and what the flooders got. With
 * {@code --measure}, it first
 * prices each kind: the server's CPU (JVM and PostgreSQL) per request of a client without limits.
 *
 * <pre>
 * ./mvnw -q package -DskipTests
 * ./mvnw -q test-compile exec:java -Dexec.mainClass=dev.cardtable.bench.FloodBench \
 *   -Dexec.args="--duration 15s --threads 4,16 --kinds read,hint,create --measure"
 * </pre>
 */
public final class FloodBench {

    private final String base;
    private final long serverPid;
    private final long pgPid;
    private String victimKey;
    private String meterKey;

    private final Duration floodWarmup;

    private FloodBench(String base, long serverPid, long pgPid, Duration floodWarmup) {
        this.floodWarmup = floodWarmup;
        this.base = base;
        this.serverPid = serverPid;
        this.pgPid = pgPid;
    }

    public static void main(String[] argv) throws Exception {
        Map<String, String> args = Args.parse(argv);
        Duration duration = Args.duration(args.getOrDefault("duration", "15s"));
        List<Integer> threads = Arrays.stream(args.getOrDefault("threads", "4,16").split(",")).map(Integer::parseInt).toList();
        List<String> kinds = List.of(args.getOrDefault("kinds", "read,hint,create").split(","));
        Path dir = Files.createTempDirectory("cardtable-flood-");
        try (EmbeddedPostgres pg = EmbeddedPostgres.builder().setDataDirectory(dir.resolve("pg"))
                .setServerConfig("max_connections", "200").setPGStartupWait(Duration.ofSeconds(60)).start()) {
            String jdbc = "jdbc:postgresql://localhost:" + pg.getPort() + "/postgres";
            long pgPid = Long.parseLong(Files.readAllLines(dir.resolve("pg").resolve("postmaster.pid")).getFirst().trim());
            // The defaults, but for the victim and the meter: registered bots with an unbounded budget, and
            // no per-kind limit on moves and creations (600 moves and 60 games a minute would bound the
            // victim itself); the flooders then meet the budget alone, the harder case.
            try (ServerProcess server = ServerProcess.start(Map.of(
                    "quarkus.datasource.jdbc.url", jdbc,
                    "quarkus.datasource.username", "postgres",
                    "quarkus.datasource.password", "postgres",
                    "cardtable.rate-limit.budget.bots", "victim,meter",
                    "cardtable.rate-limit.budget.bot", "1000000000",
                    "cardtable.rate-limit.move", "100000000",
                    "cardtable.rate-limit.create", "100000000"), dir)) {
                new FloodBench(server.baseUri(), server.pid(), pgPid, Args.duration(args.getOrDefault("flood-warmup", "5s")))
                        .run(duration, threads, kinds, args.containsKey("measure"));
            }
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        System.exit(0);
    }

    private static InetAddress loopback(int host) throws Exception {
        return InetAddress.getByName("127.0.0." + host);
    }

    private void run(Duration duration, List<Integer> threads, List<String> kinds, boolean measure) throws Exception {
        BenchHttp setup = new BenchHttp(base, loopback(1));
        victimKey = setup.post("/api/players", Map.of("name", "victim"), null, 201).get("key").asText();
        meterKey = setup.post("/api/players", Map.of("name", "meter"), null, 201).get("key").asText();
        victim(Duration.ofSeconds(5), new AtomicBoolean()); // warm-up
        if (measure) {
            System.out.println("| kind | requests/s (4 threads, no limits) | server CPU per request (JVM + PostgreSQL) |");
            System.out.println("|---|---|---|");
            long t0 = cpu();
            Result v = victim(duration, new AtomicBoolean());
            System.out.printf(Locale.ROOT, "| move (Dazzle vs random, 1 client) | %.0f | %.2f ms |%n", v.rate(), (cpu() - t0) * 10.0 / v.moves());
            for (String kind : kinds) {
                Flood f = flood(kind, 4, false, meterKey, 250);
                long c0 = cpu();
                long n0 = f.served();
                Thread.sleep(duration.toMillis());
                long c1 = cpu();
                long n1 = f.served();
                f.stop();
                System.out.printf(Locale.ROOT, "| %s | %.0f | %.2f ms |%n", kind, (n1 - n0) * 1000.0 / duration.toMillis(),
                        (c1 - c0) * 10.0 / Math.max(1, n1 - n0));
            }
            System.out.println();
        }
        // Each row against the quiet rate measured just before it, since other work on the machine changes.
        System.out.println("| the other client floods | threads × addresses | victim's moves/s, quiet just before | under the flood | % of quiet | victim p50 / p99 (quiet; flood) | what the flooders got |");
        System.out.println("|---|---|---|---|---|---|---|");
        int host = 10;
        for (String kind : kinds) {
            for (int t : threads) {
                for (boolean spread : t == threads.getLast() ? List.of(false, true) : List.of(false)) {
                    Result quiet = victim(duration, new AtomicBoolean());
                    Flood f = flood(kind, t, spread, null, host);
                    host += spread ? t : 1;
                    Thread.sleep(floodWarmup.toMillis()); // the flood is under way, its burst spent
                    Result r = victim(duration, new AtomicBoolean());
                    f.stop();
                    System.out.printf(Locale.ROOT, "| %s | %s | %.0f | %.0f | %.0f %% | %.1f / %.1f ms; %.1f / %.1f ms | %s |%n", kind,
                            spread ? t + " × 1 (" + t + " addresses)" : t + " × 1 address", quiet.rate(), r.rate(),
                            100 * r.rate() / quiet.rate(), quiet.p50(), quiet.p99(), r.p50(), r.p99(), f.statuses());
                    Thread.sleep(floodWarmup.toMillis()); // refusals answered, buckets refilling
                }
            }
        }
    }

    private long cpu() {
        return ProcStat.cpuTicks(serverPid) + Math.max(0, ProcStat.treeCpuTicks(pgPid));
    }

    private record Result(long moves, double seconds, double p50, double p99) {
        double rate() {
            return moves / seconds;
        }
    }

    /** The victim plays Dazzle against random for {@code duration}, one request at a time. */
    private Result victim(Duration duration, AtomicBoolean stop) throws Exception {
        BenchHttp http = new BenchHttp(base, loopback(1));
        List<Long> latencies = new ArrayList<>();
        long start = System.nanoTime();
        long end = start + duration.toNanos();
        while (System.nanoTime() < end && !stop.get()) {
            JsonNode g = http.post("/api/games", Map.of("type", "dazzle", "seats", List.of(Map.of("name", "victim"),
                    Map.of("ai", "random"))), null, "X-Player-Key", victimKey, 201);
            String id = g.get("id").asText();
            String token = g.get("credentials").get(0).get("token").asText();
            while (g.get("legalMoves") != null && !g.get("legalMoves").isEmpty() && System.nanoTime() < end) {
                long t0 = System.nanoTime();
                HttpResponse<String> r = http.send("POST", "/api/games/" + id + "/moves",
                        BenchHttp.write(g.get("legalMoves").get(0)), token, new String[]{"X-Player-Key", victimKey});
                latencies.add(System.nanoTime() - t0);
                g = BenchHttp.read(BenchHttp.expect(r, 200, "victim's move"));
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        latencies.sort(null);
        return new Result(latencies.size(), seconds, pct(latencies, 0.5), pct(latencies, 0.99));
    }

    private static double pct(List<Long> sorted, double q) {
        return sorted.isEmpty() ? 0 : sorted.get(Math.min(sorted.size() - 1, (int) (q * sorted.size()))) / 1e6;
    }

    /** Flooding threads, and the statuses they got. */
    private static final class Flood {
        final AtomicBoolean stop = new AtomicBoolean();
        final List<Thread> threads = new ArrayList<>();
        final Map<Integer, AtomicLong> statuses = new ConcurrentHashMap<>();

        void count(int status) {
            statuses.computeIfAbsent(status, s -> new AtomicLong()).incrementAndGet();
        }

        long served() {
            return statuses.entrySet().stream().filter(e -> e.getKey() < 300).mapToLong(e -> e.getValue().get()).sum();
        }

        void stop() throws InterruptedException {
            stop.set(true);
            for (Thread t : threads) {
                t.join(120_000);
            }
        }

        String statuses() {
            StringBuilder b = new StringBuilder();
            new TreeMap<>(statuses).forEach((s, n) -> b.append(b.isEmpty() ? "" : ", ").append(String.format(Locale.ROOT, "%,d × %d", n.get(), s)));
            return b.toString();
        }
    }

    /**
     * {@code n} threads sending {@code kind} without pause: from 127.0.0.{@code host} (or each from
     * its own address when {@code spread}), anonymous or with {@code playerKey}.
     */
    private Flood flood(String kind, int n, boolean spread, String playerKey, int host) throws Exception {
        Flood f = new Flood();
        for (int i = 0; i < n; i++) {
            BenchHttp http = new BenchHttp(base, loopback(spread ? host + i : host));
            String[] key = playerKey == null ? null : new String[]{"X-Player-Key", playerKey};
            Thread t = new Thread(() -> {
                String id = null;
                String token = null;
                while (!f.stop.get()) {
                    try {
                        if (!kind.equals("create") && id == null) {
                            HttpResponse<String> r = http.send("POST", "/api/games", BenchHttp.write(Map.of("type", "scoundrel",
                                    "seats", List.of(Map.of("name", playerKey == null ? "flooder" : "meter")))), null, key);
                            f.count(r.statusCode());
                            if (r.statusCode() == 201) {
                                JsonNode g = BenchHttp.read(r.body());
                                id = g.get("id").asText();
                                token = g.get("credentials").get(0).get("token").asText();
                            }
                            continue;
                        }
                        switch (kind) {
                            case "read" -> f.count(http.send("GET", "/api/games/" + id, null, token, key).statusCode());
                            case "hint" -> {
                                HttpResponse<String> r = http.send("GET", "/api/games/" + id + "/hint", null, token, key);
                                f.count(r.statusCode());
                                if (r.statusCode() == 200) { // play it: the next hint is of a new position
                                    HttpResponse<String> m = http.send("POST", "/api/games/" + id + "/moves",
                                            BenchHttp.write(BenchHttp.read(r.body()).get("move")), token, key);
                                    f.count(m.statusCode());
                                    JsonNode g = m.statusCode() == 200 ? BenchHttp.read(m.body()) : null;
                                    if (g != null && !"active".equals(g.path("status").asText())) {
                                        id = null;
                                    }
                                } else if (r.statusCode() == 409 || r.statusCode() == 404) {
                                    id = null;
                                }
                            }
                            case "create" -> f.count(http.send("POST", "/api/games", BenchHttp.write(Map.of("type", "dazzle",
                                    "seats", List.of(Map.of("ai", "ismcts"), Map.of("ai", "ismcts")))), null, key).statusCode());
                            default -> throw new IllegalArgumentException("kind: read, hint or create, not " + kind);
                        }
                    } catch (RuntimeException e) {
                        f.count(-1);
                    }
                }
            }, "flood-" + kind + "-" + i);
            t.setDaemon(true);
            f.threads.add(t);
            t.start();
        }
        return f;
    }
}
