package dev.cardtable.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cardtable.support.ServerProcess;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads at scale: fills a database to millions of games in SQL from a few hundred real ones, then
 * times every read path over HTTP against the packaged server on it, and with {@code --check}
 * compares every answer with what the base tables say it must be.
 *
 * <pre>
 * ./mvnw -q package -DskipTests
 * ./mvnw -q test-compile exec:java -Dexec.mainClass=dev.cardtable.bench.ScaleBench \
 *   -Dexec.args="--games 1000000 --reps 100 --compare-empty --markdown target/scale-1m.md"
 * </pre>
 *
 * <ol>
 *   <li><b>PostgreSQL.</b> An embedded PostgreSQL (zonky) in {@code --data-dir}, which is kept
 *   (default a new temporary directory, deleted at the end unless {@code --keep}). A directory
 *   that already holds a filled database of at least {@code --games} games is read as it is,
 *   without a new fill.</li>
 *   <li><b>Templates</b> ({@link ScaleTemplates}): the packaged server ({@code --jar}, default
 *   {@code target/quarkus-app/quarkus-run.jar}, started as a child process) creates the schema
 *   with its migrations, and {@code --templates} (400) finished games played by the engine plus
 *   about 150 games through its API (Scoundrel played with the solver's help, every way a game
 *   ends, running and waiting games, the day's daily deal) are written.</li>
 *   <li><b>Fill</b> ({@link ScaleFill}), with the server stopped and PostgreSQL restarted for
 *   bulk loading ({@code wal_level=minimal}, no fsync, no autovacuum, 1 GB of shared buffers):
 *   the templates are copied to {@code --games} games in SQL, the indexes and constraints made
 *   again, then {@code VACUUM ANALYZE}. The size of the database is printed.</li>
 *   <li><b>Reads</b> ({@link ScaleReads}): PostgreSQL is restarted as the server runs it by
 *   default (fsync and synchronous commit on, its other settings PostgreSQL's defaults), the
 *   server started on it, and each read is requested {@code --warmup} (10) times untimed, then
 *   {@code --reps} (100) times timed, one request at a time, except that a read which has taken
 *   {@code --max-per-read} (120s) stops once it has {@value ScaleReads#MIN_REPS} timed requests
 *   (the table gives each read's count); with {@code --check} the first answer of each is
 *   compared with {@link ScaleTruth}.</li>
 *   <li><b>An empty database</b> with {@code --compare-empty}: a second server on an empty
 *   database of its own, with as many waiting games as the filled one, whose lobby is timed as
 *   the other reads.</li>
 *   <li><b>A move</b> on a new Scoundrel game: {@code --moves} (500) moves, each timed, after as
 *   many untimed; with {@code --compare-empty} the same on the empty database, alternating between
 *   the two in five rounds.</li>
 *   <li>A table per read: p50, p99 and max in ms, mean answer size; {@code --markdown FILE} writes
 *   it with the run's figures. The exit status is 1 when a check found a difference or a read
 *   failed.</li>
 * </ol>
 *
 * <p>Shape options ({@link ScaleFill.Shape}): {@code --players} (20000), {@code --heavy} (alice),
 * {@code --heavy-share} (0.10), {@code --bots} (2), {@code --bot-games} (the smaller of 1,000,000
 * and a tenth of the games), {@code --lobby} (40), {@code --active} (a five-hundredth of the games,
 * 20 to 20,000), {@code --daily-share} (0.03), {@code --days} (730), {@code --moves-fraction} (1.0),
 * {@code --no-fingerprints}, {@code --seed} (1). Others: {@code --analysis-reps} (3),
 * {@code --only REGEX} (reads whose group and name match).
 */
public final class ScaleBench {

    /** PostgreSQL as the server runs its embedded one for a kept data directory. */
    static final Map<String, String> MEASURE_SETTINGS = Map.of("max_connections", "200", "fsync", "on",
            "synchronous_commit", "on");

    /** PostgreSQL for bulk loading: nothing of it needs to survive a crash. */
    static final Map<String, String> FILL_SETTINGS = Map.ofEntries(Map.entry("max_connections", "200"),
            Map.entry("fsync", "off"), Map.entry("synchronous_commit", "off"), Map.entry("full_page_writes", "off"),
            Map.entry("wal_level", "minimal"), Map.entry("max_wal_senders", "0"), Map.entry("autovacuum", "off"),
            Map.entry("shared_buffers", "1GB"), Map.entry("maintenance_work_mem", "1GB"),
            Map.entry("max_wal_size", "8GB"), Map.entry("checkpoint_timeout", "1h"));

    /**
     * A run's options.
     *
     * @param shape         what to fill
     * @param dataDir       where PostgreSQL lives, or null for a temporary directory
     * @param keep          keep the data directory
     * @param templates     finished template games played by the engine
     * @param reps          timed requests per read
     * @param warmup        untimed requests before them
     * @param maxPerRead    a read that has taken this long stops once it has {@value ScaleReads#MIN_REPS} timed requests
     * @param analysisReps  analyses of games not yet analysed (each computes one)
     * @param moves         timed moves per database
     * @param check         compare every read with the base tables
     * @param compareEmpty  time the moves on an empty database too
     * @param only          reads to run, or null for all
     * @param markdown      where to write the table, or null
     */
    record Options(ScaleFill.Shape shape, Path dataDir, boolean keep, int templates, int reps, int warmup,
                   Duration maxPerRead, int analysisReps, int moves, boolean check, boolean compareEmpty, Pattern only,
                   Path markdown) {

        static Options parse(Map<String, String> a) {
            long games = Long.parseLong(a.getOrDefault("games", "1000000").replace("_", ""));
            int bots = Integer.parseInt(a.getOrDefault("bots", "2"));
            long botGames = Long.parseLong(a.getOrDefault("bot-games", Long.toString(Math.min(1_000_000, games / 10))));
            int active = Integer.parseInt(a.getOrDefault("active",
                    Long.toString(Math.max(20, Math.min(20_000, games / 500)))));
            ScaleFill.Shape shape = new ScaleFill.Shape(games, Integer.parseInt(a.getOrDefault("players", "20000")),
                    a.getOrDefault("heavy", "alice"), Double.parseDouble(a.getOrDefault("heavy-share", "0.10")), bots,
                    botGames, Integer.parseInt(a.getOrDefault("lobby", "40")), active,
                    Double.parseDouble(a.getOrDefault("daily-share", "0.03")),
                    Integer.parseInt(a.getOrDefault("days", "730")),
                    Double.parseDouble(a.getOrDefault("moves-fraction", "1.0")), !a.containsKey("no-fingerprints"),
                    Long.parseLong(a.getOrDefault("seed", "1")), Instant.now().truncatedTo(ChronoUnit.MILLIS));
            if (shape.heavyShare() + (double) bots * botGames / games > 0.6) {
                throw new IllegalArgumentException("the heavy player and the bots would play more than 60 % of the games");
            }
            return new Options(shape, a.containsKey("data-dir") ? Path.of(a.get("data-dir")).toAbsolutePath() : null,
                    a.containsKey("keep"), Integer.parseInt(a.getOrDefault("templates", "400")),
                    Integer.parseInt(a.getOrDefault("reps", "100")), Integer.parseInt(a.getOrDefault("warmup", "10")),
                    Args.duration(a.getOrDefault("max-per-read", "120s")),
                    Integer.parseInt(a.getOrDefault("analysis-reps", "3")), Integer.parseInt(a.getOrDefault("moves", "500")),
                    a.containsKey("check"), a.containsKey("compare-empty"),
                    a.containsKey("only") ? Pattern.compile(a.get("only")) : null,
                    a.containsKey("markdown") ? Path.of(a.get("markdown")) : null);
        }
    }

    /**
     * What a run found.
     *
     * @param reads       each read's figures and check
     * @param moves       move latencies on the filled database
     * @param emptyMoves  move latencies on an empty database, or null
     * @param problems    every difference and failure found
     * @param facts       the database's counts and sizes, the fill's times, the machine's load
     * @param markdown    the report
     */
    record Report(List<ScaleReads.Result> reads, Histogram moves, Histogram emptyMoves, List<String> problems,
                  Map<String, String> facts, String markdown) {
    }

    private final Options o;
    private final PrintStream out;
    private final List<AutoCloseable> running = new ArrayList<>();
    private final Map<String, String> facts = new LinkedHashMap<>();
    private Path dir;
    private boolean temporary;

    private ScaleBench(Options o, PrintStream out) {
        this.o = o;
        this.out = out;
    }

    public static void main(String[] a) throws Exception {
        Map<String, String> args = Args.parse(a);
        if (args.containsKey("jar")) {
            System.setProperty("cardtable.jar", args.get("jar"));
        }
        Report r = run(Options.parse(args), System.out);
        System.exit(r.problems().isEmpty() ? 0 : 1);
    }

    /** Runs the whole bench: fill (unless the data directory is filled already), reads, moves. */
    static Report run(Options o, PrintStream out) throws Exception {
        ScaleBench bench = new ScaleBench(o, out);
        Thread hook = new Thread(bench::cleanUp, "scale-bench-cleanup");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return bench.run();
        } finally {
            bench.cleanUp();
            Runtime.getRuntime().removeShutdownHook(hook);
        }
    }

    private Report run() throws Exception {
        Path jar = Path.of(System.getProperty("cardtable.jar", "target/quarkus-app/quarkus-run.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no packaged server at " + jar + ": build it with ./mvnw -q package -DskipTests"
                    + " (this tool builds nothing), or give --jar PATH");
        }
        prepareDirectory();
        EmbeddedPostgres pg = postgres(MEASURE_SETTINGS);
        if (filledGames(pg) < o.shape().games()) {
            fill(pg);
            pg = postgres(MEASURE_SETTINGS);
        } else {
            out.printf("== reusing the filled database in %s%n", dir);
        }
        describe(pg);
        ServerProcess server = server(pg, Map.of());
        BenchHttp http = new BenchHttp(server.baseUri());
        List<String> problems = new ArrayList<>();
        List<ScaleReads.Result> reads;
        Histogram moves;
        Histogram emptyMoves = null;
        try (Connection c = connect(pg)) {
            ScaleReads.Population pop = ScaleReads.population(c, o.shape().heavy(), o.shape().bots(),
                    o.shape().players(), o.analysisReps());
            out.printf("== reads (%d untimed, then %d timed requests each, one at a time%s): heavy %s, bot %s, busiest"
                            + " unregistered %s, light %s and %s (registered)%n", o.warmup(), o.reps(),
                    o.check() ? "; each answer checked against the base tables" : "", pop.heavy(), pop.bot(),
                    pop.heavyUnregistered(), pop.lightUnregistered(), pop.lightRegistered());
            reads = new ArrayList<>(new ScaleReads(http, c, o.check(), o.reps(), o.warmup(), o.analysisReps(),
                    o.maxPerRead(), out).run(pop, o.only()));
            reads.forEach(r -> problems.addAll(r.problems()));
            BenchHttp empty = null;
            if (o.compareEmpty()) {
                empty = emptyServer();
                out.printf("== the lobby of an empty database with %d waiting games%n", o.shape().lobby());
                reads.add(new ScaleReads(empty, null, false, o.reps(), o.warmup(), 0, o.maxPerRead(), out)
                        .timed("lobby", "GET /api/lobby?limit=20, an empty database with " + o.shape().lobby()
                                + " waiting games (same run)", "/api/lobby?limit=20"));
            }
            if (o.moves() > 0) {
                out.printf("== a move on a new Scoundrel game: %d untimed, then %d timed moves%s%n", o.moves(), o.moves(),
                        o.compareEmpty() ? ", alternating with an empty database in five rounds" : "");
                MoveTimer big = new MoveTimer(http, c, o.check());
                MoveTimer small = empty == null ? null : new MoveTimer(empty, null, false);
                big.play(o.moves(), null);
                if (small != null) {
                    small.play(o.moves(), null);
                }
                moves = new Histogram(600_000_000_000L, 3);
                emptyMoves = small == null ? null : new Histogram(600_000_000_000L, 3);
                int rounds = small == null ? 1 : 5;
                for (int r = 0; r < rounds; r++) {
                    int n = o.moves() / rounds + (r < o.moves() % rounds ? 1 : 0);
                    big.play(n, moves);
                    if (small != null) {
                        small.play(n, emptyMoves);
                    }
                }
                problems.addAll(big.problems());
                out.printf("  POST /api/games/{id}/moves, this database:   p50 %.2f  p99 %.2f ms%n",
                        moves.getValueAtPercentile(50) / 1e6, moves.getValueAtPercentile(99) / 1e6);
                if (emptyMoves != null) {
                    out.printf("  POST /api/games/{id}/moves, empty database:  p50 %.2f  p99 %.2f ms (ratio of p50s %.2f)%n",
                            emptyMoves.getValueAtPercentile(50) / 1e6, emptyMoves.getValueAtPercentile(99) / 1e6,
                            (double) moves.getValueAtPercentile(50) / emptyMoves.getValueAtPercentile(50));
                }
            } else {
                moves = null;
            }
        }
        facts.put("load average after the reads", Files.readString(Path.of("/proc/loadavg")).trim());
        String markdown = markdown(reads, moves, emptyMoves);
        out.println();
        out.println(markdown);
        if (o.markdown() != null) {
            Files.writeString(o.markdown(), markdown);
            out.println("written to " + o.markdown());
        }
        if (!problems.isEmpty()) {
            out.println("== " + problems.size() + " problems:");
            problems.forEach(p -> out.println("  " + p));
        }
        return new Report(reads, moves, emptyMoves, problems, Map.copyOf(facts), markdown);
    }

    // ---------------------------------------------------------------- the fill

    private void fill(EmbeddedPostgres pg) throws Exception {
        long t0 = System.nanoTime();
        out.printf("== templates: %d games played by the engine, and games through the API%n", o.templates());
        try (Connection c = connect(pg)) {
            ServerProcess s = server(pg, Map.of("cardtable.sweep.every", "1s"));
            ScaleTemplates.play(new BenchHttp(s.baseUri()), c, o.templates(), o.shape().seed(), out);
            stop(s);
        }
        double templates = (System.nanoTime() - t0) / 1e9;
        stop(pg);
        EmbeddedPostgres loading = postgres(FILL_SETTINGS);
        out.printf("== fill to %,d games in SQL (PostgreSQL restarted for bulk loading)%n", o.shape().games());
        long t1 = System.nanoTime();
        Map<String, Double> phases = ScaleFill.fill(o.shape(), () -> {
            try {
                return connect(loading);
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        }, out);
        double fill = (System.nanoTime() - t1) / 1e9;
        stop(loading);
        facts.put("templates", "%.0f s".formatted(templates));
        facts.put("fill", "%.0f s (%s)".formatted(fill, String.join(", ", phases.entrySet().stream()
                .map(e -> e.getKey() + " %.0f s".formatted(e.getValue())).toList())));
        out.printf("== filled in %.0f s (templates %.0f s, SQL %.0f s)%n", templates + fill, templates, fill);
    }

    private long filledGames(EmbeddedPostgres pg) throws SQLException {
        try (Connection c = connect(pg); Statement st = c.createStatement()) {
            try (ResultSet rs = st.executeQuery("select to_regclass('public.games') is not null")) {
                rs.next();
                if (!rs.getBoolean(1)) {
                    return 0;
                }
            }
            long games = ScaleFill.count(c, "select count(*) from games");
            if (games > 0 && games < o.shape().games()) {
                throw new IllegalStateException("the database in " + dir + " holds " + games + " games, fewer than --games "
                        + o.shape().games() + ": give an empty --data-dir for a new fill");
            }
            return games;
        }
    }

    private void describe(EmbeddedPostgres pg) throws SQLException {
        try (Connection c = connect(pg); Statement st = c.createStatement()) {
            for (String[] q : new String[][]{
                    {"games", "select count(*) from games"},
                    {"finished / running / waiting", "select count(*) filter (where status = 'finished') || ' / '"
                            + " || count(*) filter (where status = 'active') || ' / ' || count(*) filter (where status = 'waiting')"
                            + " from games"},
                    {"seats", "select count(*) from seats"},
                    {"games with moves", "select count(distinct game_id) from moves"},
                    {"moves", "select count(*) from moves"},
                    {"registered players", "select count(*) from players"},
                    {"daily attempts", "select count(*) from daily_attempts"},
                    {"oldest game", "select min(created_at)::text from games"},
                    {"database size", "select pg_size_pretty(pg_database_size(current_database()))"},
                    {"table sizes (with indexes)", "select string_agg(relname || ' ' || pg_size_pretty(pg_total_relation_size(oid)), ', '"
                            + " order by pg_total_relation_size(oid) desc) from pg_class where relnamespace = 'public'::regnamespace"
                            + " and relkind = 'r' and pg_total_relation_size(oid) > 10 * 1024 * 1024"},
                    {"PostgreSQL", "select current_setting('server_version') || ', shared_buffers '"
                            + " || current_setting('shared_buffers') || ', fsync ' || current_setting('fsync')"
                            + " || ', synchronous_commit ' || current_setting('synchronous_commit')"}}) {
                try (ResultSet rs = st.executeQuery(q[1])) {
                    rs.next();
                    facts.put(q[0], rs.getString(1));
                }
            }
        }
        out.println("== the database");
        facts.forEach((k, v) -> out.printf("  %s: %s%n", k, v));
    }

    /**
     * A second server on an empty database of its own, with a lobby of as many waiting games as
     * the filled one (Dazzle, one open seat), for the reads that must not depend on the history.
     */
    private BenchHttp emptyServer() throws Exception {
        Path emptyDir = Files.createDirectories(dir.resolve("empty"));
        EmbeddedPostgres pg = start(emptyDir.resolve("pg"), MEASURE_SETTINGS);
        BenchHttp http = new BenchHttp(server(pg, Map.of()).baseUri());
        int waiting = http.getJson("/api/lobby?limit=100").get("items").size();
        for (int i = waiting; i < o.shape().lobby(); i++) {
            http.post("/api/games", Map.of("type", "dazzle", "seats", List.of(Map.of("name", "scale-waiting-" + i),
                    Map.of("open", true))), null, 201);
        }
        return http;
    }

    // ---------------------------------------------------------------- moves

    /** Plays Scoundrel games by their first legal move, creating a new game when one ends. */
    private static final class MoveTimer {
        private final BenchHttp http;
        private final Connection c;
        private final boolean check;
        private final List<String> problems = new ArrayList<>();
        private String id;
        private String token;
        private JsonNode last;

        MoveTimer(BenchHttp http, Connection c, boolean check) {
            this.http = http;
            this.c = c;
            this.check = check;
        }

        void play(int moves, Histogram into) throws SQLException {
            for (int i = 0; i < moves; i++) {
                if (last == null || !last.get("status").asText().equals("active")) {
                    verify();
                    last = http.post("/api/games", Map.of("type", "scoundrel", "seats", List.of(Map.of("name", "scale-mover"))),
                            null, 201);
                    id = last.get("id").asText();
                    token = last.at("/credentials/0/token").asText();
                }
                String move = last.get("legalMoves").get(0).toString();
                long t0 = System.nanoTime();
                last = http.post("/api/games/" + id + "/moves", move, token, 200);
                long t1 = System.nanoTime();
                if (into != null) {
                    into.recordValue(t1 - t0);
                }
            }
        }

        /** The game just played, as read back, against its rows and log. */
        private void verify() throws SQLException {
            if (!check || id == null) {
                return;
            }
            UUID game = UUID.fromString(id);
            new ScaleTruth(c).game(http.getJson("/api/games/" + id), game)
                    .forEach(p -> problems.add("moves: GET /api/games/" + id + ": " + p));
        }

        List<String> problems() throws SQLException {
            verify();
            return problems;
        }
    }

    // ---------------------------------------------------------------- the report

    private String markdown(List<ScaleReads.Result> reads, Histogram moves, Histogram emptyMoves) {
        StringBuilder sb = new StringBuilder();
        sb.append("| group | read | timed | p50 ms | p99 ms | max ms | mean KiB |").append(o.check() ? " check |" : "")
                .append('\n').append("|---|---|---:|---:|---:|---:|---:|").append(o.check() ? "---|" : "").append('\n');
        for (ScaleReads.Result r : reads) {
            Histogram h = r.latency();
            sb.append("| %s | %s | %d | %s | %s | %s | %.1f |".formatted(r.group(), r.read().replace("|", "\\|"),
                    h.getTotalCount(), ms(h, 50), ms(h, 99), ms(h, 100),
                    h.getTotalCount() == 0 ? 0.0 : r.bytes() / 1024.0 / h.getTotalCount()));
            if (o.check()) {
                sb.append(r.problems().isEmpty() ? (r.checked() ? " ok |" : " — |") : " **differs** |");
            }
            sb.append('\n');
        }
        if (moves != null) {
            sb.append("| write | POST /api/games/{id}/moves, a new Scoundrel game, this database | %d | %s | %s | %s | |%s\n"
                    .formatted(moves.getTotalCount(), ms(moves, 50), ms(moves, 99), ms(moves, 100), o.check() ? " |" : ""));
        }
        if (emptyMoves != null) {
            sb.append("| write | the same, an empty database (same run, alternating) | %d | %s | %s | %s | |%s\n"
                    .formatted(emptyMoves.getTotalCount(), ms(emptyMoves, 50), ms(emptyMoves, 99), ms(emptyMoves, 100),
                            o.check() ? " |" : ""));
        }
        sb.append('\n');
        facts.forEach((k, v) -> sb.append("- ").append(k).append(": ").append(v).append('\n'));
        return sb.toString();
    }

    private static String ms(Histogram h, double percentile) {
        if (h.getTotalCount() == 0) {
            return "—";
        }
        double v = (percentile >= 100 ? h.getMaxValue() : h.getValueAtPercentile(percentile)) / 1e6;
        return v < 10 ? "%.2f".formatted(v) : v < 100 ? "%.1f".formatted(v) : "%,.0f".formatted(v);
    }

    // ---------------------------------------------------------------- processes

    private void prepareDirectory() throws IOException {
        if (o.dataDir() == null) {
            dir = Files.createTempDirectory("cardtable-scale-");
            temporary = true;
        } else {
            dir = Files.createDirectories(o.dataDir());
        }
    }

    private EmbeddedPostgres postgres(Map<String, String> settings) throws IOException {
        return start(dir.resolve("pg"), settings);
    }

    private EmbeddedPostgres start(Path pgDir, Map<String, String> settings) throws IOException {
        awaitStopped(pgDir);
        Files.createDirectories(pgDir.getParent());
        java.io.File log = pgDir.resolveSibling(pgDir.getFileName() + ".log").toFile();
        EmbeddedPostgres.Builder b = EmbeddedPostgres.builder().setDataDirectory(pgDir).setCleanDataDirectory(false)
                .setRegisterShutdownHook(false).setPGStartupWait(Duration.ofSeconds(300))
                .setOutputRedirector(ProcessBuilder.Redirect.appendTo(log))
                .setErrorRedirector(ProcessBuilder.Redirect.appendTo(log));
        settings.forEach(b::setServerConfig);
        EmbeddedPostgres pg = b.start();
        running.add(pg);
        return pg;
    }

    /**
     * Waits until no PostgreSQL runs on {@code pgDir}: the embedded PostgreSQL's stop gives up
     * after 5 s, and a database just filled may take longer to shut down.
     */
    private static void awaitStopped(Path pgDir) {
        Path pid = pgDir.resolve("postmaster.pid");
        long deadline = System.nanoTime() + Duration.ofMinutes(10).toNanos();
        while (Files.exists(pid)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the PostgreSQL on " + pgDir + " did not stop within 10 minutes");
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    private ServerProcess server(EmbeddedPostgres pg, Map<String, String> more) {
        Map<String, String> props = new LinkedHashMap<>(Map.of(
                "quarkus.datasource.jdbc.url", "jdbc:postgresql://localhost:" + pg.getPort() + "/postgres",
                "quarkus.datasource.username", "postgres",
                "quarkus.datasource.password", "postgres",
                // Every request of the tool comes from one address.
                "cardtable.rate-limit.enabled", "false"));
        props.putAll(more);
        ServerProcess s = ServerProcess.start(props);
        running.add(s);
        return s;
    }

    private static Connection connect(EmbeddedPostgres pg) throws SQLException {
        return DriverManager.getConnection("jdbc:postgresql://localhost:" + pg.getPort() + "/postgres", "postgres", "postgres");
    }

    private void stop(AutoCloseable thing) throws Exception {
        running.remove(thing);
        if (thing instanceof EmbeddedPostgres pg) {
            // Written to disk now, so that the shutdown (which the embedded PostgreSQL waits 5 s for) is short.
            try (Connection c = connect(pg); Statement st = c.createStatement()) {
                st.execute("checkpoint");
            }
        }
        thing.close();
    }

    /** Stops the servers, then PostgreSQL, and deletes a temporary data directory unless {@code --keep}. */
    private synchronized void cleanUp() {
        for (AutoCloseable a : running.reversed()) {
            try {
                a.close();
            } catch (Exception e) {
                out.println("ScaleBench: stopping " + a + ": " + e);
            }
        }
        running.clear();
        if (dir != null && !temporary) {
            out.println("ScaleBench: the database stays in " + dir + " (run again with the same --data-dir to read it"
                    + " without a new fill; delete the directory when done)");
        }
        if (dir != null && temporary && !o.keep() && Files.exists(dir)) {
            try (Stream<Path> s = Files.walk(dir)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> {
                    try {
                        Files.deleteIfExists(p);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            } catch (IOException | UncheckedIOException e) {
                out.println("ScaleBench: could not delete " + dir + ": " + e);
            }
            dir = null;
        }
    }
}
