package dev.cardtable.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cardtable.platform.db.EmbeddedDatabase;
import dev.cardtable.support.ServerProcess;
import org.HdrHistogram.Histogram;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * The ratings' reads at scale ({@code docs/ratings.md}, "Leaderboards"): fills {@code --players}
 * registered players with a {@code dazzle/standard} rating each, by SQL, then times the
 * leaderboard's pages and players' ratings (with their rank) through HTTP against the packaged
 * server.
 *
 * <pre>
 * ./mvnw -q package -DskipTests
 * ./mvnw -q test-compile exec:java -Dexec.mainClass=dev.cardtable.bench.RatingsBench \
 *   -Dexec.args="--players 100000 --reps 300"
 * </pre>
 *
 * <p>The fill, player {@code i} of {@code n} (deterministic): rating 1500 + 350·z with z from a
 * seeded normal draw; deviation 45 to 110 for four players in five (settled) and 111 to 350 for
 * the rest (provisional); last played within the last 29 days for nine in ten, 31 to 400 days ago
 * for the rest (inactive). The server runs on an embedded PostgreSQL in a throw-away directory with
 * its rate limits off. Measured, after {@code --warmup} unmeasured requests of each kind:
 * <ul>
 *   <li>{@code page 1}: the leaderboard's first page (limit 50), {@code --reps} times;</li>
 *   <li>{@code pages 2..}: {@code --reps} pages by cursor, walking from the top down and starting
 *       over at the top after {@code --depth} pages;</li>
 *   <li>{@code player}: {@code GET /api/players/{name}/ratings} of a random player, its rank
 *       counted among the ranked ones, {@code --reps} times.</li>
 * </ul>
 * Prints p50, p99 and the largest latency (ms) of each; the target is a page's p99 at
 * most 20 ms with 100,000 rated players.
 */
public final class RatingsBench {

    private BenchHttp http;

    private RatingsBench() {
    }

    public static void main(String[] a) throws Exception {
        Map<String, String> args = Args.parse(a);
        int players = Integer.parseInt(args.getOrDefault("players", "100000"));
        int reps = Integer.parseInt(args.getOrDefault("reps", "300"));
        int warmup = Integer.parseInt(args.getOrDefault("warmup", "50"));
        int depth = Integer.parseInt(args.getOrDefault("depth", "40"));
        Path jar = Path.of("target/quarkus-app/quarkus-run.jar");
        if (!Files.isRegularFile(jar)) {
            System.out.println("RatingsBench: " + jar + " is missing; build the server first: ./mvnw -q package -DskipTests");
            System.exit(2);
        }
        Path dir = Files.createTempDirectory("ratingsbench-");
        EmbeddedDatabase db = EmbeddedDatabase.start(dir, true);
        Map<String, String> props = new HashMap<>(db.datasourceConfig());
        props.put("cardtable.rate-limit.enabled", "false");
        int rc;
        try (ServerProcess server = ServerProcess.start(props)) {
            RatingsBench bench = new RatingsBench();
            bench.http = new BenchHttp(server.baseUri());
            long t0 = System.nanoTime();
            fill(db.datasourceConfig(), players);
            System.out.printf(Locale.ROOT, "· %d rated players filled in %.1f s%n", players, (System.nanoTime() - t0) / 1e9);
            rc = bench.measure(players, reps, warmup, depth);
        }
        System.exit(rc);
    }

    private static void fill(Map<String, String> ds, int n) throws Exception {
        try (Connection c = DriverManager.getConnection(ds.get("quarkus.datasource.jdbc.url"),
                ds.get("quarkus.datasource.username"), ds.get("quarkus.datasource.password"));
             Statement st = c.createStatement()) {
            st.execute("select setseed(0.42)");
            st.execute("""
                    insert into players (id, name, key_hash, created_at)
                    select md5('rb' || i)::uuid, 'rb-' || i, md5('rbk' || i), now() - interval '1 year'
                    from generate_series(1, %d) i""".formatted(n));
            st.execute("""
                    insert into ratings (player_id, game_type, ruleset, rating, deviation, volatility, games, last_played)
                    select md5('rb' || i)::uuid, 'dazzle', 'standard',
                           1500 + 350 * sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()),
                           case when i %% 5 = 0 then 111 + random() * 239 else 45 + random() * 65 end,
                           0.06, 1 + (i %% 300),
                           case when i %% 10 = 0 then now() - make_interval(days => 31 + (i %% 370))
                                else now() - make_interval(secs => (i %% (29 * 86400))) end
                    from generate_series(1, %d) i""".formatted(n));
            st.execute("vacuum analyze players");
            st.execute("vacuum analyze ratings");
        }
    }

    private int measure(int players, int reps, int warmup, int depth) throws Exception {
        Random random = new Random(7);
        Map<String, Histogram> out = new LinkedHashMap<>();
        out.put("page 1", new Histogram(TimeUnit.MINUTES.toMicros(1), 3));
        out.put("pages 2..", new Histogram(TimeUnit.MINUTES.toMicros(1), 3));
        out.put("player", new Histogram(TimeUnit.MINUTES.toMicros(1), 3));
        String board = "/api/ratings/dazzle/standard/leaderboard?limit=50";
        String cursor = null;
        int walked = 0;
        for (int i = -warmup; i < reps; i++) {
            time(board, i >= 0 ? out.get("page 1") : null);
            if (cursor == null || walked >= depth) {
                cursor = http.getJson(board).path("nextCursor").asText(null);
                walked = 0;
            }
            String page = board + "&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8);
            JsonNode next = time(page, i >= 0 ? out.get("pages 2..") : null);
            cursor = next.path("nextCursor").asText(null);
            walked++;
            time("/api/players/rb-" + (1 + random.nextInt(players)) + "/ratings", i >= 0 ? out.get("player") : null);
        }
        System.out.printf("%-10s %6s %9s %9s %9s%n", "read", "count", "p50 ms", "p99 ms", "max ms");
        boolean met = true;
        for (var e : out.entrySet()) {
            Histogram h = e.getValue();
            System.out.printf(Locale.ROOT, "%-10s %6d %9.2f %9.2f %9.2f%n", e.getKey(), h.getTotalCount(),
                    h.getValueAtPercentile(50) / 1000.0, h.getValueAtPercentile(99) / 1000.0, h.getMaxValue() / 1000.0);
            if (e.getKey().startsWith("page") && h.getValueAtPercentile(99) > 20_000) {
                met = false;
            }
        }
        System.out.println("a leaderboard page's p99 at most 20 ms: " + (met ? "met" : "NOT met"));
        return 0;
    }

    private JsonNode time(String path, Histogram into) throws Exception {
        long t0 = System.nanoTime();
        JsonNode body = http.getJson(path);
        if (into != null) {
            into.recordValue(Math.max(1, (System.nanoTime() - t0) / 1000));
        }
        return body;
    }
}
