package dev.cardtable.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardtable.support.ServerProcess;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * A bounded soak of one server under a mixed load, as people use it: players of both games against
 * every computer opponent, watchers that follow running games through stream tickets and check
 * every event against the move log, a reader paging through history, and a sampler of the
 * server's resident memory, open files, connection pool and PostgreSQL connections.
 *
 * <p>Each of {@code --players} players loops until the end: create a game (Scoundrel, each
 * ruleset, or Dazzle against {@code heuristic}, {@code random} or {@code ismcts} with
 * {@code aiBudget} {@code --ai-budget}, chosen at random), post a random legal move until the game
 * is over, and offer the running game to the watchers. Each of {@code --watchers} watchers takes
 * the newest offered game, asks for a stream ticket with the player's token, follows the game's
 * events to {@code end} (resuming with {@code Last-Event-ID} after an {@code error} event or a
 * dropped connection), then reads the game's log and counts the stream exact when its events are
 * the log's entries, once each, in order. The history reader pages {@code GET /api/games} every
 * {@code --history-every}. Every request's status is counted by kind; moves are timed.
 *
 * <pre>
 * ./mvnw -q package -DskipTests
 * ./mvnw -q test-compile exec:java -Dexec.mainClass=dev.cardtable.bench.Soak \
 *   -Dexec.args="--duration 10m --players 16 --watchers 20"
 * </pre>
 *
 * Options: {@code --duration D} (10m), {@code --players N} (16), {@code --watchers N} (20),
 * {@code --history-every D} (250ms), {@code --ai-budget N} (1000), {@code --sample-every D} (5s),
 * {@code --seed N} (1), {@code --jar PATH} (target/quarkus-app/quarkus-run.jar), {@code --out FILE}
 * (also write the report there), {@code --limits} (see below). The tool starts its own embedded
 * PostgreSQL and the packaged server (rate limits off: every client shares one address), and stops
 * both at the end. With {@code --limits} the server keeps its default rate limits and budgets, and
 * each client is a client of its own as people would be: each player a registered player (its key
 * sent with every request) on a loopback address of its own ({@code 127.0.0.10} on), each watcher
 * an anonymous address of its own ({@code 127.0.0.100} on), the history reader another.
 */
public final class Soak {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] AI = {"heuristic", "random", "ismcts"};

    /** The load and how long it runs. */
    public record Options(Duration duration, int players, int watchers, Duration historyEvery, int aiBudget,
                          Duration sampleEvery, long seed, boolean limits) {

        /** The options without the server's rate limits (every client on one address). */
        public Options(Duration duration, int players, int watchers, Duration historyEvery, int aiBudget,
                       Duration sampleEvery, long seed) {
            this(duration, players, watchers, historyEvery, aiBudget, sampleEvery, seed, false);
        }
    }

    /**
     * One sample of the server's resources.
     *
     * @param atSeconds       seconds since the start
     * @param rssKb           resident memory of the server, KiB
     * @param fds             open file descriptors of the server
     * @param poolActive      connections handed out by the pool
     * @param poolAwaiting    requests waiting for a connection
     * @param poolMaxUsed     the most connections in use at once so far
     * @param dbConnections   client connections PostgreSQL serves (the server's and this tool's one)
     */
    public record Sample(long atSeconds, long rssKb, int fds, long poolActive, long poolAwaiting, long poolMaxUsed,
                         int dbConnections) {
    }

    /**
     * What a soak saw.
     *
     * @param statuses     per request kind, the count of each status (0: no response)
     * @param moveMillis   move latency, microseconds in a histogram
     * @param movesPerMinute moves answered 200 in each minute
     * @param streams      streams followed to their end
     * @param exact        of those, the ones whose events were exactly the log's
     * @param reconnects   resumptions after an error event or a dropped connection
     * @param games        games played to the end
     * @param samples      the sampler's readings
     * @param inexact      a description of each stream that was not exact (at most 20)
     * @param failures     the first answers that were not a success (at most 20), with their bodies
     */
    public record Report(Map<String, Map<Integer, Long>> statuses, Histogram moveMillis, long[] movesPerMinute,
                         long streams, long exact, long reconnects, long games, List<Sample> samples,
                         List<String> inexact, List<String> failures) {

        /** Responses with a 5xx status, of every kind. */
        public long serverErrors() {
            return statuses.values().stream().flatMap(m -> m.entrySet().stream())
                    .filter(e -> e.getKey() >= 500).mapToLong(Map.Entry::getValue).sum();
        }

        /** Requests that got no response at all. */
        public long noResponse() {
            return statuses.values().stream().mapToLong(m -> m.getOrDefault(0, 0L)).sum();
        }

        /** The report as Markdown tables. */
        public String markdown() {
            StringBuilder sb = new StringBuilder();
            sb.append("| request | answered | statuses |\n|---|---:|---|\n");
            statuses.forEach((kind, m) -> sb.append("| ").append(kind).append(" | ")
                    .append(m.values().stream().mapToLong(Long::longValue).sum()).append(" | ").append(m).append(" |\n"));
            sb.append("\nmoves: ").append(moveMillis.getTotalCount()).append(", p50 ")
                    .append(ms(moveMillis.getValueAtPercentile(50))).append(" ms, p99 ")
                    .append(ms(moveMillis.getValueAtPercentile(99))).append(" ms, max ")
                    .append(ms(moveMillis.getMaxValue())).append(" ms; 5xx: ").append(serverErrors())
                    .append("; no response: ").append(noResponse()).append('\n');
            sb.append("moves per minute: ").append(java.util.Arrays.toString(movesPerMinute)).append('\n');
            sb.append("games played to the end: ").append(games).append('\n');
            sb.append("streams followed to end: ").append(streams).append(", exact: ").append(exact)
                    .append(", resumed: ").append(reconnects).append('\n');
            if (!samples.isEmpty()) {
                sb.append("\n| s | RSS MiB | fds | pool active | awaiting | max used | PostgreSQL connections |\n")
                        .append("|---:|---:|---:|---:|---:|---:|---:|\n");
                int step = Math.max(1, samples.size() / 12);
                for (int i = 0; i < samples.size(); i += step) {
                    row(sb, samples.get(i));
                }
                if ((samples.size() - 1) % step != 0) {
                    row(sb, samples.get(samples.size() - 1));
                }
            }
            inexact.forEach(s -> sb.append("inexact: ").append(s).append('\n'));
            failures.forEach(s -> sb.append("not a success: ").append(s).append('\n'));
            return sb.toString();
        }

        private static void row(StringBuilder sb, Sample s) {
            sb.append("| ").append(s.atSeconds()).append(" | ").append(s.rssKb() / 1024).append(" | ").append(s.fds())
                    .append(" | ").append(s.poolActive()).append(" | ").append(s.poolAwaiting()).append(" | ")
                    .append(s.poolMaxUsed()).append(" | ").append(s.dbConnections()).append(" |\n");
        }

        private static String ms(long micros) {
            return String.format(java.util.Locale.ROOT, "%.1f", micros / 1000.0);
        }
    }

    /** A running game the watchers may follow: its id and its seat's token. */
    private record Offered(String id, String token) {
    }

    private final Options options;
    private final String base;
    private final long serverPid;
    private final String jdbc;
    private final HttpClient http;
    /** With limits on: this thread's client, bound to a loopback address of its own, and its player key. */
    private final ThreadLocal<HttpClient> mine = new ThreadLocal<>();
    private final ThreadLocal<String> key = new ThreadLocal<>();
    private final Map<String, Map<Integer, LongAdder>> statuses = new ConcurrentHashMap<>();
    private final Histogram moves = new ConcurrentHistogram(60_000_000L, 3);
    private final AtomicLongArray perMinute;
    private final LinkedBlockingDeque<Offered> offered = new LinkedBlockingDeque<>();
    private final LongAdder streams = new LongAdder();
    private final LongAdder exact = new LongAdder();
    private final LongAdder reconnects = new LongAdder();
    private final LongAdder games = new LongAdder();
    private final ConcurrentLinkedQueue<Sample> samples = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<String> inexact = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
    private final java.util.concurrent.ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().daemon().unstarted(r));
    private long start;
    private long end;
    /** When every client stops, finished or not: the end plus time to finish the games in play. */
    private long hardEnd;

    /**
     * A soak of the server at {@code base}.
     *
     * @param serverPid the server's process, for its memory and files
     * @param jdbc      its database, for PostgreSQL's connection count (user and password postgres)
     */
    public Soak(Options options, String base, long serverPid, String jdbc) {
        this.options = options;
        this.base = base;
        this.serverPid = serverPid;
        this.jdbc = jdbc;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).executor(Executors.newVirtualThreadPerTaskExecutor()).build();
        this.perMinute = new AtomicLongArray((int) options.duration().toMinutes() + 2);
    }

    /** Runs the load for the duration, then waits for every client to stop (bounded); returns what it saw. */
    public Report run() throws Exception {
        List<String> rulesets = rulesets();
        start = System.nanoTime();
        end = start + options.duration().toNanos();
        hardEnd = end + TimeUnit.SECONDS.toNanos(60);
        ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor();
        try {
            for (int i = 0; i < options.players(); i++) {
                Random random = new Random(options.seed() * 1000 + i);
                String name = "soak" + i;
                int host = 10 + i;
                clients.submit(() -> {
                    own(host, name);
                    player(name, random, rulesets);
                });
            }
            for (int i = 0; i < options.watchers(); i++) {
                int host = 100 + i;
                clients.submit(() -> {
                    own(host, null);
                    watcher();
                });
            }
            clients.submit(() -> {
                own(250, null);
                historyReader();
            });
            clients.submit(this::sampler);
            clients.shutdown();
            if (!clients.awaitTermination(options.duration().toSeconds() + 90, TimeUnit.SECONDS)) {
                clients.shutdownNow();
            }
        } finally {
            timer.shutdownNow();
        }
        // Once every client has stopped: what the server holds with no load.
        try (Connection c = jdbc == null ? null : DriverManager.getConnection(jdbc, "postgres", "postgres")) {
            samples.add(sample(c));
        }
        Map<String, Map<Integer, Long>> counted = new TreeMap<>();
        statuses.forEach((k, m) -> {
            Map<Integer, Long> c = new TreeMap<>();
            m.forEach((s, n) -> c.put(s, n.sum()));
            counted.put(k, c);
        });
        long[] minutes = new long[(int) Math.max(1, Math.ceil(options.duration().toSeconds() / 60.0))];
        for (int i = 0; i < minutes.length; i++) {
            minutes[i] = perMinute.get(i);
        }
        return new Report(counted, moves, minutes, streams.sum(), exact.sum(), reconnects.sum(), games.sum(),
                List.copyOf(samples), List.copyOf(inexact).subList(0, Math.min(20, inexact.size())), List.copyOf(failures));
    }

    /**
     * With limits on, makes this thread a client of its own: on loopback address 127.0.0.{@code host}
     * and, when {@code name} is given, as that registered player (registered here, its key sent with
     * every request), as people and bots would be; with limits off, nothing.
     */
    private void own(int host, String name) {
        if (!options.limits()) {
            return;
        }
        try {
            mine.set(HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10))
                    .localAddress(java.net.InetAddress.getByName("127.0.0." + host))
                    .executor(Executors.newVirtualThreadPerTaskExecutor()).build());
            if (name != null) {
                HttpResponse<String> r = send("register", request("/api/players").header("Content-Type", "application/json")
                        .POST(json(Map.of("name", name))));
                if (r == null || r.statusCode() != 201) {
                    throw new IllegalStateException("could not register " + name + ": " + (r == null ? "no answer" : r.body()));
                }
                key.set(JSON.readTree(r.body()).path("key").asText());
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private HttpClient client() {
        HttpClient c = mine.get();
        return c == null ? http : c;
    }

    private boolean running() {
        return System.nanoTime() < end;
    }

    /** The Scoundrel rulesets the server offers, from {@code GET /api/game-types}. */
    private List<String> rulesets() throws IOException, InterruptedException {
        JsonNode types = JSON.readTree(http.send(HttpRequest.newBuilder(URI.create(base + "/api/game-types")).build(),
                HttpResponse.BodyHandlers.ofString()).body());
        List<String> out = new ArrayList<>();
        for (JsonNode t : types.isArray() ? types : types.path("items")) {
            if ("scoundrel".equals(t.path("type").asText())) {
                t.path("rulesets").forEach(r -> out.add(r.isObject() ? r.path("name").asText(r.path("id").asText()) : r.asText()));
            }
        }
        return out.isEmpty() ? List.of("standard") : out;
    }

    /** One request, counted under {@code kind}; the response, or null when none came. */
    private HttpResponse<String> send(String kind, HttpRequest.Builder request) {
        long t0 = System.nanoTime();
        HttpResponse<String> r;
        try {
            r = client().send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            r = null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            r = null;
        }
        int status = r == null ? 0 : r.statusCode();
        if (status != 0 && status / 100 != 2 && failures.size() < 20) {
            failures.add(kind + " " + status + ": " + r.body());
        }
        statuses.computeIfAbsent(kind, k -> new ConcurrentHashMap<>()).computeIfAbsent(status, s -> new LongAdder()).increment();
        if (kind.equals("move") && status == 200) {
            moves.recordValue(Math.min(moves.getHighestTrackableValue(), (System.nanoTime() - t0) / 1000));
            int minute = (int) ((System.nanoTime() - start) / 60_000_000_000L);
            if (minute < perMinute.length()) {
                perMinute.incrementAndGet(minute);
            }
        }
        return r;
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path));
        return key.get() == null ? b : b.header("X-Player-Key", key.get());
    }

    private static HttpRequest.BodyPublisher json(Object body) {
        try {
            return HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private void player(String name, Random random, List<String> rulesets) {
        while (running()) {
            Map<String, Object> body;
            if (random.nextBoolean()) {
                body = Map.of("type", "scoundrel", "ruleset", rulesets.get(random.nextInt(rulesets.size())),
                        "seats", List.of(Map.of("name", name)));
            } else {
                String ai = AI[random.nextInt(AI.length)];
                body = Map.of("type", "dazzle", "seats", List.of(Map.of("name", name), ai.equals("ismcts")
                        ? Map.of("ai", ai, "aiBudget", options.aiBudget()) : Map.of("ai", ai)));
            }
            HttpResponse<String> created = send("create", request("/api/games").header("Content-Type", "application/json")
                    .POST(json(body)));
            if (created == null || created.statusCode() != 201) {
                pause(500);
                continue;
            }
            try {
                JsonNode game = JSON.readTree(created.body());
                String id = game.path("id").asText();
                String token = game.path("credentials").path(0).path("token").asText();
                offered.offerFirst(new Offered(id, token));
                play(id, token, game, random);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private void play(String id, String token, JsonNode game, Random random) throws IOException {
        for (int moves = 0; moves < 1000; moves++) {
            if ("finished".equals(game.path("status").asText())) {
                games.increment();
                return;
            }
            if (System.nanoTime() >= hardEnd) {
                return;
            }
            JsonNode legal = game.path("legalMoves");
            HttpResponse<String> r;
            if (legal.isEmpty()) {
                r = send("get game", request("/api/games/" + id).header("Authorization", "Bearer " + token));
            } else {
                r = send("move", request("/api/games/" + id + "/moves").header("Authorization", "Bearer " + token)
                        .header("Content-Type", "application/json")
                        .POST(json(legal.get(random.nextInt(legal.size())))));
            }
            if (r == null || r.statusCode() != 200) {
                pause(500);
                HttpResponse<String> again = send("get game", request("/api/games/" + id).header("Authorization", "Bearer " + token));
                if (again == null || again.statusCode() != 200) {
                    return;
                }
                r = again;
            }
            game = JSON.readTree(r.body());
        }
    }

    private void watcher() {
        while (running()) {
            Offered g;
            try {
                g = offered.pollFirst(1, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                return;
            }
            if (g != null) {
                follow(g);
            }
        }
    }

    /** Follows {@code g}'s events to {@code end}, then checks them against the log. */
    private void follow(Offered g) {
        List<JsonNode> events = new ArrayList<>();
        int last = 0;
        boolean ended = false;
        for (int attempt = 0; !ended && System.nanoTime() < hardEnd && attempt < 50; attempt++) {
            if (attempt > 0) {
                reconnects.increment();
                pause(1000);
            }
            HttpResponse<String> ticket = send("stream ticket", request("/api/games/" + g.id() + "/stream-tickets")
                    .header("Authorization", "Bearer " + g.token()).POST(HttpRequest.BodyPublishers.noBody()));
            if (ticket == null || ticket.statusCode() != 201) {
                continue;
            }
            String t;
            try {
                t = JSON.readTree(ticket.body()).path("ticket").asText();
            } catch (IOException e) {
                continue;
            }
            HttpRequest.Builder open = request("/api/games/" + g.id() + "/events?ticket=" + t)
                    .header("Accept", "text/event-stream").timeout(Duration.ofMinutes(15));
            if (last > 0) {
                open.header("Last-Event-ID", Integer.toString(last));
            }
            HttpResponse<java.util.stream.Stream<String>> r;
            try {
                r = client().send(open.build(), HttpResponse.BodyHandlers.ofLines());
            } catch (IOException | InterruptedException e) {
                count("event stream", 0);
                continue;
            }
            count("event stream", r.statusCode());
            if (r.statusCode() != 200) {
                r.body().close();
                continue;
            }
            String name = null;
            String id = null;
            StringBuilder data = new StringBuilder();
            // Bounded: a stream still open at the hard end is closed, whatever it waits for.
            var body = r.body();
            var closer = timer.schedule(body::close, Math.max(0, hardEnd - System.nanoTime()), TimeUnit.NANOSECONDS);
            try (var lines = body) {
                for (String line : (Iterable<String>) lines::iterator) {
                    if (line.startsWith("event:")) {
                        name = line.substring(6).trim();
                    } else if (line.startsWith("id:")) {
                        id = line.substring(3).trim();
                    } else if (line.startsWith("data:")) {
                        data.append(line.substring(5).trim());
                    } else if (line.isEmpty() && name != null) {
                        if (name.equals("move")) {
                            events.add(JSON.readTree(data.toString()).path("entry"));
                            last = Integer.parseInt(id);
                        } else if (name.equals("end")) {
                            ended = true;
                            break;
                        } else if (name.equals("error")) {
                            count("event stream error", JSON.readTree(data.toString()).path("status").asInt());
                            break;
                        }
                        name = null;
                        id = null;
                        data.setLength(0);
                    }
                }
            } catch (IOException | RuntimeException e) {
                // dropped: resume after the last event
            } finally {
                closer.cancel(false);
            }
        }
        if (!ended) {
            return; // the run ended first
        }
        streams.increment();
        HttpResponse<String> log = send("log", request("/api/games/" + g.id() + "/moves?limit=500")
                .header("Authorization", "Bearer " + g.token()));
        try {
            JsonNode items = log == null || log.statusCode() != 200 ? null : JSON.readTree(log.body()).path("items");
            String diff = compare(events, items);
            if (diff == null) {
                exact.increment();
            } else {
                inexact.add(g.id() + ": " + diff);
            }
        } catch (IOException e) {
            inexact.add(g.id() + ": log unreadable");
        }
    }

    /** Null when {@code events} are the log's entries once each in order (seq, seat, action), else what differs. */
    static String compare(List<JsonNode> events, JsonNode log) {
        if (log == null) {
            return "no log";
        }
        if (events.size() != log.size()) {
            return events.size() + " events for " + log.size() + " log entries";
        }
        for (int i = 0; i < events.size(); i++) {
            JsonNode e = events.get(i);
            JsonNode l = log.get(i);
            if (e.path("seq").asInt() != i + 1 || l.path("seq").asInt() != i + 1
                    || e.path("seat").asInt(-1) != l.path("seat").asInt(-1)
                    || !e.path("move").path("action").asText().equals(l.path("move").path("action").asText())) {
                return "event " + (i + 1) + " is " + e + " where the log has " + l;
            }
        }
        return null;
    }

    private void count(String kind, int status) {
        statuses.computeIfAbsent(kind, k -> new ConcurrentHashMap<>()).computeIfAbsent(status, s -> new LongAdder()).increment();
    }

    private void historyReader() {
        String cursor = null;
        while (running()) {
            HttpResponse<String> r = send("history", request("/api/games?limit=20" + (cursor == null ? "" : "&cursor=" + cursor)));
            try {
                JsonNode next = r == null || r.statusCode() != 200 ? null : JSON.readTree(r.body()).path("nextCursor");
                cursor = next == null || next.isNull() || next.isMissingNode() ? null : next.asText();
            } catch (IOException e) {
                cursor = null;
            }
            pause(options.historyEvery().toMillis());
        }
    }

    private void sampler() {
        try (Connection c = jdbc == null ? null : DriverManager.getConnection(jdbc, "postgres", "postgres")) {
            while (running()) {
                samples.add(sample(c));
                pause(options.sampleEvery().toMillis());
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private Sample sample(Connection c) {
        long rss = 0;
        int fds = 0;
        try {
            rss = Long.parseLong(ProcStat.status(serverPid).getOrDefault("VmRSS", "0 kB").split("\\s+")[0]);
            try (var list = Files.list(Path.of("/proc/" + serverPid + "/fd"))) {
                fds = (int) list.count();
            }
        } catch (IOException | RuntimeException e) {
            // the process has gone
        }
        Map<String, Double> m = metrics();
        int db = 0;
        if (c != null) {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                    "select count(*) from pg_stat_activity where backend_type = 'client backend'")) {
                rs.next();
                db = rs.getInt(1);
            } catch (SQLException e) {
                db = -1;
            }
        }
        return new Sample((System.nanoTime() - start) / 1_000_000_000L, rss, fds, m.getOrDefault("agroal_active_count", -1d).longValue(),
                m.getOrDefault("agroal_awaiting_count", -1d).longValue(), m.getOrDefault("agroal_max_used_count", -1d).longValue(), db);
    }

    /** The pool's gauges from {@code /q/metrics} (Prometheus text). */
    private Map<String, Double> metrics() {
        Map<String, Double> out = new ConcurrentHashMap<>();
        try {
            HttpResponse<String> r = http.send(request("/q/metrics").timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString());
            for (String line : r.body().split("\n")) {
                if (line.startsWith("agroal_")) {
                    String name = line.substring(0, line.indexOf('{') > 0 ? line.indexOf('{') : line.indexOf(' '));
                    out.put(name, Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)));
                }
            }
        } catch (IOException | RuntimeException e) {
            // no sample of the pool this time
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return out;
    }

    private static void pause(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Starts an embedded PostgreSQL and the packaged server, soaks it, prints the report, and stops
     * both. Exits 1 when any response was a 5xx or a followed stream was not exact.
     */
    public static void main(String[] argv) throws Exception {
        Map<String, String> a = Args.parse(argv);
        Options o = new Options(Args.duration(a.getOrDefault("duration", "10m")),
                Integer.parseInt(a.getOrDefault("players", "16")), Integer.parseInt(a.getOrDefault("watchers", "20")),
                Args.duration(a.getOrDefault("history-every", "250ms")), Integer.parseInt(a.getOrDefault("ai-budget", "1000")),
                Args.duration(a.getOrDefault("sample-every", "5s")), Long.parseLong(a.getOrDefault("seed", "1")),
                a.containsKey("limits"));
        if (a.containsKey("jar")) {
            System.setProperty("cardtable.jar", a.get("jar"));
        }
        Report report = soak(o);
        String text = report.markdown();
        System.out.println(text);
        if (a.containsKey("out")) {
            Files.writeString(Path.of(a.get("out")), text);
        }
        System.exit(report.serverErrors() == 0 && report.exact() == report.streams() ? 0 : 1);
    }

    /** Runs {@code o} against a server of its own on an embedded PostgreSQL of its own. */
    public static Report soak(Options o) throws Exception {
        return onOwnServer("cardtable-soak-", 200, o.limits(), (server, jdbc) -> new Soak(o, server.baseUri(), server.pid(), jdbc).run());
    }

    /** What a tool runs against a server of its own. */
    interface OnServer<T> {
        T run(ServerProcess server, String jdbc) throws Exception;
    }

    /**
     * Starts an embedded PostgreSQL ({@code maxConnections}) and the packaged server on it (rate
     * limits off, since every client of a tool shares one address), runs {@code body}, then stops
     * both and deletes their files.
     */
    static <T> T onOwnServer(String prefix, int maxConnections, OnServer<T> body) throws Exception {
        return onOwnServer(prefix, maxConnections, false, body);
    }

    /** As above; with {@code limits} the server keeps its default rate limits and budgets. */
    static <T> T onOwnServer(String prefix, int maxConnections, boolean limits, OnServer<T> body) throws Exception {
        Path dir = Files.createTempDirectory(prefix);
        try (EmbeddedPostgres pg = EmbeddedPostgres.builder().setDataDirectory(dir.resolve("pg"))
                .setServerConfig("max_connections", String.valueOf(maxConnections))
                .setPGStartupWait(Duration.ofSeconds(60)).start()) {
            String jdbc = "jdbc:postgresql://localhost:" + pg.getPort() + "/postgres";
            try (ServerProcess server = ServerProcess.start(Map.of(
                    "quarkus.datasource.jdbc.url", jdbc,
                    "quarkus.datasource.username", "postgres",
                    "quarkus.datasource.password", "postgres",
                    "cardtable.rate-limit.enabled", Boolean.toString(limits),
                    "cardtable.events.max-streams-per-client", "4096"), dir)) {
                return body.run(server, jdbc);
            }
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
