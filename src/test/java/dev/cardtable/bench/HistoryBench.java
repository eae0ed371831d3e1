package dev.cardtable.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardtable.platform.db.EmbeddedDatabase;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/**
 * History and statistics at scale: fills a database with finished games ({@link HistoryGenerator})
 * and measures, over HTTP against the packaged server on that database, the history listing, player
 * statistics and replay ({@code states/{n}}); then prints {@code EXPLAIN ANALYZE} of the SQL those
 * requests run (copied from Hibernate's SQL log, {@code quarkus.hibernate-orm.log.sql=true}).
 *
 * <pre>
 * ./mvnw -q package -DskipTests
 * ./mvnw -q test-compile exec:java -Dexec.mainClass=dev.cardtable.bench.HistoryBench \
 *   -Dexec.args="--data-dir /tmp/ct-history --games 100000"
 * </pre>
 *
 * Steps: (1) the database: {@code --jdbc URL [--user U --password P]}, else an embedded PostgreSQL
 * started in this JVM in {@code --data-dir} (kept, so a second run skips generating); (2) the
 * server: {@code --jar} (default {@code target/quarkus-app/quarkus-run.jar}) started on that
 * database, which creates the schema with Flyway (or {@code --base URL} for a server already running
 * on it); (3) a check that the generator writes what the server writes: two games are played over
 * HTTP and their stored rows compared with the generator's serialisation of a replay; (4) unless the
 * database already holds {@code --games} finished games (default 100,000), generation of the rest,
 * then {@code VACUUM ANALYZE}; (5) {@code --requests} (300) timed requests per case after
 * {@code --warmup-requests} (100), one at a time; (6) the query plans. Everything stops by itself.
 */
public final class HistoryBench {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Map<String, String> args;
    private final int games;
    private final int requests;
    private final int warmupRequests;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();
    private String base;
    private String jdbc;
    private String user;
    private String password;
    private Process server;
    private Path serverLog;

    private HistoryBench(Map<String, String> args) {
        this.args = args;
        this.games = Integer.parseInt(args.getOrDefault("games", "100000"));
        this.requests = Integer.parseInt(args.getOrDefault("requests", "300"));
        this.warmupRequests = Integer.parseInt(args.getOrDefault("warmup-requests", "100"));
    }

    public static void main(String[] a) throws Exception {
        HistoryBench bench = new HistoryBench(Args.parse(a));
        int rc;
        try {
            rc = bench.run();
        } finally {
            bench.stopServer();
        }
        System.exit(rc);
    }

    private int run() throws Exception {
        database();
        startServer();
        try (Connection c = connect()) {
            System.out.println("== check: the generator writes what the server writes");
            List<String> diffs = verifySerialisation(c);
            if (!diffs.isEmpty()) {
                System.out.println("MISMATCH: " + diffs);
                return 1;
            }
            System.out.println("ok: options, state, result, seed_commitment, version and every move of a Scoundrel"
                    + " and a Dazzle game played over HTTP equal the generator's serialisation of their replay");

            generate(c);
            Population pop = population(c);
            if (!args.containsKey("skip-http")) {
                measure(pop);
            }
            explain(c, pop);
        }
        return 0;
    }

    // ---------------------------------------------------------------- database and server

    private void database() {
        if (args.containsKey("jdbc")) {
            jdbc = args.get("jdbc");
            user = args.get("user");
            password = args.get("password");
        } else {
            Path dir = Path.of(args.getOrDefault("data-dir", "/tmp/cardtable-history")).toAbsolutePath();
            EmbeddedDatabase db = EmbeddedDatabase.start(dir, false);
            Map<String, String> cfg = db.datasourceConfig();
            jdbc = cfg.get(EmbeddedDatabase.URL_PROPERTY);
            user = cfg.get("quarkus.datasource.username");
            password = cfg.get("quarkus.datasource.password");
            System.out.println("embedded PostgreSQL in " + dir + " on port " + db.port());
        }
    }

    private Connection connect() throws SQLException {
        String url = jdbc + (jdbc.contains("?") ? "&" : "?") + "reWriteBatchedInserts=true";
        return DriverManager.getConnection(url, user, password);
    }

    private void startServer() throws Exception {
        if (args.containsKey("base")) {
            base = args.get("base").replaceAll("/+$", "");
            awaitReady(Duration.ofSeconds(10));
            return;
        }
        String java = ProcessHandle.current().info().command().orElse("java");
        int port = args.containsKey("port") ? Integer.parseInt(args.get("port")) : freePort();
        List<String> cmd = new ArrayList<>(List.of(java,
                "-Dquarkus.http.port=" + port,
                "-Dquarkus.datasource.jdbc.url=" + jdbc,
                "-Dquarkus.datasource.username=" + user,
                "-Dquarkus.datasource.password=" + password));
        if (args.containsKey("server-opts")) {
            cmd.addAll(List.of(args.get("server-opts").trim().split("\\s+")));
        }
        cmd.addAll(List.of("-jar", args.getOrDefault("jar", "target/quarkus-app/quarkus-run.jar")));
        serverLog = Files.createTempFile("cardtable-history-server-", ".log");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(serverLog.toFile());
        pb.environment().remove("QUARKUS_DATASOURCE_JDBC_URL");
        server = pb.start();
        base = "http://localhost:" + port;
        System.out.println("server pid " + server.pid() + " on " + base + " (log " + serverLog + ")");
        awaitReady(Duration.ofSeconds(120));
    }

    private void awaitReady(Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (server != null && !server.isAlive()) {
                throw new IllegalStateException("server exited:\n" + Files.readString(serverLog));
            }
            try {
                if (get("/q/health/ready").statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not yet
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException("server not ready in " + timeout);
    }

    private void stopServer() {
        if (server == null) {
            return;
        }
        server.destroy();
        try {
            if (!server.waitFor(30, TimeUnit.SECONDS)) {
                server.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    // ---------------------------------------------------------------- generation

    private List<String> verifySerialisation(Connection c) throws Exception {
        List<String> diffs = new ArrayList<>();
        for (String body : List.of(
                "{\"type\":\"scoundrel\",\"seed\":\"history-bench-check\",\"seats\":[{\"name\":\"check\"}]}",
                "{\"type\":\"dazzle\",\"seed\":\"history-bench-check\",\"seats\":[{\"name\":\"check\"},{\"ai\":\"heuristic\"}]}")) {
            JsonNode game = JSON.readTree(send("POST", "/api/games", body, null, 201));
            String id = game.get("id").asText();
            String token = game.at("/credentials/0/token").asText();
            for (int i = 0; i < 200 && game.get("status").asText().equals("active"); i++) {
                game = JSON.readTree(send("POST", "/api/games/" + id + "/moves", game.at("/legalMoves/0").toString(),
                        token, 200));
            }
            if (!game.get("status").asText().equals("finished")) {
                diffs.add(id + " did not finish");
                continue;
            }
            HistoryGenerator.compareWithServer(c, UUID.fromString(id)).forEach(d -> diffs.add(id + ": " + d));
            try (PreparedStatement ps = c.prepareStatement("delete from games where id = ?")) {
                ps.setObject(1, UUID.fromString(id));
                ps.executeUpdate();
            }
        }
        return diffs;
    }

    private void generate(Connection c) throws SQLException {
        long have = scalarLong(c, "select count(*) from games where status = 'finished'");
        if (have >= games) {
            System.out.printf("== generation skipped: the database holds %,d finished games%n", have);
            return;
        }
        int todo = (int) (games - have);
        long seed = Long.parseLong(args.getOrDefault("seed", "1")) + have;
        System.out.printf("== generating %,d finished games (generator seed %d)%n", todo, seed);
        HistoryGenerator gen = new HistoryGenerator(seed, Instant.now());
        HistoryGenerator.Summary s = gen.insert(c, todo, i -> {
            if (i % 10_000 == 0) {
                System.out.printf("  %,d games%n", i);
            }
        });
        System.out.printf("generated %,d games (%,d Scoundrel of which %,d won, %,d Dazzle), %,d seats, %,d moves"
                        + " in %.0f s (%.0f games/s); longest Scoundrel game %d moves%n",
                s.games(), s.scoundrel(), s.scoundrelWon(), s.dazzle(), s.seats(), s.moves(), s.seconds(),
                s.games() / s.seconds(), s.longestScoundrel());
        long t0 = System.nanoTime();
        try (Statement st = c.createStatement()) {
            st.execute("vacuum analyze games");
            st.execute("vacuum analyze seats");
            st.execute("vacuum analyze moves");
        }
        System.out.printf("vacuum analyze: %.1f s%n", (System.nanoTime() - t0) / 1e9);
    }

    // ---------------------------------------------------------------- what to query

    /** Players by number of games, and long games to replay. */
    private record Population(List<Player> players, UUID longScoundrel, int longScoundrelMoves, UUID dazzle,
                              int dazzleMoves) {

        List<Player> tier(int fromRank, int toRank) {
            return players.subList(Math.min(fromRank, players.size() - 1), Math.min(toRank, players.size()));
        }
    }

    private record Player(String name, long games, long scoundrel) {
    }

    private Population population(Connection c) throws SQLException {
        List<Player> players = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("""
                select s.name, count(*), count(*) filter (where g.type = 'scoundrel')
                from seats s join games g on g.id = s.game_id
                where s.name is not null and g.status = 'finished'
                group by s.name order by count(*) desc, s.name""")) {
            while (rs.next()) {
                players.add(new Player(rs.getString(1), rs.getLong(2), rs.getLong(3)));
            }
        }
        UUID longS;
        int longSMoves;
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("""
                select id, version from games where type = 'scoundrel' and status = 'finished'
                order by version desc, id limit 1""")) {
            rs.next();
            longS = rs.getObject(1, UUID.class);
            longSMoves = rs.getInt(2);
        }
        UUID dz;
        int dzMoves;
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("""
                select id, version from games where type = 'dazzle' and status = 'finished'
                order by created_at desc, id desc limit 1""")) {
            rs.next();
            dz = rs.getObject(1, UUID.class);
            dzMoves = rs.getInt(2);
        }
        System.out.printf("== data: %,d games (%,d finished), %,d seats, %,d moves; %,d named players%n",
                scalarLong(c, "select count(*) from games"), scalarLong(c, "select count(*) from games where status = 'finished'"),
                scalarLong(c, "select count(*) from seats"), scalarLong(c, "select count(*) from moves"), players.size());
        System.out.printf("   table sizes: games %s, seats %s, moves %s%n",
                scalarText(c, "select pg_size_pretty(pg_total_relation_size('games'))"),
                scalarText(c, "select pg_size_pretty(pg_total_relation_size('seats'))"),
                scalarText(c, "select pg_size_pretty(pg_total_relation_size('moves'))"));
        Population p = new Population(players, longS, longSMoves, dz, dzMoves);
        for (int[] t : TIERS) {
            List<Player> tier = p.tier(t[0], t[1]);
            System.out.printf("   players of rank %d–%d: %s%n", t[0] + 1, t[1], tier.stream()
                    .map(x -> x.name() + " (" + x.games() + " games, " + x.scoundrel() + " Scoundrel)").toList());
        }
        return p;
    }

    /** Player tiers by popularity rank (0-based, exclusive end): the heaviest, a typical regular, the lightest. */
    private static final int[][] TIERS = {{0, 3}, {100, 103}, {1997, 2000}};
    private static final String[] TIER_NAMES = {"heavy", "medium", "light"};

    // ---------------------------------------------------------------- measuring

    private record Row(String what, Histogram latency, long bytes, int count) {
    }

    private void measure(Population pop) throws Exception {
        List<Row> rows = new ArrayList<>();
        System.out.printf("== measuring: %d warm-up + %d timed requests per case, one at a time%n", warmupRequests, requests);
        for (int t = 0; t < TIERS.length; t++) {
            List<Player> tier = pop.tier(TIERS[t][0], TIERS[t][1]);
            String label = TIER_NAMES[t] + " players (" + tier.stream().map(Player::scoundrel).toList() + " Scoundrel games)";
            rows.add(timed("GET /api/games?type=scoundrel&player=P&limit=20, " + label,
                    i -> "/api/games?type=scoundrel&player=" + tier.get(i % tier.size()).name() + "&limit=20"));
        }
        rows.add(timed("GET /api/games?type=scoundrel&player=P&limit=20, unknown player (0 games)",
                i -> "/api/games?type=scoundrel&player=nobody_" + (i % 7) + "&limit=20"));
        List<Player> heavy = pop.tier(TIERS[0][0], TIERS[0][1]);
        rows.add(timed("GET /api/games?player=P&result=won&limit=20, heavy players",
                i -> "/api/games?player=" + heavy.get(i % heavy.size()).name() + "&result=won&limit=20"));
        rows.add(timed("GET /api/games?status=finished&limit=50", i -> "/api/games?status=finished&limit=50"));
        rows.add(timed("GET /api/games?limit=20 (no filter)", i -> "/api/games?limit=20"));
        rows.add(paged("GET /api/games?status=finished&limit=50, pages 2–5 by nextCursor",
                "/api/games?status=finished&limit=50"));
        rows.add(paged("GET /api/games?type=scoundrel&player=P&limit=20, heavy player, pages 2–5 by nextCursor",
                "/api/games?type=scoundrel&player=" + heavy.getFirst().name() + "&limit=20"));
        for (int t = 0; t < TIERS.length; t++) {
            List<Player> tier = pop.tier(TIERS[t][0], TIERS[t][1]);
            rows.add(timed("GET /api/players/P/stats, " + TIER_NAMES[t] + " players ("
                            + tier.stream().map(Player::games).toList() + " games)",
                    i -> "/api/players/" + tier.get(i % tier.size()).name() + "/stats"));
        }
        int sMid = pop.longScoundrelMoves() / 2;
        rows.add(timed("GET /api/games/{id}/states/" + sMid + ", Scoundrel game of " + pop.longScoundrelMoves() + " moves",
                i -> "/api/games/" + pop.longScoundrel() + "/states/" + sMid));
        int dMid = pop.dazzleMoves() / 2;
        rows.add(timed("GET /api/games/{id}/states/" + dMid + ", Dazzle game of " + pop.dazzleMoves() + " moves",
                i -> "/api/games/" + pop.dazzle() + "/states/" + dMid));
        rows.add(timed("GET /api/games/{id}/states/" + pop.dazzleMoves() + " (the end), same Dazzle game",
                i -> "/api/games/" + pop.dazzle() + "/states/" + pop.dazzleMoves()));

        System.out.println();
        System.out.println("| Request | p50 ms | p90 ms | p99 ms | max ms | mean bytes |");
        System.out.println("|---|---:|---:|---:|---:|---:|");
        for (Row r : rows) {
            Histogram h = r.latency();
            System.out.printf("| %s | %.1f | %.1f | %.1f | %.1f | %,d |%n", r.what(),
                    h.getValueAtPercentile(50) / 1e6, h.getValueAtPercentile(90) / 1e6,
                    h.getValueAtPercentile(99) / 1e6, h.getMaxValue() / 1e6, r.bytes() / Math.max(1, r.count()));
        }
        System.out.println();
        System.out.printf("load average after: %s%n", Files.readString(Path.of("/proc/loadavg")).trim());
        if (server != null) {
            Map<String, String> st = ProcStat.status(server.pid());
            System.out.printf("server VmRSS %s, VmHWM %s%n", st.get("VmRSS"), st.get("VmHWM"));
        }
    }

    private Row timed(String what, IntFunction<String> path) throws Exception {
        Histogram h = new Histogram(60_000_000_000L, 3);
        long bytes = 0;
        for (int i = 0; i < warmupRequests + requests; i++) {
            String p = path.apply(i);
            long t0 = System.nanoTime();
            HttpResponse<String> r = get(p);
            long t1 = System.nanoTime();
            if (r.statusCode() != 200) {
                throw new IllegalStateException("GET " + p + " → " + r.statusCode() + ": " + r.body());
            }
            if (i >= warmupRequests) {
                h.recordValue(t1 - t0);
                bytes += r.body().length();
            }
        }
        System.out.printf("  %-100s p50 %.1f ms%n", what, h.getValueAtPercentile(50) / 1e6);
        return new Row(what, h, bytes, requests);
    }

    /** Fetches page 1 (untimed), then pages 2–5 by nextCursor (timed), until {@code requests} timed pages. */
    private Row paged(String what, String first) throws Exception {
        Histogram h = new Histogram(60_000_000_000L, 3);
        long bytes = 0;
        int timed = 0, warm = 0;
        while (timed < requests) {
            JsonNode page = JSON.readTree(get(first).body());
            for (int depth = 2; depth <= 5 && timed < requests; depth++) {
                String cursor = page.path("nextCursor").asText(null);
                if (cursor == null) {
                    break;
                }
                String p = first + "&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8);
                long t0 = System.nanoTime();
                HttpResponse<String> r = get(p);
                long t1 = System.nanoTime();
                if (r.statusCode() != 200) {
                    throw new IllegalStateException("GET " + p + " → " + r.statusCode() + ": " + r.body());
                }
                if (warm < warmupRequests) {
                    warm++;
                } else {
                    h.recordValue(t1 - t0);
                    bytes += r.body().length();
                    timed++;
                }
                page = JSON.readTree(r.body());
            }
        }
        System.out.printf("  %-100s p50 %.1f ms%n", what, h.getValueAtPercentile(50) / 1e6);
        return new Row(what, h, bytes, requests);
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private String send(String method, String path, String body, String token, int expect) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != expect) {
            throw new IllegalStateException(method + " " + path + " → " + r.statusCode() + ": " + r.body());
        }
        return r.body();
    }

    // ---------------------------------------------------------------- plans

    /** The history query as Hibernate renders it (select list of GameEntity, then the filters). */
    /** HistoryService's query for a player's page (seats first, as the service sends it). */
    private static final String HISTORY_BY_PLAYER = """
            select s.game_id, s.created_at from seats s
            where s.name = %s and s.game_type = %s
            order by s.created_at desc, s.game_id desc limit 42""";

    /** HistoryService's query for a status page after a cursor (a row comparison). */
    private static final String HISTORY_BY_STATUS = """
            select g.id, g.created_at from games g where true and g.status = 'finished'
              and (g.created_at, g.id) < (%s, %s)
            order by g.created_at desc, g.id desc limit 51""";

    /** HistoryService's stats query (seats alone). */
    private static final String STATS = """
            select game_type, count(*),
                   sum(case when outcome = 'won' then 1 else 0 end),
                   sum(case when outcome = 'lost' then 1 else 0 end),
                   sum(case when outcome = 'drawn' then 1 else 0 end),
                   max(score), avg(score)
            from seats where name = %s and outcome is not null
            group by game_type order by game_type""";

    /** Prints the plans of the queries HistoryService sends, for a heavy and a light player. */
    private void explain(Connection c, Population pop) throws SQLException {
        String heavy = pop.tier(TIERS[0][0], TIERS[0][1]).getFirst().name();
        String light = pop.tier(TIERS[2][0], TIERS[2][1]).getFirst().name();
        String cursorAt;
        String cursorId;
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(
                "select created_at, id from games where status = 'finished' order by created_at desc, id desc offset 20000 limit 1")) {
            rs.next();
            cursorAt = rs.getObject(1, java.time.OffsetDateTime.class).toString();
            cursorId = rs.getString(2);
        }
        List<String[]> plans = List.of(
                new String[]{"history: type=scoundrel&player=" + heavy + " (heavy)",
                        HISTORY_BY_PLAYER.formatted(lit(heavy), lit("scoundrel"))},
                new String[]{"history: type=scoundrel&player=" + light + " (light)",
                        HISTORY_BY_PLAYER.formatted(lit(light), lit("scoundrel"))},
                new String[]{"history: status=finished&limit=50, 20,000 games deep (cursor)",
                        HISTORY_BY_STATUS.formatted(lit(cursorAt) + "::timestamptz", lit(cursorId) + "::uuid")},
                new String[]{"stats: " + heavy + " (heavy)", STATS.formatted(lit(heavy))},
                new String[]{"stats: " + light + " (light)", STATS.formatted(lit(light))},
                new String[]{"replay: the move log of one game (MoveEntity.ofGame)",
                        "select * from moves where game_id = " + lit(pop.dazzle().toString()) + " order by seq"});
        System.out.println("== query plans (EXPLAIN (ANALYZE, BUFFERS))");
        try (Statement st = c.createStatement()) {
            for (String[] p : plans) {
                System.out.println("-- " + p[0]);
                explainTo(st, p[1]);
            }
        }
    }

    private static void explainTo(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery("explain (analyze, buffers) " + sql)) {
            while (rs.next()) {
                System.out.println("   " + rs.getString(1));
            }
        }
    }

    private static String lit(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    private static long scalarLong(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static String scalarText(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
