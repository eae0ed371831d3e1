package dev.cardtable.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A bounded closed-loop load generator for a running Card Table server.
 *
 * <p>Each of {@code --clients} threads loops: create a game, then POST a legal move taken from the
 * previous response's {@code legalMoves} (for Scoundrel the first {@code play} move, else the first
 * move) until the game is finished, then create the next one. Only move POSTs are timed. Requests
 * that start before the warm-up ends are not measured; the run stops by itself at warm-up +
 * duration (plus at most one request timeout).
 *
 * <pre>
 * ./mvnw -q test-compile exec:java -Dexec.mainClass=dev.cardtable.bench.LoadTool \
 *   -Dexec.args="--base http://localhost:8080 --clients 16 --duration 60s --warmup 10s --type scoundrel --pid 1234"
 * </pre>
 *
 * Options: {@code --base URL} (default http://localhost:8080), {@code --clients N} (1),
 * {@code --duration D} (60s), {@code --warmup D} (10s), {@code --type scoundrel|dazzle}
 * (scoundrel; dazzle seats a human and {@code {"ai":"random"}}), {@code --pid P} (the server
 * process, for its memory and CPU), {@code --pg-pid P} (the PostgreSQL postmaster, first line of
 * {@code <data dir>/postmaster.pid}, for the CPU of it and its backends), {@code --watch-every N} (open a live-event stream on every
 * N-th game a client creates; 0 = none), {@code --max-moves N} (per game, a safety bound; 500).
 * Durations: {@code 500ms}, {@code 10s}, {@code 2m}.
 */
public final class LoadTool {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

    private final String base;
    private final int clients;
    private final Duration duration;
    private final Duration warmup;
    private final String type;
    private final Long pid;
    private final Long pgPid;
    private final int watchEvery;
    private final int maxMoves;

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

    private LoadTool(Map<String, String> a) {
        base = a.getOrDefault("base", "http://localhost:8080").replaceAll("/+$", "");
        clients = Integer.parseInt(a.getOrDefault("clients", "1"));
        duration = Args.duration(a.getOrDefault("duration", "60s"));
        warmup = Args.duration(a.getOrDefault("warmup", "10s"));
        type = a.getOrDefault("type", "scoundrel");
        pid = a.containsKey("pid") ? Long.parseLong(a.get("pid")) : null;
        pgPid = a.containsKey("pg-pid") ? Long.parseLong(a.get("pg-pid")) : null;
        watchEvery = Integer.parseInt(a.getOrDefault("watch-every", "0"));
        maxMoves = Integer.parseInt(a.getOrDefault("max-moves", "500"));
        if (!type.equals("scoundrel") && !type.equals("dazzle")) {
            throw new IllegalArgumentException("--type must be scoundrel or dazzle");
        }
        if (clients < 1 || clients > 512) {
            throw new IllegalArgumentException("--clients must be 1 to 512");
        }
    }

    public static void main(String[] args) throws Exception {
        LoadTool tool = new LoadTool(Args.parse(args));
        System.exit(tool.run() ? 0 : 1);
    }

    private boolean run() throws Exception {
        long start = System.nanoTime();
        measureStart = start + warmup.toNanos();
        end = measureStart + duration.toNanos();
        List<Histogram> histograms = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        long[] cpuAtStart = {-1, -1};
        Thread cpuMark = Thread.ofPlatform().daemon().start(() -> {
            sleepUntil(measureStart);
            if (pid != null) {
                cpuAtStart[0] = ProcStat.cpuTicks(pid);
            }
            if (pgPid != null) {
                cpuAtStart[1] = ProcStat.treeCpuTicks(pgPid);
            }
        });
        for (int c = 0; c < clients; c++) {
            Histogram h = new Histogram(TimeUnitNs.MINUTE, 3);
            histograms.add(h);
            int client = c;
            threads.add(Thread.ofPlatform().name("load-" + c).start(() -> clientLoop(client, h)));
        }
        for (Thread t : threads) {
            t.join();
        }
        cpuMark.join();
        long cpuAtEnd = pid == null ? -1 : ProcStat.cpuTicks(pid);
        long pgCpuAtEnd = pgPid == null ? -1 : ProcStat.treeCpuTicks(pgPid);
        long measuredNanos = Math.min(System.nanoTime(), end) - measureStart;

        Histogram all = new Histogram(TimeUnitNs.MINUTE, 3);
        histograms.forEach(all::add);
        double secs = measuredNanos / 1e9;
        System.out.println();
        System.out.printf("type            %s%n", type);
        System.out.printf("base            %s%n", base);
        System.out.printf("clients         %d%n", clients);
        System.out.printf("warmup          %.1f s%n", warmup.toMillis() / 1000.0);
        System.out.printf("duration        %.1f s (measured)%n", secs);
        System.out.printf("games finished  %d (measured window), %d in all%n", games.get(), gamesAll.get());
        System.out.printf("moves           %d (measured window), %d in all%n", moves.get(), movesAll.get());
        System.out.printf("moves/s         %.1f%n", moves.get() / secs);
        System.out.printf("move latency    p50 %.2f ms  p90 %.2f ms  p99 %.2f ms  max %.2f ms  (n=%d)%n",
                ms(all.getValueAtPercentile(50)), ms(all.getValueAtPercentile(90)),
                ms(all.getValueAtPercentile(99)), ms(all.getMaxValue()), all.getTotalCount());
        System.out.printf("games created   %d%n", creates.get());
        if (watchEvery > 0) {
            System.out.printf("watched games   %d (every %d-th), move events received %d for %d moves on them%n",
                    watched.get(), watchEvery, events.get(), watchedMoves.get());
        }
        System.out.printf("errors          %d%n", errors.get());
        errorSamples.stream().limit(5).forEach(e -> System.out.println("  error: " + e));
        if (pid != null) {
            Map<String, String> status = ProcStat.status(pid);
            System.out.printf("server pid      %d: VmRSS %s, VmHWM %s, threads %s%n", pid,
                    status.getOrDefault("VmRSS", "?"), status.getOrDefault("VmHWM", "?"),
                    status.getOrDefault("Threads", "?"));
            if (cpuAtStart[0] >= 0 && cpuAtEnd >= 0) {
                double cpuSecs = (cpuAtEnd - cpuAtStart[0]) / (double) ProcStat.TICKS_PER_SECOND;
                System.out.printf("server CPU      %.1f s in the measured window = %.2f cores (%.0f µs CPU per move)%n",
                        cpuSecs, cpuSecs / secs, moves.get() == 0 ? 0 : cpuSecs * 1e6 / moves.get());
            }
        }
        if (cpuAtStart[1] >= 0 && pgCpuAtEnd >= 0) {
            double pgSecs = (pgCpuAtEnd - cpuAtStart[1]) / (double) ProcStat.TICKS_PER_SECOND;
            System.out.printf("PostgreSQL CPU  %.1f s in the measured window = %.2f cores (%.0f µs CPU per move)%n",
                    pgSecs, pgSecs / secs, moves.get() == 0 ? 0 : pgSecs * 1e6 / moves.get());
        }
        System.out.printf("load average    %s%n", Files.readString(Path.of("/proc/loadavg")).trim());
        return errors.get() == 0;
    }

    // ---------------------------------------------------------------- one client

    private void clientLoop(int client, Histogram latency) {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).build();
        String name = "load" + client;
        int created = 0;
        while (System.nanoTime() < end) {
            JsonNode game;
            try {
                game = create(http, name);
            } catch (Exception e) {
                error("create: " + e);
                pause();
                continue;
            }
            created++;
            String id = game.path("id").asText();
            String token = game.path("credentials").path(0).path("token").asText();
            Watch watch = watchEvery > 0 && created % watchEvery == 0 ? Watch.open(this, http, id) : null;
            int played = 0;
            try {
                while (System.nanoTime() < end && "active".equals(game.path("status").asText()) && played < maxMoves) {
                    JsonNode move = choose(game.path("legalMoves"));
                    if (move == null) {
                        error("game " + id + ": active but no legal move for the human seat");
                        break;
                    }
                    HttpRequest req = HttpRequest.newBuilder(URI.create(base + "/api/games/" + id + "/moves"))
                            .timeout(REQUEST_TIMEOUT)
                            .header("Content-Type", "application/json")
                            .header("Authorization", "Bearer " + token)
                            .POST(HttpRequest.BodyPublishers.ofString(move.toString())).build();
                    long t0 = System.nanoTime();
                    HttpResponse<String> r;
                    try {
                        r = http.send(req, HttpResponse.BodyHandlers.ofString());
                    } catch (IOException e) {
                        error("move: " + e);
                        break;
                    }
                    long t1 = System.nanoTime();
                    if (r.statusCode() != 200) {
                        error("move " + r.statusCode() + ": " + abbreviate(r.body()));
                        break;
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
                    game = JSON.readTree(r.body());
                    if ("finished".equals(game.path("status").asText())) {
                        gamesAll.incrementAndGet();
                        if (t1 >= measureStart && t1 <= end) {
                            games.incrementAndGet();
                        }
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (Exception e) {
                error("game " + id + ": " + e);
            } finally {
                if (watch != null) {
                    watch.close();
                }
            }
        }
    }

    private JsonNode create(HttpClient http, String name) throws IOException, InterruptedException {
        ObjectNode body = JSON.createObjectNode();
        body.put("type", type);
        body.put("seed", Long.toHexString(ThreadLocalRandom.current().nextLong()));
        ArrayNode seats = body.putArray("seats");
        seats.addObject().put("name", name);
        if (type.equals("dazzle")) {
            seats.addObject().put("ai", "random");
        }
        HttpRequest req = HttpRequest.newBuilder(URI.create(base + "/api/games"))
                .timeout(REQUEST_TIMEOUT).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString())).build();
        HttpResponse<String> r = http.send(req, HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 201) {
            throw new IOException("status " + r.statusCode() + ": " + abbreviate(r.body()));
        }
        creates.incrementAndGet();
        return JSON.readTree(r.body());
    }

    /** The first "play" move (so that games last longer than by avoiding), else the first move. */
    private static JsonNode choose(JsonNode legal) {
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

        static Watch open(LoadTool tool, HttpClient http, String id) {
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
