package dev.cardtable.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.URI;
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
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The cost of a move through Card Table as a ratio to PostgreSQL alone, measured in one run on one
 * PostgreSQL.
 *
 * <pre>
 * ./mvnw -q package -DskipTests
 * ./mvnw -q test-compile exec:java -Dexec.mainClass=dev.cardtable.bench.MoveBench \
 *   -Dexec.args="--duration 30s --warmup 10s --clients 1,16"
 * </pre>
 *
 * <p>Steps, each bounded in time:
 * <ol>
 *   <li>Starts an embedded PostgreSQL (zonky) in a throw-away {@code --data-dir}, fsync and
 *       synchronous commit on, with a JSON log ({@code log_destination=jsonlog}) in
 *       {@code <data-dir>/pg/log}, and the packaged server ({@code --jar}, default
 *       {@code target/quarkus-app/quarkus-run.jar}; this tool builds nothing and stops if it is
 *       missing) as a child process on a free port, pointed at that PostgreSQL.</li>
 *   <li>Captures the SQL of one move: plays {@value #UNLOGGED_MOVES} Scoundrel moves unlogged, then
 *       sets {@code log_statement=all} ({@code ALTER SYSTEM} + {@code pg_reload_conf()}), plays
 *       {@value #LOGGED_MOVES} more one at a time, and turns logging off. A log entry belongs to a
 *       move request when a server connection logged it between the request's send and its
 *       response; the request chosen is the last one (not finishing its game) whose statement
 *       sequence is the most common among the logged requests.</li>
 *   <li>Stops the server, copies the captured game (games row, seats, the moves before the captured
 *       one) {@code --pgbench-games} times (default 20,000, so that a run's inserts add little to
 *       each copy's move log), and runs {@code pgbench -M prepared -n -c N -j N -r} with two
 *       scripts: the captured statements with their logged parameter values, and the minimal move
 *       transaction (lock, insert, update of ~1–2 KB jsonb state). How the first script differs
 *       from the log is printed.</li>
 *   <li>Starts the server again, warms it with unmeasured games for {@code --server-warmup}
 *       (default 60 s) at each client count, the largest first and then in the order measured (the
 *       JIT's compilation would otherwise be counted as a run's CPU per move: under the largest
 *       count the compiler threads get little CPU, so it goes on compiling once the load is light),
 *       and runs {@link LoadTool} in-process (Scoundrel, played to the end with {@code --policy},
 *       default {@value LoadTool#BEST_HEALTH}).</li>
 *   <li>Prints the captured statements and one table: per run, clients, transactions or moves per
 *       second, p50 and p99 latency (ms), server CPU per move (ms), PostgreSQL CPU (the postmaster,
 *       its live and its exited backends, see {@link ProcStat#treeCpuTicks}) per transaction or
 *       move (ms), and for Card Table the ratios pgbench tx/s ÷ moves/s.</li>
 * </ol>
 *
 * Every run starts after {@code VACUUM ANALYZE} of games, seats and moves and a {@code CHECKPOINT}.
 * Each pgbench run lasts warm-up + duration + 2 s; only transactions completing in the measured
 * window (from pgbench's per-transaction log, {@code -l}) count, and CPU is read at the window's
 * edges while the connections are open. Every child process (server, pgbench, PostgreSQL) is
 * stopped on exit, also on failure or Ctrl-C, and the data directory is deleted unless
 * {@code --keep}.
 *
 * <p>Options: {@code --duration D} (30s, measured, per run), {@code --warmup D} (10s, per run),
 * {@code --clients 1,16}, {@code --data-dir DIR} (must be absent or empty; default a new temporary
 * directory), {@code --keep}, {@code --jar PATH}, {@code --baseline-jar PATH} (another build, measured
 * on the same database and printed beside it), {@code --baseline-opts "JVM options"} (the baseline's
 * own server options, after {@code --server-opts}; without {@code --baseline-jar} the baseline is this
 * build run with them, e.g. tracing off against on), {@code --rounds N} (3: with a baseline, N rounds of
 * this build then the baseline, each round's ratios of moves/s and of p50, and their medians), {@code --pgbench PATH} (pgbench on the PATH, or
 * /usr/bin/pgbench), {@code --pgbench-games N} (20000), {@code --policy best-health|first-play},
 * {@code --seed N} (1, the load clients' tie-breaking), {@code --server-opts "JVM options"},
 * {@code --server-warmup D} (60s; 0s for none), {@code --endings N} (instead of all the above:
 * the latency of N rated games' endings beside N unrated ones', {@link #endings}), {@code --marks N}
 * (likewise: N unrated games' whole lives, created, seated and ended, with the read-model marks of
 * migration V20 on beside N with them off), {@code --credentials N} (likewise: N Scoundrel moves
 * made with a scoped token beside N made with the player key).
 * Durations: {@code 500ms}, {@code 10s}, {@code 2m}. The server runs with its rate limits
 * switched off: every load client shares one address.
 */
public final class MoveBench {

    static final int UNLOGGED_MOVES = 14;
    static final int LOGGED_MOVES = 8;

    /** Copies of the captured game are {@code md5(i::text)::uuid} for i in 1..games. */
    private static final String GAME_EXPR = "md5(:gi::text)::uuid";
    /** pgbench's moves.seq: fresh per client and transaction, far above any real game's. */
    private static final long SEQ_BASE = 1_000_000;
    private static final String APP = "movebench";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DateTimeFormatter LOG_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS 'UTC'");
    private static final Pattern EXECUTE = Pattern.compile("^execute ([^:]*): (.*)$", Pattern.DOTALL);
    private static final Pattern PARAM = Pattern.compile("\\$(\\d+)");
    private static final Pattern INSERT = Pattern.compile(
            "^\\s*insert\\s+into\\s+(?:\\w+\\.)?\"?(\\w+)\"?\\s*(?:\\(([^)]*)\\)\\s*)?values\\s*\\((.*)\\)\\s*;?\\s*$",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    /** An insert into moves from a VALUES list: its first row and the list's alias columns, {@code v(seq, …)}. */
    private static final Pattern INSERT_FROM_VALUES = Pattern.compile(
            "insert\\s+into\\s+(?:\\w+\\.)?\"?moves\"?\\b.*?\\(\\s*values\\s*\\(([^)]*)\\).*?\\)\\s*\\w+\\s*\\(([^)]*)\\)",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    /** The optimistic write's check that the game is still as read: {@code and version = $n}. */
    private static final Pattern GUARD = Pattern.compile("\\band\\s+(version|seats_taken)\\s*=\\s*\\$(\\d+)",
            Pattern.CASE_INSENSITIVE);

    private final Map<String, String> args;
    private final Duration duration;
    private final Duration warmup;
    private final Duration serverWarmup;
    private final List<Integer> clients;
    private final boolean keep;
    private final Path jar;
    /** Another build of the server measured in the same run, after this one ({@code --baseline-jar}), or null. */
    private final Path baselineJar;

    /** With a baseline: rounds of this build then the baseline ({@code --rounds}). */
    private final int rounds;
    private final int poolGames;
    private final String policy;
    private final long seed;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();
    private final PrintStream out = System.out;

    private Path dir;
    private boolean createdDir;
    private Path work;
    private String pgbench;
    private EmbeddedPostgres pg;
    private long postmaster;
    private String jdbc;
    private volatile Process server;
    private volatile Process pgbenchProcess;
    private String base;
    private boolean cleaned;

    private MoveBench(Map<String, String> args) {
        this.args = args;
        duration = Args.duration(args.getOrDefault("duration", "30s"));
        warmup = Args.duration(args.getOrDefault("warmup", "10s"));
        serverWarmup = Args.duration(args.getOrDefault("server-warmup", "60s"));
        clients = Stream.of(args.getOrDefault("clients", "1,16").split(",")).map(String::trim)
                .map(Integer::parseInt).toList();
        keep = args.containsKey("keep");
        jar = Path.of(args.getOrDefault("jar", "target/quarkus-app/quarkus-run.jar")).toAbsolutePath();
        baselineJar = args.containsKey("baseline-jar") ? Path.of(args.get("baseline-jar")).toAbsolutePath()
                : args.containsKey("baseline-opts") ? jar : null;
        rounds = Integer.parseInt(args.getOrDefault("rounds", "3"));
        poolGames = Integer.parseInt(args.getOrDefault("pgbench-games", "20000"));
        policy = args.getOrDefault("policy", LoadTool.BEST_HEALTH);
        seed = Long.parseLong(args.getOrDefault("seed", "1"));
        if (duration.toMillis() < 1000 || clients.isEmpty() || clients.stream().anyMatch(c -> c < 1 || c > 128)) {
            throw new IllegalArgumentException("--duration must be at least 1s and --clients 1 to 128 each");
        }
    }

    public static void main(String[] a) {
        MoveBench bench;
        try {
            bench = new MoveBench(Args.parse(a));
        } catch (RuntimeException e) {
            System.err.println("MoveBench: " + e.getMessage());
            System.exit(2);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(bench::cleanUp, "movebench-cleanup"));
        int rc;
        try {
            rc = bench.run();
        } catch (Exception e) {
            System.err.println("MoveBench failed: " + e);
            e.printStackTrace();
            rc = 1;
        }
        bench.cleanUp();
        System.exit(rc);
    }

    // ---------------------------------------------------------------- the run

    private int run() throws Exception {
        if (!Files.isRegularFile(jar)) {
            out.println("MoveBench: " + jar + " is missing. This tool builds nothing; build the server first:");
            out.println("  ./mvnw -q package -DskipTests");
            return 2;
        }
        if (args.containsKey("credentials")) {
            prepareDirectory();
            startPostgres();
            startServer(jar);
            return credentials(Integer.parseInt(args.get("credentials")));
        }
        if (args.containsKey("endings") || args.containsKey("marks")) {
            prepareDirectory();
            startPostgres();
            startServer(jar);
            boolean marks = args.containsKey("marks");
            return endings(Integer.parseInt(args.get(marks ? "marks" : "endings")), marks);
        }
        pgbench = findPgbench();
        prepareDirectory();
        startPostgres();
        Map<String, String> settings;
        try (Connection c = connect()) {
            settings = settings(c);
        }
        out.printf("· PostgreSQL %s in %s (fsync %s, synchronous_commit %s, shared_buffers %s), postmaster %d%n",
                settings.get("server_version"), dir.resolve("pg"), settings.get("fsync"),
                settings.get("synchronous_commit"), settings.get("shared_buffers"), postmaster);

        startServer(jar);
        Capture capture = capture();
        stopServer();
        printCapture(capture);

        Map<Integer, Row> sqlRows = new LinkedHashMap<>();
        Map<Integer, Row> minimalRows = new LinkedHashMap<>();
        Map<Integer, Row> ourRows = new LinkedHashMap<>();
        Script sqlScript;
        Script minimal;
        try (Connection c = connect()) {
            createPool(c, capture);
            sqlScript = serverSqlScript(capture);
            minimal = minimalScript(c, capture);
        }
        printScriptNotes(sqlScript, minimal);
        for (int n : clients) {
            sqlRows.put(n, pgbenchRun("server-sql", sqlScript, n));
            minimalRows.put(n, pgbenchRun("minimal", minimal, n));
        }

        List<Map<Integer, Row>> ourRounds = new ArrayList<>();
        List<Map<Integer, Row>> baselineRounds = new ArrayList<>();
        for (int round = 0; round < (baselineJar == null ? 1 : rounds); round++) {
            ourRounds.add(loadRuns(jar, ""));
            if (baselineJar != null) {
                baselineRounds.add(loadRuns(baselineJar, args.getOrDefault("baseline-opts", "")));
            }
        }
        ourRows.putAll(ourRounds.get(0));

        printTable(sqlRows, minimalRows, ourRows, settings);
        printBaseline(ourRounds, baselineRounds);
        boolean clean = Stream.concat(Stream.of(sqlRows, minimalRows), Stream.concat(ourRounds.stream(),
                        baselineRounds.stream())).flatMap(m -> m.values().stream())
                .allMatch(r -> r.errors == 0);
        if (keep) {
            out.println("kept: " + dir + " (PostgreSQL data in pg/, its log in pg/log/, scripts and logs in work/)");
        }
        return clean ? 0 : 1;
    }

    /**
     * {@code --endings N}: what a rated game's end costs beside an unrated one's
     * ({@code docs/ratings.md}). Registers {@value #ENDING_PAIRS} pairs of players, then plays
     * {@code N / 4} unmeasured games of each kind and {@code N} measured ones of each, alternating
     * rated and unrated: a Dazzle game created with the first player's key, its open seat taken
     * with the second's, and the second resigning. The resignation is the ending: its latency
     * (request sent to answer read) is recorded per kind. Prints p50, p99 and mean of each and
     * the ratios rated / unrated; exit status 1 if a request failed.
     */
    private int endings(int n, boolean marks) throws SQLException {
        if (n < 10) {
            throw new IllegalArgumentException("--endings and --marks must be at least 10");
        }
        BenchHttp h = new BenchHttp(base);
        List<String[]> players = new ArrayList<>();
        for (int i = 0; i < 2 * ENDING_PAIRS; i++) {
            String name = "ending-" + seed + "-" + i;
            JsonNode r = h.post("/api/players", Map.of("name", name), null, 201);
            players.add(new String[]{name, r.get("key").asText()});
        }
        Histogram rated = new Histogram(TimeUnit.MINUTES.toMicros(1), 3);
        Histogram unrated = new Histogram(TimeUnit.MINUTES.toMicros(1), 3);
        int warm = n / 4;
        out.printf("· endings: %d unmeasured and %d measured of each kind, alternating, %d pairs of players%n",
                warm, n, ENDING_PAIRS);
        String[] kinds = marks ? new String[]{"marks off", "marks on"} : new String[]{"unrated", "rated"};
        for (int i = -2 * warm; i < 2 * n; i++) {
            boolean second = (i & 1) != 0;
            boolean isRated = second && !marks;
            if (marks) {
                marks(second);
            }
            long life = System.nanoTime();
            String[] a = players.get(2 * (Math.floorMod(i, 2 * ENDING_PAIRS) / 2));
            String[] b = players.get(2 * (Math.floorMod(i, 2 * ENDING_PAIRS) / 2) + 1);
            JsonNode created = h.post("/api/games", Map.of("type", "dazzle", "rated", isRated,
                    "seats", List.of(Map.of("name", a[0]), Map.of("open", true))), null, "X-Player-Key", a[1], 201);
            String id = created.get("id").asText();
            JsonNode taken = h.post("/api/games/" + id + "/seats/1", Map.of("name", b[0]), null, "X-Player-Key", b[1], 200);
            String token = taken.get("credentials").get(0).get("token").asText();
            long t0 = System.nanoTime();
            JsonNode ended = h.post("/api/games/" + id + "/moves", Map.of("action", "resign"), token, 200);
            long micros = (System.nanoTime() - (marks ? life : t0)) / 1000;
            if (!"finished".equals(ended.get("status").asText())
                    || isRated != ended.get("seats").get(1).hasNonNull("ratingDiff")) {
                out.println("MoveBench: the ending of " + id + " was not as expected: " + ended);
                return 1;
            }
            if (i >= 0) {
                (second ? rated : unrated).recordValue(Math.max(1, micros));
            }
        }
        if (marks) {
            marks(true);
        }
        out.printf("%-10s %8s %10s %10s %10s%n", marks ? "game" : "ending", "count", "p50 ms", "p99 ms", "mean ms");
        for (var e : List.of(Map.entry(kinds[0], unrated), Map.entry(kinds[1], rated))) {
            Histogram x = e.getValue();
            out.printf(Locale.ROOT, "%-10s %8d %10.2f %10.2f %10.2f%n", e.getKey(), x.getTotalCount(),
                    x.getValueAtPercentile(50) / 1000.0, x.getValueAtPercentile(99) / 1000.0, x.getMean() / 1000.0);
        }
        out.printf(Locale.ROOT, kinds[1] + " / " + kinds[0] + ": p50 %.2f×, p99 %.2f×, mean %.2f× (load average %s)%n",
                (double) rated.getValueAtPercentile(50) / unrated.getValueAtPercentile(50),
                (double) rated.getValueAtPercentile(99) / unrated.getValueAtPercentile(99),
                rated.getMean() / unrated.getMean(), loadAverage());
        return 0;
    }

    static final int ENDING_PAIRS = 16;

    /**
     * {@code --credentials N}: what a scoped token adds to a move beside the player key
     * ({@code docs/api.md}, "Tokens and OAuth"). Registers a player and makes it a
     * {@code game:play} token, then plays {@code N / 4} unmeasured and {@code N} measured Scoundrel
     * moves with each, alternating key and token, each in a game of its own credential (a new one
     * when it ends), always the first legal move. A move's latency is from request sent to answer
     * read. Prints p50, p99 and mean of each and the ratios token / key; exit status 1 if a request
     * failed.
     */
    private int credentials(int n) {
        if (n < 10) {
            throw new IllegalArgumentException("--credentials must be at least 10");
        }
        BenchHttp h = new BenchHttp(base);
        String name = "credentials-" + seed;
        String key = h.post("/api/players", Map.of("name", name), null, 201).get("key").asText();
        String token = h.post("/api/account/tokens", Map.of("description", "bench", "scopes", List.of("game:play")), null,
                "X-Player-Key", key, 201).get("token").asText();
        Histogram byKey = new Histogram(TimeUnit.MINUTES.toMicros(1), 3);
        Histogram byToken = new Histogram(TimeUnit.MINUTES.toMicros(1), 3);
        JsonNode[] games = new JsonNode[2];
        int warm = n / 4;
        out.printf("· credentials: %d unmeasured and %d measured moves with each, alternating key and token%n", warm, n);
        for (int i = -2 * warm; i < 2 * n; i++) {
            int kind = i & 1;
            String bearer = kind == 1 ? token : null;
            String header = kind == 0 ? "X-Player-Key" : null;
            String value = kind == 0 ? key : null;
            if (games[kind] == null || !"active".equals(games[kind].get("status").asText())) {
                games[kind] = h.post("/api/games", Map.of("type", "scoundrel", "seats", List.of(Map.of("name", name))),
                        bearer, header, value, 201);
            }
            String id = games[kind].get("id").asText();
            JsonNode move = games[kind].get("legalMoves").get(0);
            long t0 = System.nanoTime();
            games[kind] = h.post("/api/games/" + id + "/moves", move, bearer, header, value, 200);
            long micros = (System.nanoTime() - t0) / 1000;
            if (i >= 0) {
                (kind == 1 ? byToken : byKey).recordValue(Math.max(1, micros));
            }
        }
        out.printf("%-10s %8s %10s %10s %10s%n", "move by", "count", "p50 ms", "p99 ms", "mean ms");
        for (var e : List.of(Map.entry("key", byKey), Map.entry("token", byToken))) {
            Histogram x = e.getValue();
            out.printf(Locale.ROOT, "%-10s %8d %10.2f %10.2f %10.2f%n", e.getKey(), x.getTotalCount(),
                    x.getValueAtPercentile(50) / 1000.0, x.getValueAtPercentile(99) / 1000.0, x.getMean() / 1000.0);
        }
        out.printf(Locale.ROOT, "token / key: p50 %.3f×, p99 %.3f×, mean %.3f× (load average %s)%n",
                (double) byToken.getValueAtPercentile(50) / byKey.getValueAtPercentile(50),
                (double) byToken.getValueAtPercentile(99) / byKey.getValueAtPercentile(99),
                byToken.getMean() / byKey.getMean(), loadAverage());
        return 0;
    }

    /** Turns the read-model marks' triggers (migration V20) on or off. */
    private void marks(boolean on) throws SQLException {
        try (Connection c = connect(); var st = c.createStatement()) {
            for (String table : List.of("games", "seats")) {
                st.execute("alter table " + table + (on ? " enable" : " disable") + " trigger user");
            }
        }
    }

    /** One line of the table. NaN: not measured. */
    record Row(String label, int clients, double perSecond, double p50Ms, double p99Ms, double serverCpuMs,
               double pgCpuMs, long count, double seconds, long errors, String note) {
    }

    // ---------------------------------------------------------------- processes

    private String findPgbench() throws Exception {
        List<String> candidates = args.containsKey("pgbench") ? List.of(args.get("pgbench"))
                : List.of("pgbench", "/usr/bin/pgbench");
        for (String p : candidates) {
            try {
                Process v = new ProcessBuilder(p, "--version").redirectErrorStream(true).start();
                if (v.waitFor(10, TimeUnit.SECONDS) && v.exitValue() == 0) {
                    out.println("· " + new String(v.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim());
                    return p;
                }
                v.destroyForcibly();
            } catch (IOException e) {
                // try the next
            }
        }
        throw new IllegalStateException("pgbench not found (tried " + candidates + "); give --pgbench PATH");
    }

    private void prepareDirectory() throws IOException {
        if (args.containsKey("data-dir")) {
            dir = Path.of(args.get("data-dir")).toAbsolutePath();
            if (Files.exists(dir)) {
                try (Stream<Path> s = Files.list(dir)) {
                    if (s.findAny().isPresent()) {
                        throw new IllegalStateException("--data-dir " + dir + " is not empty; give a new or empty"
                                + " directory (it is a throw-away one)");
                    }
                }
            } else {
                Files.createDirectories(dir);
                createdDir = true;
            }
        } else {
            dir = Files.createTempDirectory("movebench-");
            createdDir = true;
        }
        work = Files.createDirectories(dir.resolve("work"));
    }

    private void startPostgres() throws IOException {
        pg = EmbeddedPostgres.builder()
                .setDataDirectory(dir.resolve("pg"))
                .setCleanDataDirectory(false) // this tool deletes the directory unless --keep
                .setRegisterShutdownHook(false) // this tool's hook stops it after the server
                .setServerConfig("max_connections", "200")
                .setServerConfig("fsync", "on")
                .setServerConfig("synchronous_commit", "on")
                .setServerConfig("logging_collector", "on")
                .setServerConfig("log_destination", "jsonlog")
                .setServerConfig("log_directory", "log")
                .setServerConfig("log_filename", "postgresql.log")
                .setServerConfig("log_rotation_age", "0")
                .setServerConfig("log_rotation_size", "0")
                .setServerConfig("log_timezone", "UTC")
                .setPGStartupWait(Duration.ofSeconds(60))
                .start();
        jdbc = "jdbc:postgresql://localhost:" + pg.getPort() + "/postgres";
        postmaster = Long.parseLong(Files.readAllLines(dir.resolve("pg").resolve("postmaster.pid")).get(0).trim());
    }

    private Connection connect() throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", "postgres");
        p.setProperty("password", "postgres");
        p.setProperty("ApplicationName", APP);
        return DriverManager.getConnection(jdbc, p);
    }

    private static Map<String, String> settings(Connection c) throws SQLException {
        Map<String, String> m = new LinkedHashMap<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("select name, setting || coalesce(unit, '')"
                + " from pg_settings where name in ('server_version', 'fsync', 'synchronous_commit', 'shared_buffers',"
                + " 'max_connections')")) {
            while (rs.next()) {
                m.put(rs.getString(1), rs.getString(2));
            }
        }
        return m;
    }

    private void startServer(Path jar) throws Exception {
        startServer(jar, "");
    }

    /** Starts {@code jar} with {@code --server-opts} and then {@code extraOpts} (JVM options, space-separated). */
    private void startServer(Path jar, String extraOpts) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        List<String> cmd = new ArrayList<>(List.of(java,
                "-Dquarkus.http.port=" + port,
                "-Dquarkus.datasource.jdbc.url=" + jdbc,
                "-Dquarkus.datasource.username=postgres",
                "-Dquarkus.datasource.password=postgres",
                // The load clients share one address and far exceed a person's allowance.
                "-Dcardtable.rate-limit.enabled=false"));
        if (args.containsKey("server-opts")) {
            cmd.addAll(List.of(args.get("server-opts").trim().split("\\s+")));
        }
        if (!extraOpts.isBlank()) {
            cmd.addAll(List.of(extraOpts.trim().split("\\s+")));
        }
        cmd.addAll(List.of("-jar", jar.toString()));
        Path log = work.resolve("server.log");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        pb.environment().remove("QUARKUS_DATASOURCE_JDBC_URL");
        server = pb.start();
        base = "http://localhost:" + port;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            if (!server.isAlive()) {
                throw new IllegalStateException("the server exited; its log:\n" + tail(log));
            }
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base + "/q/health/ready"))
                        .timeout(Duration.ofSeconds(5)).GET().build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    out.println("· server pid " + server.pid() + " on " + base + " (log " + log + ")");
                    return;
                }
            } catch (IOException e) {
                // not yet
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException("the server was not ready within 120 s; its log:\n" + tail(log));
    }

    private void stopServer() {
        Process p = server;
        if (p == null) {
            return;
        }
        p.destroy();
        try {
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        server = null;
    }

    /** Stops pgbench, the server and PostgreSQL (in that order) and deletes the directory unless --keep. */
    private synchronized void cleanUp() {
        if (cleaned) {
            return;
        }
        cleaned = true;
        Process b = pgbenchProcess;
        if (b != null && b.isAlive()) {
            b.destroyForcibly();
        }
        stopServer();
        if (pg != null) {
            try {
                pg.close();
            } catch (Exception e) {
                System.err.println("MoveBench: stopping PostgreSQL: " + e);
            }
        }
        if (dir != null && !keep) {
            try (Stream<Path> s = Files.walk(dir)) {
                s.sorted(Comparator.reverseOrder()).filter(p -> createdDir || !p.equals(dir)).forEach(p -> {
                    try {
                        Files.deleteIfExists(p);
                    } catch (IOException e) {
                        // best effort
                    }
                });
            } catch (IOException e) {
                // best effort
            }
        }
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    // ---------------------------------------------------------------- capturing one move's SQL

    /**
     * One statement as PostgreSQL logged it: the SQL, its parameters ($1 at index 0; null = NULL)
     * and how it was sent ({@code simple} query, or the prepared statement's name in the extended
     * protocol: {@code <unnamed>} is parsed and planned at each execution, {@code S_n} is prepared).
     */
    record Logged(Instant at, long pid, long line, String sql, List<String> params, String via) {
    }

    /** A move request: sent at {@code t0}, answered at {@code t1}, its game and move number. */
    record Request(Instant t0, Instant t1, String gameId, int seq, boolean finishing) {
    }

    /** The chosen move's statements and what they were chosen from. */
    record Capture(Request request, List<Logged> statements, int sameShape, int logged, List<Integer> counts) {
    }

    private Capture capture() throws Exception {
        Player player = new Player();
        for (int i = 0; i < UNLOGGED_MOVES; i++) {
            player.move();
        }
        try (Connection c = connect(); Statement st = c.createStatement()) {
            st.execute("alter system set log_statement = 'all'");
            st.execute("alter system set log_parameter_max_length = -1");
            st.execute("alter system set log_min_duration_statement = -1");
            st.execute("select pg_reload_conf()");
            Thread.sleep(500);
            List<Request> requests = new ArrayList<>();
            try {
                for (int i = 0; i < LOGGED_MOVES; i++) {
                    requests.add(player.move());
                    Thread.sleep(100); // keeps the requests' log entries apart
                }
            } finally {
                st.execute("alter system reset log_statement");
                st.execute("alter system reset log_parameter_max_length");
                st.execute("alter system reset log_min_duration_statement");
                st.execute("select pg_reload_conf()");
            }
            Thread.sleep(500);
            return choose(requests, readLog());
        }
    }

    /** Plays Scoundrel over HTTP one move at a time with the load tool's policy; a finished game is replaced. */
    private final class Player {
        private final Random random = new Random(seed);
        private JsonNode game;
        private String token;

        Request move() throws Exception {
            if (game == null || !"active".equals(game.path("status").asText())) {
                game = JSON.readTree(send("POST", "/api/games",
                        "{\"type\":\"scoundrel\",\"seats\":[{\"name\":\"movebench\"}]}", null, 201));
                token = game.at("/credentials/0/token").asText();
            }
            JsonNode move = policy.equals(LoadTool.FIRST_PLAY) ? LoadTool.firstPlay(game.path("legalMoves"))
                    : LoadTool.bestForHealth(game, random);
            String id = game.path("id").asText();
            Instant t0 = Instant.now();
            game = JSON.readTree(send("POST", "/api/games/" + id + "/moves", move.toString(), token, 200));
            Instant t1 = Instant.now();
            return new Request(t0, t1, id, game.path("version").asInt(), !"active".equals(game.path("status").asText()));
        }
    }

    private String send(String method, String path, String body, String token, int expect) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != expect) {
            throw new IllegalStateException(method + " " + path + ": " + r.statusCode() + " " + r.body());
        }
        return r.body();
    }

    /** The statements of client connections other than this tool's, from the JSON log. */
    private List<Logged> readLog() throws IOException {
        List<Logged> out = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> s = Files.list(dir.resolve("pg").resolve("log"))) {
            files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        for (Path f : files) {
            for (String line : Files.readAllLines(f)) {
                JsonNode e;
                try {
                    e = JSON.readTree(line);
                } catch (IOException partial) {
                    continue; // a line still being written
                }
                if (!"client backend".equals(e.path("backend_type").asText())
                        || APP.equals(e.path("application_name").asText())) {
                    continue;
                }
                String message = e.path("message").asText();
                String sql;
                String via;
                Matcher m = EXECUTE.matcher(message);
                if (message.startsWith("statement: ")) {
                    sql = message.substring("statement: ".length());
                    via = "simple";
                } else if (m.matches()) {
                    sql = m.group(2);
                    via = m.group(1);
                } else {
                    continue;
                }
                Instant at = LocalDateTime.parse(e.path("timestamp").asText(), LOG_TIME).toInstant(ZoneOffset.UTC);
                out.add(new Logged(at, e.path("pid").asLong(), e.path("line_num").asLong(), sql.trim(),
                        parameters(e.path("detail").asText("")), via));
            }
        }
        return out;
    }

    /** {@code Parameters: $1 = 'a''b', $2 = NULL} → ["a'b", null]. */
    static List<String> parameters(String detail) {
        List<String> values = new ArrayList<>();
        if (!detail.startsWith("Parameters: ")) {
            return values;
        }
        String s = detail.substring("Parameters: ".length());
        int i = 0;
        while (i < s.length()) {
            int eq = s.indexOf(" = ", i);
            if (s.charAt(i) != '$' || eq < 0) {
                throw new IllegalArgumentException("unexpected parameter list at " + i + ": " + detail);
            }
            int n = Integer.parseInt(s.substring(i + 1, eq));
            i = eq + 3;
            String value;
            if (s.startsWith("NULL", i)) {
                value = null;
                i += 4;
            } else if (s.charAt(i) == '\'') {
                StringBuilder v = new StringBuilder();
                i++;
                while (true) {
                    char ch = s.charAt(i++);
                    if (ch == '\'') {
                        if (i < s.length() && s.charAt(i) == '\'') {
                            v.append('\'');
                            i++;
                        } else {
                            break;
                        }
                    } else {
                        v.append(ch);
                    }
                }
                value = v.toString();
            } else {
                throw new IllegalArgumentException("unexpected parameter value at " + i + ": " + detail);
            }
            while (values.size() < n) {
                values.add(null);
            }
            values.set(n - 1, value);
            if (s.startsWith(", ", i)) {
                i += 2;
            }
        }
        return values;
    }

    /**
     * The statements logged within each request's window (send to response, widened by 1 ms for the
     * log's millisecond timestamps), in log order; then the last request, among those not finishing
     * their game, whose statement sequence (SQL without parameters) is the most common.
     */
    static Capture choose(List<Request> requests, List<Logged> log) {
        List<List<Logged>> perRequest = new ArrayList<>();
        for (Request r : requests) {
            Instant from = r.t0().truncatedTo(java.time.temporal.ChronoUnit.MILLIS).minusMillis(1);
            Instant to = r.t1().plusMillis(1);
            perRequest.add(log.stream().filter(l -> !l.at().isBefore(from) && !l.at().isAfter(to))
                    .sorted(Comparator.comparing(Logged::at).thenComparing(Logged::pid).thenComparing(Logged::line))
                    .toList());
        }
        Map<String, Integer> shapes = new LinkedHashMap<>();
        for (int i = 0; i < requests.size(); i++) {
            if (!requests.get(i).finishing() && !perRequest.get(i).isEmpty()) {
                shapes.merge(shape(perRequest.get(i)), 1, Integer::sum);
            }
        }
        if (shapes.isEmpty()) {
            throw new IllegalStateException("no statements were logged for the " + requests.size()
                    + " move requests: is log_statement honoured, and does the server use this PostgreSQL?");
        }
        String common = shapes.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
        for (int i = requests.size() - 1; i >= 0; i--) {
            if (!requests.get(i).finishing() && shape(perRequest.get(i)).equals(common)) {
                return new Capture(requests.get(i), perRequest.get(i), shapes.get(common), requests.size(),
                        perRequest.stream().map(List::size).toList());
            }
        }
        throw new IllegalStateException("unreachable");
    }

    private static String shape(List<Logged> statements) {
        return statements.stream().map(l -> l.sql().replaceAll("\\s+", " ")).collect(Collectors.joining("\n"));
    }

    private void printCapture(Capture c) {
        out.println();
        out.printf("One move's SQL, from PostgreSQL's statement log: %d statements (move %d of game %s;"
                        + " %d of %d logged move requests had this sequence of statements; statements per logged"
                        + " request: %s)%n",
                c.statements().size(), c.request().seq(), c.request().gameId(), c.sameShape(), c.logged(),
                c.counts());
        int i = 1;
        for (Logged l : c.statements()) {
            out.printf("%3d  %s   [%s]%n", i++, l.sql().replaceAll("\\s+", " "), l.via());
            if (!l.params().isEmpty()) {
                List<String> shown = new ArrayList<>();
                for (int p = 0; p < l.params().size(); p++) {
                    shown.add("$" + (p + 1) + "=" + abbreviate(l.params().get(p)));
                }
                out.println("       " + String.join(", ", shown));
            }
        }
    }

    private static String abbreviate(String v) {
        if (v == null) {
            return "NULL";
        }
        int bytes = v.getBytes(StandardCharsets.UTF_8).length;
        return bytes <= 40 ? "'" + v + "'" : "'" + v.substring(0, 30) + "…' (" + bytes + " bytes)";
    }

    // ---------------------------------------------------------------- pgbench scripts

    /** A pgbench script and its variables ({@code -D name=value}); {@code notes} say how it differs from the log. */
    record Script(String name, Path file, Map<String, String> variables, List<String> notes) {
    }

    /** Copies the captured game {@link #poolGames} times: games row, seats, and the moves before the captured one. */
    private void createPool(Connection c, Capture capture) throws SQLException {
        long t0 = System.nanoTime();
        String id = capture.request().gameId();
        c.setAutoCommit(false);
        copyRows(c, "games", "id", "g.id = ?::uuid", id, Map.of("record_hash", "null"));
        copyRows(c, "seats", "game_id", "g.game_id = ?::uuid", id,
                Map.of("token_hash", "substr(repeat(md5(i::text || g.token_hash), 4), 1, length(g.token_hash))"));
        copyRows(c, "moves", "game_id", "g.game_id = ?::uuid and g.seq < " + capture.request().seq(), id, Map.of());
        c.commit();
        c.setAutoCommit(true);
        try (Statement st = c.createStatement()) {
            st.execute("vacuum analyze games, seats, moves");
        }
        out.printf("%n· %,d copies of game %s (games row, seats, its %d moves before the captured one) in %.1f s%n",
                poolGames, id, capture.request().seq() - 1, (System.nanoTime() - t0) / 1e9);
    }

    /** insert into T (cols) select <cols, key replaced by md5(i)::uuid> from T g, generate_series(1, games) i where … */
    private void copyRows(Connection c, String table, String key, String where, String id, Map<String, String> overrides)
            throws SQLException {
        List<String> columns = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("select column_name from information_schema.columns"
                + " where table_schema = current_schema() and table_name = ? order by ordinal_position")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    columns.add(rs.getString(1));
                }
            }
        }
        String select = columns.stream().map(col -> col.equals(key) ? "md5(i::text)::uuid"
                : overrides.getOrDefault(col, "g." + col)).collect(Collectors.joining(", "));
        String sql = "insert into " + table + " (" + String.join(", ", columns) + ") select " + select + " from "
                + table + " g, generate_series(1, " + poolGames + ") i where " + where;
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, id);
            ps.executeUpdate();
        }
    }

    /**
     * The captured statements in order, each on one line; {@code $n} becomes {@code :pK} (the
     * logged value, passed with {@code -D}, sent as a parameter by {@code -M prepared}) except the
     * game id ({@value #GAME_EXPR}, a random copy), moves.seq ({@code :seq}, fresh) and the
     * optimistic write's version check ({@link #guardParameters}); a NULL stays an inline NULL.
     */
    private Script serverSqlScript(Capture capture) throws IOException {
        String gameId = capture.request().gameId();
        String seqText = Integer.toString(capture.request().seq());
        Map<String, String> vars = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        StringBuilder script = new StringBuilder(header());
        int gameParams = 0;
        int seqParams = 0;
        int nulls = 0;
        boolean insertsMoves = false;
        int guarded = 0;
        for (Logged l : capture.statements()) {
            String sql = l.sql().replaceAll("\\s+", " ").trim();
            if (sql.endsWith(";")) {
                sql = sql.substring(0, sql.length() - 1);
            }
            int seqParam = seqParameter(sql, l.params(), seqText);
            Map<Integer, String> guards = guardParameters(sql);
            guarded += guards.size();
            insertsMoves |= isMovesInsert(sql);
            StringBuilder s = new StringBuilder();
            Matcher m = PARAM.matcher(sql);
            while (m.find()) {
                int n = Integer.parseInt(m.group(1));
                String value = n <= l.params().size() ? l.params().get(n - 1) : null;
                String replacement;
                if (guards.containsKey(n)) {
                    replacement = guards.get(n);
                } else if (n == seqParam) {
                    replacement = ":seq";
                    seqParams++;
                } else if (value != null && value.equalsIgnoreCase(gameId)) {
                    replacement = GAME_EXPR;
                    gameParams++;
                } else if (value == null) {
                    replacement = "NULL";
                    nulls++;
                } else {
                    String name = "p" + (vars.size() + 1);
                    vars.put(name, value);
                    replacement = ":" + name;
                }
                m.appendReplacement(s, Matcher.quoteReplacement(replacement));
            }
            m.appendTail(s);
            script.append(s).append(";\n");
        }
        notes.add(gameParams + " parameters equal to the game id became " + GAME_EXPR
                + " (a random one of the copies, i = random(1, " + poolGames + ") per transaction)");
        if (guarded > 0) {
            notes.add(guarded + " parameters of the write's check that the game is unchanged since read (and version = $n)"
                    + " became the column itself, a check that holds as it did for the server");
        }
        if (seqParams > 0) {
            notes.add(seqParams + " moves.seq parameter became :seq = " + SEQ_BASE
                    + " + (transactions so far) × clients + client id, so that every insert has a fresh key");
        } else if (insertsMoves) {
            notes.add("WARNING: the move inserts into moves but no seq parameter was recognised; pgbench will"
                    + " repeat the logged key and fail");
        }
        notes.add(vars.size() + " other parameters keep their logged values (as PostgreSQL logged them: jsonb in"
                + " its output form), passed with -D and sent as parameters (-M prepared)"
                + (nulls > 0 ? "; " + nulls + " NULL parameters are inline NULLs" : ""));
        Map<String, Long> via = capture.statements().stream().collect(Collectors.groupingBy(
                l -> l.via().startsWith("S_") ? "named prepared" : l.via(), LinkedHashMap::new, Collectors.counting()));
        notes.add("-M prepared parses and plans each statement once per connection; the server's driver sent these"
                + " as " + via + " (the driver prepares a statement on a connection from its 5th use there)");
        Path file = work.resolve("server-sql.pgbench");
        Files.writeString(file, script.toString());
        return new Script("server-SQL", file, vars, notes);
    }

    private static String header() {
        return "\\set gi random(1, :ngames)\n\\set k :k + 1\n\\set seq :base + :k * :nclients + :client_id\n";
    }

    private static boolean isMovesInsert(String sql) {
        Matcher m = INSERT.matcher(sql);
        return m.matches() && m.group(1).equalsIgnoreCase("moves") || INSERT_FROM_VALUES.matcher(sql).find();
    }

    /**
     * The parameters of an optimistic write's check that the game is unchanged since it was read
     * ({@code and version = $n}), each mapped to its column: inlined as {@code version = version},
     * the check holds on every copy, however often pgbench has updated it, as it held for the server.
     */
    static Map<Integer, String> guardParameters(String sql) {
        Map<Integer, String> out = new LinkedHashMap<>();
        Matcher m = GUARD.matcher(sql);
        while (m.find()) {
            out.put(Integer.parseInt(m.group(2)), m.group(1));
        }
        return out;
    }

    /**
     * The parameter number ($n) of moves.seq in an {@code insert into moves (…) values (…)}: by the
     * column list, else the parameter whose logged value is the move's number; 0 if none.
     */
    static int seqParameter(String sql, List<String> params, String seqText) {
        Matcher v = INSERT_FROM_VALUES.matcher(sql);
        if (v.find()) {
            String[] row = v.group(1).split(",");
            String[] cols = v.group(2).split(",");
            for (int i = 0; i < cols.length && i < row.length; i++) {
                Matcher p = PARAM.matcher(row[i]);
                if (cols[i].trim().equalsIgnoreCase("seq") && p.find()) {
                    return Integer.parseInt(p.group(1));
                }
            }
        }
        Matcher m = INSERT.matcher(sql);
        if (!m.matches() || !m.group(1).equalsIgnoreCase("moves")) {
            return 0;
        }
        String[] cols = m.group(2) == null ? new String[0] : m.group(2).split(",");
        String[] values = m.group(3).split(",");
        if (cols.length == values.length) {
            for (int i = 0; i < cols.length; i++) {
                Matcher p = PARAM.matcher(values[i].trim());
                if (cols[i].trim().replace("\"", "").equalsIgnoreCase("seq") && p.matches()) {
                    return Integer.parseInt(p.group(1));
                }
            }
        }
        for (int i = 0; i < params.size(); i++) {
            if (seqText.equals(params.get(i))) {
                return i + 1;
            }
        }
        return 0;
    }

    /** BEGIN; lock the game; insert the move; update version, state and time; COMMIT. */
    private Script minimalScript(Connection c, Capture capture) throws SQLException, IOException {
        String state;
        String move;
        try (PreparedStatement ps = c.prepareStatement("select g.state::text, m.move::text from games g"
                + " join moves m on m.game_id = g.id and m.seq = ? where g.id = ?::uuid")) {
            ps.setInt(1, capture.request().seq());
            ps.setString(2, capture.request().gameId());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                state = rs.getString(1);
                move = rs.getString(2);
            }
        }
        String script = header()
                + "BEGIN;\n"
                + "SELECT version FROM games WHERE id = " + GAME_EXPR + " FOR UPDATE;\n"
                + "INSERT INTO moves (game_id, seq, seat, move, at) VALUES (" + GAME_EXPR + ", :seq, 0, :move, now());\n"
                + "UPDATE games SET version = version + 1, state = :state, updated_at = now() WHERE id = "
                + GAME_EXPR + ";\n"
                + "COMMIT;\n";
        Path file = work.resolve("minimal.pgbench");
        Files.writeString(file, script);
        Map<String, String> vars = new LinkedHashMap<>();
        vars.put("move", move);
        vars.put("state", state);
        return new Script("minimal", file, vars, List.of("state: the captured game's state now, "
                + state.getBytes(StandardCharsets.UTF_8).length + " bytes; move: the captured move " + move));
    }

    private void printScriptNotes(Script sql, Script minimal) throws IOException {
        out.println();
        out.println("pgbench scripts (pgbench -n -M prepared -c N -j N -T " + pgbenchSeconds() + " -r -l):");
        for (Script s : List.of(sql, minimal)) {
            out.println("  " + s.name() + " (" + s.file().getFileName() + "):");
            for (String line : Files.readAllLines(s.file())) {
                out.println("    " + (line.length() > 160 ? line.substring(0, 157) + "…" : line));
            }
            s.notes().forEach(n -> out.println("    · " + n));
        }
    }

    // ---------------------------------------------------------------- runs

    private long pgbenchSeconds() {
        return (long) Math.ceil((warmup.toMillis() + duration.toMillis()) / 1000.0) + 2;
    }

    /**
     * The same start for every run: pgbench's moves deleted, the tables vacuumed (so that
     * autovacuum does not clean up one run's rows in the next) and a checkpoint.
     */
    private void quiesce() throws SQLException {
        try (Connection c = connect(); Statement st = c.createStatement()) {
            st.execute("delete from moves where seq >= " + SEQ_BASE);
            st.execute("vacuum analyze games, seats, moves");
            st.execute("checkpoint");
        }
    }

    private Row pgbenchRun(String label, Script script, int n) throws Exception {
        quiesce();
        Map<String, Long> before = tableCounters();
        String prefix = "pgbench-" + label + "-" + n;
        List<String> cmd = new ArrayList<>(List.of(pgbench, "-n", "-M", "prepared", "-c", Integer.toString(n),
                "-j", Integer.toString(n), "-T", Long.toString(pgbenchSeconds()), "-r", "-l",
                "--log-prefix=" + work.resolve(prefix), "-f", script.file().toString(),
                "-h", "localhost", "-p", Integer.toString(pg.getPort()), "-U", "postgres",
                "-D", "ngames=" + poolGames, "-D", "k=0", "-D", "base=" + SEQ_BASE, "-D", "nclients=" + n));
        script.variables().forEach((k, v) -> cmd.addAll(List.of("-D", k + "=" + v)));
        cmd.add("postgres");
        Path stdout = work.resolve(prefix + ".out");
        Path stderr = work.resolve(prefix + ".err");
        out.printf("· pgbench %s, %d client%s, %d s …%n", script.name(), n, n == 1 ? "" : "s", pgbenchSeconds());
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(work.toFile())
                .redirectOutput(stdout.toFile()).redirectError(stderr.toFile());
        pb.environment().put("PGPASSWORD", "postgres");
        long launch = System.nanoTime();
        Process p = pb.start();
        pgbenchProcess = p;
        sleepUntil(launch + warmup.toNanos());
        long cpu0 = ProcStat.treeCpuTicks(postmaster);
        Instant w0 = Instant.now();
        sleepUntil(System.nanoTime() + duration.toNanos());
        long cpu1 = ProcStat.treeCpuTicks(postmaster);
        Instant w1 = Instant.now();
        if (!p.waitFor(pgbenchSeconds() + 60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("pgbench did not stop");
        }
        pgbenchProcess = null;

        // Per-transaction log lines: client_id transaction_no time(µs) script_no time_epoch time_us
        Histogram h = new Histogram(TimeUnit.MINUTES.toMicros(1), 3);
        long inWindow = 0;
        long all = 0;
        long failed = 0;
        long from = w0.getEpochSecond() * 1_000_000 + w0.getNano() / 1000;
        long to = w1.getEpochSecond() * 1_000_000 + w1.getNano() / 1000;
        List<Path> logs;
        try (Stream<Path> s = Files.list(work)) {
            logs = s.filter(f -> f.getFileName().toString().startsWith(prefix + ".")
                    && f.getFileName().toString().matches(Pattern.quote(prefix) + "\\.\\d+(\\.\\d+)?")).toList();
        }
        for (Path f : logs) {
            for (String line : Files.readAllLines(f)) {
                String[] x = line.trim().split("\\s+");
                if (x.length < 6) {
                    continue;
                }
                all++;
                if (!x[2].matches("\\d+")) {
                    failed++;
                    continue;
                }
                long done = Long.parseLong(x[4]) * 1_000_000 + Long.parseLong(x[5]);
                if (done >= from && done <= to) {
                    inWindow++;
                    h.recordValue(Math.min(Long.parseLong(x[2]), h.getHighestTrackableValue()));
                }
            }
            if (!keep) {
                Files.delete(f);
            }
        }
        Thread.sleep(300); // the backends flush their table statistics as they exit
        Map<String, Long> after = tableCounters();
        double secs = Duration.between(w0, w1).toNanos() / 1e9;
        String err = Files.readString(stderr).trim();
        List<String> notes = new ArrayList<>();
        if (all > 0) {
            notes.add(String.format(Locale.ROOT, "rows per transaction (whole run, %,d tx): moves +%.2f, games"
                            + " updated %.2f (HOT %.2f)", all,
                    (after.get("moves.ins") - before.get("moves.ins")) / (double) all,
                    (after.get("games.upd") - before.get("games.upd")) / (double) all,
                    (after.get("games.hot") - before.get("games.hot")) / (double) all));
        }
        long errors = failed;
        if (p.exitValue() != 0) {
            errors = Math.max(1, errors);
            notes.add("pgbench exit " + p.exitValue() + ": " + abbreviateLines(err));
        }
        notes.add("statement latencies (whole run, ms): " + statementLatencies(Files.readString(stdout)));
        return new Row("pgbench " + (label.equals("minimal") ? "minimal tx" : "server-SQL"), n, inWindow / secs,
                h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(50) / 1000.0,
                h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(99) / 1000.0, Double.NaN,
                inWindow == 0 ? Double.NaN : (cpu1 - cpu0) * 1000.0 / ProcStat.TICKS_PER_SECOND / inWindow,
                inWindow, secs, errors, String.join("\n", notes));
    }

    /** pgbench -r's per-statement averages, on one line. */
    private static String statementLatencies(String stdout) {
        int at = stdout.indexOf("statement latencies");
        if (at < 0) {
            return "(none reported)";
        }
        List<String> parts = new ArrayList<>();
        for (String line : stdout.substring(at).split("\n")) {
            String t = line.trim();
            Matcher m = Pattern.compile("^(\\d+\\.\\d+)\\s+(?:\\d+\\s+)?(.*)$").matcher(t);
            if (m.matches() && !m.group(2).startsWith("\\")) {
                String sql = m.group(2);
                parts.add(m.group(1) + " " + (sql.length() > 24 ? sql.substring(0, 24) + "…" : sql));
            }
        }
        return String.join(" | ", parts);
    }

    private static String abbreviateLines(String s) {
        List<String> lines = s.lines().limit(3).toList();
        return String.join(" / ", lines);
    }

    /** Cumulative inserted/updated/HOT-updated rows of games and moves (pg_stat_user_tables). */
    private Map<String, Long> tableCounters() throws SQLException {
        Map<String, Long> m = new LinkedHashMap<>();
        try (Connection c = connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(
                "select relname, n_tup_ins, n_tup_upd, n_tup_hot_upd from pg_stat_user_tables"
                        + " where relname in ('games', 'moves')")) {
            while (rs.next()) {
                m.put(rs.getString(1) + ".ins", rs.getLong(2));
                m.put(rs.getString(1) + ".upd", rs.getLong(3));
                m.put(rs.getString(1) + ".hot", rs.getLong(4));
            }
        }
        for (String k : List.of("games.ins", "games.upd", "games.hot", "moves.ins", "moves.upd", "moves.hot")) {
            m.putIfAbsent(k, 0L);
        }
        return m;
    }

    /**
     * Plays unmeasured games for {@code --server-warmup} at each client count, the largest first
     * and then in the order measured, so that the measured runs see the server's steady state (its
     * JIT compilation done), as pgbench's runs see PostgreSQL's.
     */
    private void warmServer() throws Exception {
        if (serverWarmup.isZero()) {
            return;
        }
        int largest = clients.stream().max(Integer::compare).orElse(1);
        List<Integer> order = new ArrayList<>(List.of(largest));
        clients.stream().filter(n -> n != largest).forEach(order::add);
        for (int n : order) {
            out.printf("· warming the server: %d client%s, %d s, unmeasured …%n", n, n == 1 ? "" : "s",
                    serverWarmup.toSeconds());
            Map<String, String> a = new LinkedHashMap<>();
            a.put("base", base);
            a.put("clients", Integer.toString(n));
            a.put("duration", "1000ms");
            a.put("warmup", Math.max(0, serverWarmup.toMillis() - 1000) + "ms");
            a.put("type", "scoundrel");
            a.put("policy", policy);
            a.put("seed", Long.toString(seed + 1));
            new LoadTool(a).measure();
        }
    }

    private Row loadRun(int n) throws Exception {
        quiesce();
        out.printf("· Card Table load, %d client%s, %d s …%n", n, n == 1 ? "" : "s",
                (warmup.toMillis() + duration.toMillis()) / 1000);
        Map<String, String> a = new LinkedHashMap<>();
        a.put("base", base);
        a.put("clients", Integer.toString(n));
        a.put("duration", duration.toMillis() + "ms");
        a.put("warmup", warmup.toMillis() + "ms");
        a.put("type", "scoundrel");
        a.put("policy", policy);
        a.put("seed", Long.toString(seed));
        a.put("pid", Long.toString(server.pid()));
        a.put("pg-pid", Long.toString(postmaster));
        LoadTool.Measurement m = new LoadTool(a).measure();
        List<String> notes = new ArrayList<>();
        notes.add(String.format(Locale.ROOT, "%,d games finished in the window, %,d created in all; p90 %.2f ms,"
                        + " max %.2f ms; server %s; load tool CPU %.3f ms per move", m.gamesFinished(),
                m.gamesCreated(), m.p90Ms(), m.maxMs(), m.serverStatus().getOrDefault("VmRSS", "?") + " RSS",
                m.clientCpuMsPerMove()));
        m.errorSamples().stream().limit(3).forEach(e -> notes.add("error: " + e));
        return new Row("Card Table moves", n, m.movesPerSecond(), m.p50Ms(), m.p99Ms(), m.serverCpuMsPerMove(),
                m.pgCpuMsPerMove(), m.moves(), m.measuredSeconds(), m.errors(), String.join("\n", notes));
    }

    private static void sleepUntil(long nanoTime) throws InterruptedException {
        long left;
        while ((left = nanoTime - System.nanoTime()) > 0) {
            Thread.sleep(Math.max(1, left / 1_000_000));
        }
    }

    // ---------------------------------------------------------------- the table

    private void printTable(Map<Integer, Row> sql, Map<Integer, Row> minimal, Map<Integer, Row> ours,
                            Map<String, String> settings) {
        out.println();
        out.printf("Move path cost (PostgreSQL %s, fsync %s, synchronous_commit %s; %.0f s measured after %.0f s"
                        + " warm-up per run; %s; %d cores, load average now %s)%n",
                settings.get("server_version"), settings.get("fsync"), settings.get("synchronous_commit"),
                duration.toMillis() / 1000.0, warmup.toMillis() / 1000.0, "policy " + policy,
                Runtime.getRuntime().availableProcessors(), loadAverage());
        out.println();
        String fmt = "%-22s %7s %14s %8s %8s %20s %14s   %s%n";
        out.printf(fmt, "", "clients", "tx or moves/s", "p50 ms", "p99 ms", "server CPU/move ms", "PG CPU/tx ms",
                "ratio");
        for (int n : clients) {
            Row a = sql.get(n);
            Row b = minimal.get(n);
            Row o = ours.get(n);
            for (Row r : List.of(a, b, o)) {
                String ratio = r == o ? String.format(Locale.ROOT, "%s / %s", ratio(a.perSecond(), o.perSecond()),
                        ratio(b.perSecond(), o.perSecond())) : "";
                out.printf(fmt, r.label(), r.clients(), num(r.perSecond(), 1), num(r.p50Ms(), 2), num(r.p99Ms(), 2),
                        Double.isNaN(r.serverCpuMs()) ? "—" : num(r.serverCpuMs(), 2), num(r.pgCpuMs(), 3), ratio);
            }
        }
        out.println();
        out.println("ratio = pgbench tx/s ÷ Card Table moves/s at the same client count (server-SQL / minimal):"
                + " how many times longer");
        out.println("        a move through Card Table takes than PostgreSQL alone takes for that move's SQL / for"
                + " the minimal transaction.");
        for (int n : clients) {
            Row a = sql.get(n);
            Row b = minimal.get(n);
            Row o = ours.get(n);
            out.printf(Locale.ROOT, "%d client%s: p50 ours ÷ server-SQL %s, ÷ minimal %s; PostgreSQL CPU per move ÷"
                            + " per server-SQL tx %s, ÷ per minimal tx %s%n", n, n == 1 ? "" : "s",
                    ratio(o.p50Ms(), a.p50Ms()), ratio(o.p50Ms(), b.p50Ms()), ratio(o.pgCpuMs(), a.pgCpuMs()),
                    ratio(o.pgCpuMs(), b.pgCpuMs()));
        }
        out.println();
        out.println("Details per run:");
        for (int n : clients) {
            for (Row r : List.of(sql.get(n), minimal.get(n), ours.get(n))) {
                out.printf(Locale.ROOT, "  %s, %d client%s: %,d in %.1f s, errors %d%n", r.label(), n,
                        n == 1 ? "" : "s", r.count(), r.seconds(), r.errors());
                r.note().lines().forEach(l -> out.println("    " + l));
            }
        }
    }

    /** The server of {@code serverJar}, started, warmed and loaded by each count of clients, then stopped. */
    private Map<Integer, Row> loadRuns(Path serverJar, String extraOpts) throws Exception {
        Map<Integer, Row> rows = new LinkedHashMap<>();
        startServer(serverJar, extraOpts);
        warmServer();
        for (int n : clients) {
            rows.put(n, loadRun(n));
        }
        stopServer();
        return rows;
    }

    /**
     * This build against {@code --baseline-jar}, measured in the same run on the same database,
     * alternating in {@code --rounds}: each round's ratio, and the median of the rounds' ratios.
     */
    private void printBaseline(List<Map<Integer, Row>> ours, List<Map<Integer, Row>> baseline) {
        if (baseline.isEmpty()) {
            return;
        }
        out.println();
        out.println("This build (" + jar + ") against the baseline (" + baselineJar
                + (args.containsKey("baseline-opts") ? " with " + args.get("baseline-opts") : "") + "), alternating, this build first,"
                + " in " + baseline.size() + " round" + (baseline.size() == 1 ? "" : "s") + ":");
        for (int n : clients) {
            List<Double> ratios = new ArrayList<>();
            List<Double> p50Ratios = new ArrayList<>();
            for (int r = 0; r < baseline.size(); r++) {
                Row o = ours.get(r).get(n);
                Row b = baseline.get(r).get(n);
                ratios.add(o.perSecond() / b.perSecond());
                p50Ratios.add(o.p50Ms() / b.p50Ms());
                out.printf(Locale.ROOT, "round %d, %d client%s: moves/s %s vs %s (this ÷ baseline %s); p50 %s vs %s ms;"
                                + " server CPU per move %s vs %s ms; PostgreSQL CPU per move %s vs %s ms; errors %d vs %d%n",
                        r + 1, n, n == 1 ? "" : "s", num(o.perSecond(), 1), num(b.perSecond(), 1),
                        ratio(o.perSecond(), b.perSecond()), num(o.p50Ms(), 2), num(b.p50Ms(), 2), num(o.serverCpuMs(), 3),
                        num(b.serverCpuMs(), 3), num(o.pgCpuMs(), 3), num(b.pgCpuMs(), 3), o.errors(), b.errors());
            }
            Collections.sort(ratios);
            Collections.sort(p50Ratios);
            out.printf(Locale.ROOT, "%d client%s: median of the rounds' moves/s ratios (this ÷ baseline) %.3f,"
                    + " of their p50 ratios %.3f%n", n, n == 1 ? "" : "s", ratios.get(ratios.size() / 2),
                    p50Ratios.get(p50Ratios.size() / 2));
        }
    }

    private static String ratio(double a, double b) {
        return Double.isNaN(a) || Double.isNaN(b) || b == 0 ? "—" : String.format(Locale.ROOT, "%.1f", a / b);
    }

    private static String num(double v, int decimals) {
        return Double.isNaN(v) ? "—" : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+", 4)[0];
        } catch (IOException e) {
            return "?";
        }
    }
}
