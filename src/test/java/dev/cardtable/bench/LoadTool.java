package dev.cardtable.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardtable.engine.scoundrel.Card;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A bounded closed-loop load generator for a running Card Table server.
 *
 * <p>Each of {@code --clients} clients loops: create a game, then POST a legal move chosen from the
 * previous response's {@code legalMoves} by the {@code --policy} until the game is finished, then
 * create the next one. Only move POSTs are timed. Requests that start before the warm-up ends are
 * not measured; the run stops by itself at warm-up + duration (plus at most one request timeout).
 *
 * <p>The clients are driven by one Vert.x event loop: each has its own keep-alive connection and
 * at most one request in flight, and the next request is sent from the thread that read the last
 * response. On a small machine the load tool shares the cores with the server and PostgreSQL, so
 * it is kept cheap (pgbench, the yardstick, is a C client); it reports its own CPU per move beside
 * the server's and PostgreSQL's.
 *
 * <pre>
 * ./mvnw -q test-compile exec:java -Dexec.mainClass=dev.cardtable.bench.LoadTool \
 *   -Dexec.args="--base http://localhost:8080 --clients 16 --duration 60s --warmup 10s --type scoundrel --pid 1234"
 * </pre>
 *
 * Options: {@code --base URL} (default http://localhost:8080), {@code --clients N} (1),
 * {@code --duration D} (60s), {@code --warmup D} (10s), {@code --type scoundrel|dazzle}
 * (scoundrel; dazzle seats a human and {@code {"ai":"random"}}), {@code --policy P} (which legal
 * move a client posts, see below; {@code best-health}), {@code --seed N} (the clients' tie-breaking
 * generators; 1), {@code --pid P} (the server process, for its memory and CPU), {@code --pg-pid P}
 * (the PostgreSQL postmaster, first line of {@code <data dir>/postmaster.pid}, for the CPU of it and
 * its backends), {@code --watch-every N} (open a live-event stream on every N-th game a client
 * creates; 0 = none), {@code --max-moves N} (per game, a safety bound; 500).
 * Durations: {@code 500ms}, {@code 10s}, {@code 2m}.
 *
 * <p>Policies:
 * <ul>
 *   <li>{@code best-health} (default): for Scoundrel, among the legal moves, those that leave the
 *       most health right after the move, computed from the response's {@code view} (a weapon or
 *       an avoid keeps health; a potion heals up to {@code maxHealth}, except a second one in a
 *       turn in {@code standard}; a monster costs its value, less the weapon's value when the move
 *       uses the weapon: in {@code standard} a plain {@code play} uses it exactly when the
 *       barehanded variant of the same card is also legal, in {@code simple} whenever a weapon is
 *       equipped); ties are broken at random by a generator seeded with {@code --seed} plus the
 *       client's number. For Dazzle: a uniformly random legal move from the same generator.</li>
 *   <li>{@code first-play}: the first {@code play} move, else the first move (games last longer
 *       than by avoiding); the behaviour before policies existed.</li>
 * </ul>
 *
 * <p>{@link #measure()} runs in-process and returns a {@link Measurement}; {@link #main} prints it.
 */
public final class LoadTool {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

    /** The default policy: a move among those that leave the most health now, ties at random. */
    public static final String BEST_HEALTH = "best-health";
    /** The first {@code play} move, else the first move. */
    public static final String FIRST_PLAY = "first-play";

    private final String base;
    private final int clients;
    private final Duration duration;
    private final Duration warmup;
    private final String type;
    private final Long pid;
    private final Long pgPid;
    private final int watchEvery;
    private final int maxMoves;
    private final String policy;
    private final long seed;

    private final AtomicLong moves = new AtomicLong();
    private final AtomicLong movesAll = new AtomicLong();
    private final AtomicLong games = new AtomicLong();
    private final AtomicLong gamesAll = new AtomicLong();
    private final AtomicLong creates = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private final AtomicLong watched = new AtomicLong();
    private final AtomicLong events = new AtomicLong();
    private final AtomicLong watchedMoves = new AtomicLong();
    private final ConcurrentLinkedQueue<String> errorSamples = new ConcurrentLinkedQueue<>();

    private long measureStart;
    private long end;
    private Vertx vertx;
    private java.net.http.HttpClient watchHttp;

    /**
     * A configured run; nothing starts until {@link #measure()}.
     *
     * @param a the options of the class comment, without the leading {@code --} (see {@link Args#parse})
     * @throws IllegalArgumentException for an unknown type or policy, or a client count out of 1..512
     */
    public LoadTool(Map<String, String> a) {
        base = a.getOrDefault("base", "http://localhost:8080").replaceAll("/+$", "");
        clients = Integer.parseInt(a.getOrDefault("clients", "1"));
        duration = Args.duration(a.getOrDefault("duration", "60s"));
        warmup = Args.duration(a.getOrDefault("warmup", "10s"));
        type = a.getOrDefault("type", "scoundrel");
        pid = a.containsKey("pid") ? Long.parseLong(a.get("pid")) : null;
        pgPid = a.containsKey("pg-pid") ? Long.parseLong(a.get("pg-pid")) : null;
        watchEvery = Integer.parseInt(a.getOrDefault("watch-every", "0"));
        maxMoves = Integer.parseInt(a.getOrDefault("max-moves", "500"));
        policy = a.getOrDefault("policy", BEST_HEALTH);
        seed = Long.parseLong(a.getOrDefault("seed", "1"));
        if (!policy.equals(BEST_HEALTH) && !policy.equals(FIRST_PLAY)) {
            throw new IllegalArgumentException("--policy must be " + BEST_HEALTH + " or " + FIRST_PLAY);
        }
        if (!type.equals("scoundrel") && !type.equals("dazzle")) {
            throw new IllegalArgumentException("--type must be scoundrel or dazzle");
        }
        if (clients < 1 || clients > 512) {
            throw new IllegalArgumentException("--clients must be 1 to 512");
        }
    }

    public static void main(String[] args) throws Exception {
        Measurement m = new LoadTool(Args.parse(args)).measure();
        m.print(System.out);
        System.exit(m.errors() == 0 ? 0 : 1);
    }

    /**
     * What one run measured. Latencies are of move POSTs started after the warm-up and answered
     * before the end; CPU is over the measured window.
     *
     * @param type              scoundrel or dazzle
     * @param policy            the move policy
     * @param base              the server's base URL
     * @param clients           concurrent clients
     * @param warmupSeconds     the warm-up, in seconds
     * @param measuredSeconds   the measured window, in seconds
     * @param moves             moves answered 200 in the measured window
     * @param movesAll          moves answered 200 in all
     * @param gamesFinished     games finished in the measured window
     * @param gamesFinishedAll  games finished in all
     * @param gamesCreated      games created in all
     * @param p50Ms             median move latency, milliseconds
     * @param p90Ms             90th percentile, milliseconds
     * @param p99Ms             99th percentile, milliseconds
     * @param maxMs             slowest move, milliseconds
     * @param errors            failed requests (not counting requests cut off by the end of the run)
     * @param errorSamples      up to 20 of them, timestamped
     * @param serverCpuSeconds  the server process's user + system CPU in the window, seconds; NaN
     *                          without {@code --pid}
     * @param pgCpuSeconds      the PostgreSQL postmaster's and all its backends' CPU in the window,
     *                          seconds; NaN without {@code --pg-pid}
     * @param clientCpuSeconds  the load tool's own process's CPU in the window, seconds (the whole
     *                          JVM it runs in)
     * @param serverStatus      {@code /proc/<pid>/status} of the server at the end (VmRSS …); empty
     *                          without {@code --pid}
     * @param watched           games with a live-event stream
     * @param events            move events received on them
     * @param watchedMoves      moves made on them
     */
    public record Measurement(String type, String policy, String base, int clients, double warmupSeconds,
                              double measuredSeconds, long moves, long movesAll, long gamesFinished,
                              long gamesFinishedAll, long gamesCreated, double p50Ms, double p90Ms, double p99Ms,
                              double maxMs, long errors, List<String> errorSamples, double serverCpuSeconds,
                              double pgCpuSeconds, double clientCpuSeconds, Map<String, String> serverStatus, long watched, long events,
                              long watchedMoves) {

        /** Moves per second in the measured window. */
        public double movesPerSecond() {
            return measuredSeconds > 0 ? moves / measuredSeconds : 0;
        }

        /** Server CPU per move, milliseconds; NaN when not measured or no move. */
        public double serverCpuMsPerMove() {
            return moves == 0 ? Double.NaN : serverCpuSeconds * 1000 / moves;
        }

        /** The load tool's own CPU per move, milliseconds; NaN when no move. */
        public double clientCpuMsPerMove() {
            return moves == 0 ? Double.NaN : clientCpuSeconds * 1000 / moves;
        }

        /** PostgreSQL CPU per move, milliseconds; NaN when not measured or no move. */
        public double pgCpuMsPerMove() {
            return moves == 0 ? Double.NaN : pgCpuSeconds * 1000 / moves;
        }

        /** The report {@link LoadTool#main} prints. */
        public void print(PrintStream out) {
            out.println();
            out.printf("type            %s (policy %s)%n", type, policy);
            out.printf("base            %s%n", base);
            out.printf("clients         %d%n", clients);
            out.printf("warmup          %.1f s%n", warmupSeconds);
            out.printf("duration        %.1f s (measured)%n", measuredSeconds);
            out.printf("games finished  %d (measured window), %d in all%n", gamesFinished, gamesFinishedAll);
            out.printf("moves           %d (measured window), %d in all%n", moves, movesAll);
            out.printf("moves/s         %.1f%n", movesPerSecond());
            out.printf("move latency    p50 %.2f ms  p90 %.2f ms  p99 %.2f ms  max %.2f ms  (n=%d)%n",
                    p50Ms, p90Ms, p99Ms, maxMs, moves);
            out.printf("games created   %d%n", gamesCreated);
            if (watched > 0) {
                out.printf("watched games   %d, move events received %d for %d moves on them%n",
                        watched, events, watchedMoves);
            }
            out.printf("errors          %d%n", errors);
            errorSamples.stream().limit(5).forEach(e -> out.println("  error: " + e));
            if (!serverStatus.isEmpty()) {
                out.printf("server          VmRSS %s, VmHWM %s, threads %s%n",
                        serverStatus.getOrDefault("VmRSS", "?"), serverStatus.getOrDefault("VmHWM", "?"),
                        serverStatus.getOrDefault("Threads", "?"));
            }
            if (!Double.isNaN(serverCpuSeconds)) {
                out.printf("server CPU      %.1f s in the measured window = %.2f cores (%.0f µs CPU per move)%n",
                        serverCpuSeconds, serverCpuSeconds / measuredSeconds, serverCpuMsPerMove() * 1000);
            }
            if (!Double.isNaN(pgCpuSeconds)) {
                out.printf("PostgreSQL CPU  %.1f s in the measured window = %.2f cores (%.0f µs CPU per move)%n",
                        pgCpuSeconds, pgCpuSeconds / measuredSeconds, pgCpuMsPerMove() * 1000);
            }
            if (!Double.isNaN(clientCpuSeconds)) {
                out.printf("load tool CPU   %.1f s in the measured window = %.2f cores (%.0f µs CPU per move)%n",
                        clientCpuSeconds, clientCpuSeconds / measuredSeconds, clientCpuMsPerMove() * 1000);
            }
            try {
                out.printf("load average    %s%n", Files.readString(Path.of("/proc/loadavg")).trim());
            } catch (IOException e) {
                // not Linux
            }
        }
    }

    /**
     * Runs the load (warm-up, then the measured window) and returns what it measured; blocks for
     * about warm-up + duration. One instance measures once.
     */
    public Measurement measure() throws InterruptedException {
        long start = System.nanoTime();
        measureStart = start + warmup.toNanos();
        end = measureStart + duration.toNanos();
        List<Histogram> histograms = new ArrayList<>();
        long[] cpuAtStart = {-1, -1, -1};
        Thread cpuMark = Thread.ofPlatform().daemon().start(() -> {
            sleepUntil(measureStart);
            cpuAtStart[2] = ProcStat.cpuTicks(ProcessHandle.current().pid());
            if (pid != null) {
                cpuAtStart[0] = ProcStat.cpuTicks(pid);
            }
            if (pgPid != null) {
                cpuAtStart[1] = ProcStat.treeCpuTicks(pgPid);
            }
        });
        vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1).setWorkerPoolSize(1)
                .setInternalBlockingPoolSize(1));
        watchHttp = java.net.http.HttpClient.newBuilder().version(java.net.http.HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).build();
        HttpClient http = vertx.createHttpClient(new HttpClientOptions().setConnectTimeout(10_000),
                new PoolOptions().setHttp1MaxSize(clients));
        CountDownLatch done = new CountDownLatch(clients);
        for (int c = 0; c < clients; c++) {
            Histogram h = new Histogram(TimeUnitNs.MINUTE, 3);
            histograms.add(h);
            Client client = new Client(c, http, h, done);
            vertx.runOnContext(v -> client.next());
        }
        try {
            if (!done.await(end - System.nanoTime() + REQUEST_TIMEOUT.toNanos() * 2, TimeUnit.NANOSECONDS)) {
                error("clients still busy " + REQUEST_TIMEOUT.multipliedBy(2).toSeconds() + " s after the end");
            }
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().orTimeout(10, TimeUnit.SECONDS).join();
        }
        cpuMark.join();
        long clientCpuAtEnd = ProcStat.cpuTicks(ProcessHandle.current().pid());
        long cpuAtEnd = pid == null ? -1 : ProcStat.cpuTicks(pid);
        long pgCpuAtEnd = pgPid == null ? -1 : ProcStat.treeCpuTicks(pgPid);
        long measuredNanos = Math.min(System.nanoTime(), end) - measureStart;

        Histogram all = new Histogram(TimeUnitNs.MINUTE, 3);
        histograms.forEach(all::add);
        double serverCpu = cpuAtStart[0] >= 0 && cpuAtEnd >= 0
                ? (cpuAtEnd - cpuAtStart[0]) / (double) ProcStat.TICKS_PER_SECOND : Double.NaN;
        double pgCpu = cpuAtStart[1] >= 0 && pgCpuAtEnd >= 0
                ? (pgCpuAtEnd - cpuAtStart[1]) / (double) ProcStat.TICKS_PER_SECOND : Double.NaN;
        double clientCpu = cpuAtStart[2] >= 0 && clientCpuAtEnd >= 0
                ? (clientCpuAtEnd - cpuAtStart[2]) / (double) ProcStat.TICKS_PER_SECOND : Double.NaN;
        return new Measurement(type, policy, base, clients, warmup.toMillis() / 1000.0, measuredNanos / 1e9,
                moves.get(), movesAll.get(), games.get(), gamesAll.get(), creates.get(),
                ms(all.getValueAtPercentile(50)), ms(all.getValueAtPercentile(90)),
                ms(all.getValueAtPercentile(99)), ms(all.getMaxValue()), errors.get(), List.copyOf(errorSamples),
                serverCpu, pgCpu, clientCpu, pid == null ? Map.of() : ProcStat.status(pid), watched.get(), events.get(),
                watchedMoves.get());
    }

    // ---------------------------------------------------------------- one client

    /** A response as received: its status and body. */
    private record Reply(int status, Buffer body) {
        String text() {
            return abbreviate(body.toString(StandardCharsets.UTF_8));
        }
    }

    /** Sends one request on the client's event loop; {@code token} may be null. */
    private Future<Reply> send(HttpClient http, String path, String body, String token) {
        RequestOptions o = new RequestOptions().setMethod(HttpMethod.POST).setAbsoluteURI(base + path)
                .setIdleTimeout(REQUEST_TIMEOUT.toMillis()).putHeader("Content-Type", "application/json");
        if (token != null) {
            o.putHeader("Authorization", "Bearer " + token);
        }
        return http.request(o).compose(req -> req.send(Buffer.buffer(body)))
                .compose(resp -> resp.body().map(b -> new Reply(resp.statusCode(), b)));
    }

    /**
     * One closed-loop client: creates a game, then posts a move from each response until the game
     * is over, then creates the next one, until the run ends. All of its work runs on the load
     * tool's event loop; it has at most one request in flight.
     */
    private final class Client {
        private final HttpClient http;
        private final String name;
        private final Random tieBreak;
        private final Histogram latency;
        private final CountDownLatch done;
        private int created;
        private String id;
        private String token;
        private Watch watch;
        private int played;

        Client(int number, HttpClient http, Histogram latency, CountDownLatch done) {
            this.http = http;
            this.name = "load" + number;
            this.tieBreak = new Random(seed + number);
            this.latency = latency;
            this.done = done;
        }

        /** Creates the next game, or stops when the run is over. */
        void next() {
            if (watch != null) {
                watch.close();
                watch = null;
            }
            if (System.nanoTime() >= end) {
                done.countDown();
                return;
            }
            send(http, "/api/games", createBody(name), null).onComplete(ar -> {
                try {
                    if (ar.failed() || ar.result().status() != 201) {
                        throw new IOException(ar.failed() ? ar.cause().toString()
                                : "status " + ar.result().status() + ": " + ar.result().text());
                    }
                    creates.incrementAndGet();
                    created++;
                    JsonNode game = JSON.readTree(ar.result().body().getBytes());
                    id = game.path("id").asText();
                    token = game.path("credentials").path(0).path("token").asText();
                    played = 0;
                    watch = watchEvery > 0 && created % watchEvery == 0 ? Watch.open(LoadTool.this, watchHttp, id) : null;
                    play(game);
                } catch (Exception e) {
                    error("create: " + e);
                    vertx.setTimer(100, t -> next());
                }
            });
        }

        /** Posts a move chosen from {@code game}, or goes on to the next game when this one is over. */
        private void play(JsonNode game) {
            if (System.nanoTime() >= end || !"active".equals(game.path("status").asText()) || played >= maxMoves) {
                next();
                return;
            }
            JsonNode move = policy.equals(FIRST_PLAY) ? firstPlay(game.path("legalMoves"))
                    : bestForHealth(game, tieBreak);
            if (move == null) {
                error("game " + id + ": active but no legal move for the human seat");
                next();
                return;
            }
            long t0 = System.nanoTime();
            send(http, "/api/games/" + id + "/moves", move.toString(), token).onComplete(ar -> {
                long t1 = System.nanoTime();
                try {
                    if (ar.failed()) {
                        throw new IOException(ar.cause().toString());
                    }
                    if (ar.result().status() != 200) {
                        throw new IOException(ar.result().status() + ": " + ar.result().text());
                    }
                    played++;
                    movesAll.incrementAndGet();
                    if (watch != null) {
                        watchedMoves.incrementAndGet();
                    }
                    if (t0 >= measureStart && t1 <= end) {
                        latency.recordValue(Math.min(t1 - t0, latency.getHighestTrackableValue()));
                        moves.incrementAndGet();
                    }
                    JsonNode after = JSON.readTree(ar.result().body().getBytes());
                    if ("finished".equals(after.path("status").asText())) {
                        gamesAll.incrementAndGet();
                        if (t1 >= measureStart && t1 <= end) {
                            games.incrementAndGet();
                        }
                    }
                    play(after);
                } catch (Exception e) {
                    error("move in game " + id + ": " + e);
                    next();
                }
            });
        }
    }

    private String createBody(String name) {
        ObjectNode body = JSON.createObjectNode();
        body.put("type", type);
        body.put("seed", Long.toHexString(ThreadLocalRandom.current().nextLong()));
        ArrayNode seats = body.putArray("seats");
        seats.addObject().put("name", name);
        if (type.equals("dazzle")) {
            seats.addObject().put("ai", "random");
        }
        return body.toString();
    }

    /** The first "play" move (so that games last longer than by avoiding), else the first move. */
    static JsonNode firstPlay(JsonNode legal) {
        if (!legal.isArray() || legal.isEmpty()) {
            return null;
        }
        for (JsonNode m : legal) {
            if ("play".equals(m.path("action").asText())) {
                return m;
            }
        }
        return legal.get(0);
    }

    /**
     * The {@value #BEST_HEALTH} policy (see the class comment): one of the legal moves that leave
     * the most health, picked by {@code random}; null when there is no legal move.
     *
     * @param game a game response ({@code type}, {@code ruleset}, {@code view}, {@code legalMoves})
     */
    static JsonNode bestForHealth(JsonNode game, Random random) {
        JsonNode legal = game.path("legalMoves");
        if (!legal.isArray() || legal.isEmpty()) {
            return null;
        }
        if (!"scoundrel".equals(game.path("type").asText())) {
            return legal.get(random.nextInt(legal.size()));
        }
        List<JsonNode> best = new ArrayList<>();
        int bestHealth = Integer.MIN_VALUE;
        for (JsonNode m : legal) {
            int h = healthAfter(game, m);
            if (h > bestHealth) {
                best.clear();
                bestHealth = h;
            }
            if (h == bestHealth) {
                best.add(m);
            }
        }
        return best.get(random.nextInt(best.size()));
    }

    /** Scoundrel health right after {@code move}, from the game's view (scoundrel.md, "Face a card"). */
    static int healthAfter(JsonNode game, JsonNode move) {
        JsonNode view = game.path("view");
        int health = view.path("health").asInt();
        if (!"play".equals(move.path("action").asText())) {
            return health; // avoid
        }
        boolean simple = "simple".equals(game.path("ruleset").asText());
        Card card = Card.parse(move.path("card").asText());
        return switch (card.kind()) {
            case WEAPON -> health;
            case POTION -> !simple && view.path("potionUsedThisTurn").asBoolean()
                    ? health : Math.min(view.path("maxHealth").asInt(health), health + card.value());
            case MONSTER -> {
                JsonNode weapon = view.path("weapon");
                boolean barehanded = move.path("barehanded").asBoolean(false);
                boolean usable = weapon.isObject() && (simple || hasBarehandedVariant(game.path("legalMoves"), card));
                yield !barehanded && usable
                        ? health - Math.max(0, card.value() - Card.parse(weapon.path("card").asText()).value())
                        : health - card.value();
            }
        };
    }

    /** In {@code standard}, the barehanded variant is listed exactly for the monsters the weapon may fight. */
    private static boolean hasBarehandedVariant(JsonNode legal, Card card) {
        for (JsonNode m : legal) {
            if (m.path("barehanded").asBoolean(false) && card.code().equals(m.path("card").asText())) {
                return true;
            }
        }
        return false;
    }

    private void error(String message) {
        if (System.nanoTime() >= end) {
            return; // a request cut off by the end of the run is not the server's error
        }
        errors.incrementAndGet();
        if (errorSamples.size() < 20) {
            errorSamples.add(Instant.now() + " " + message);
        }
    }

    private static void pause() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleepUntil(long nanoTime) {
        long left;
        while ((left = nanoTime - System.nanoTime()) > 0) {
            try {
                Thread.sleep(Math.max(1, left / 1_000_000));
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private static String abbreviate(String s) {
        return s.length() > 300 ? s.substring(0, 300) + "…" : s;
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }

    /** Nanosecond bounds for histograms. */
    private static final class TimeUnitNs {
        static final long MINUTE = 60_000_000_000L;
    }

    // ---------------------------------------------------------------- live events

    /** A live-event stream on one game, read on a virtual thread until closed. */
    private static final class Watch {
        private final Thread reader;
        private volatile InputStream in;

        private Watch(Thread reader) {
            this.reader = reader;
        }

        static Watch open(LoadTool tool, java.net.http.HttpClient http, String id) {
            tool.watched.incrementAndGet();
            Watch[] self = new Watch[1];
            Thread t = Thread.ofVirtual().unstarted(() -> {
                HttpRequest req = HttpRequest.newBuilder(URI.create(tool.base + "/api/games/" + id + "/events"))
                        .header("Accept", "text/event-stream").timeout(Duration.ofMinutes(5)).GET().build();
                try {
                    HttpResponse<InputStream> r = http.send(req, HttpResponse.BodyHandlers.ofInputStream());
                    self[0].in = r.body();
                    if (r.statusCode() != 200) {
                        tool.error("events " + r.statusCode());
                        r.body().close();
                        return;
                    }
                    StringBuilder line = new StringBuilder();
                    int b;
                    while ((b = r.body().read()) >= 0) {
                        if (b == '\n') {
                            if (line.toString().startsWith("event:") && line.toString().contains("move")) {
                                tool.events.incrementAndGet();
                            }
                            line.setLength(0);
                        } else {
                            line.append((char) b);
                        }
                    }
                } catch (IOException | InterruptedException e) {
                    // closed by close()
                }
            });
            self[0] = new Watch(t);
            t.start();
            return self[0];
        }

        /** Lets the last events arrive (half a second, off the client's thread), then closes the stream. */
        void close() {
            Thread.ofVirtual().start(() -> {
                try {
                    reader.join(Duration.ofMillis(500));
                } catch (InterruptedException e) {
                    // close now
                }
                InputStream s = in;
                if (s != null) {
                    try {
                        s.close();
                    } catch (IOException e) {
                        // already closed
                    }
                }
                reader.interrupt();
            });
        }
    }
}
