package dev.cardtable.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cardtable.support.SseClient;
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
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Bots pairing through quick pairing ({@code docs/api.md}, "Quick pairing"), alongside the soak's
 * players and watchers ({@link Soak}), on one packaged server of its own.
 *
 * <p>Each of {@code --bots} registered bots follows its own event stream (with its key) and loops:
 * seek a rated Dazzle game, wait for {@code gameStart}, play its first legal move on every
 * {@code yourTurn} (with its key alone), wait for {@code gameFinish}, seek again. Pairing latency
 * is from the seek's {@code 201} to its {@code gameStart} on the stream. At the end the tool checks,
 * in the database and in what the streams delivered: no seek paired twice, no player in a game it
 * did not seek, and every game's {@code gameStart} and {@code gameFinish} delivered exactly once
 * to both players' streams.
 *
 * <pre>
 * ./mvnw -q package -DskipTests
 * ./mvnw -q test-compile exec:java -Dexec.mainClass=dev.cardtable.bench.BotSoak \
 *   -Dexec.args="--duration 10m --bots 100 --players 16 --watchers 20"
 * </pre>
 */
public final class BotSoak {

    private final String base;
    private final Duration duration;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).executor(Executors.newVirtualThreadPerTaskExecutor()).build();
    private final Histogram pairingMillis = new ConcurrentHistogram(3);
    private final Map<String, Map<Integer, LongAdder>> statuses = new ConcurrentHashMap<>();
    /** game id → bot name → [gameStart, gameFinish] events its stream delivered. */
    private final Map<String, Map<String, int[]>> delivered = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
    private final AtomicLong games = new AtomicLong();
    private volatile boolean stopping;

    BotSoak(String base, Duration duration) {
        this.base = base;
        this.duration = duration;
    }

    private HttpResponse<String> send(String kind, String method, String path, String body, String key) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .header("Accept", "application/json");
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        if (key != null) {
            b.header("X-Player-Key", key);
        }
        try {
            HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
            count(kind, r.statusCode());
            return r;
        } catch (IOException e) {
            count(kind, 0);
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private void count(String kind, int status) {
        statuses.computeIfAbsent(kind, k -> new ConcurrentHashMap<>()).computeIfAbsent(status, s -> new LongAdder()).increment();
    }

    /** One bot: its stream's events arrive on a queue its loop reads. */
    private void bot(int i) {
        String name = "bot" + i + "-" + UUID.randomUUID().toString().substring(0, 6);
        HttpResponse<String> reg = send("register", "POST", "/api/players", "{\"name\":\"" + name + "\"}", null);
        if (reg == null || reg.statusCode() != 201) {
            failures.add(name + ": not registered");
            return;
        }
        String key = BenchHttp.read(reg.body()).path("key").asText();
        LinkedBlockingQueue<String[]> events = new LinkedBlockingQueue<>();
        Thread reader = Thread.ofVirtual().start(() -> follow(name, key, events));
        try {
            awaitEvent(events, "snapshot", null, Duration.ofSeconds(30));
            while (!stopping) {
                long asked = System.nanoTime();
                HttpResponse<String> s = send("seek", "POST", "/api/seeks", "{\"type\":\"dazzle\",\"rated\":true}", key);
                if (s == null || s.statusCode() != 201) {
                    Thread.sleep(1000);
                    continue;
                }
                String seekId = BenchHttp.read(s.body()).path("id").asText();
                String[] start = awaitEvent(events, "gameStart", null, Duration.ofSeconds(60));
                if (start == null) {
                    send("cancel", "DELETE", "/api/seeks/" + seekId, null, key);
                    continue;
                }
                pairingMillis.recordValue(Math.max(1, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - asked)));
                String game = BenchHttp.read(start[1]).path("gameId").asText();
                games.incrementAndGet();
                play(name, key, game, events);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            reader.interrupt();
        }
    }

    private void play(String name, String key, String game, LinkedBlockingQueue<String[]> events) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
        while (System.nanoTime() < deadline) {
            HttpResponse<String> g = send("read", "GET", "/api/games/" + game, null, key);
            if (g != null && g.statusCode() == 200) {
                JsonNode view = BenchHttp.read(g.body());
                if ("finished".equals(view.path("status").asText())) {
                    break;
                }
                JsonNode legal = view.path("legalMoves");
                if (legal.size() > 0) {
                    send("move", "POST", "/api/games/" + game + "/moves", legal.get(0).toString(), key);
                    continue;
                }
            }
            // Not its turn: wait for the stream to say it is, or that the game ended.
            String[] e = awaitEvent(events, null, game, Duration.ofSeconds(10));
            if (e != null && e[0].equals("gameFinish")) {
                break;
            }
        }
        awaitEvent(events, "gameFinish", game, Duration.ofSeconds(10));
    }

    /** The next event of kind {@code kind} (any when null) about {@code game} (any when null), or null. */
    private String[] awaitEvent(LinkedBlockingQueue<String[]> events, String kind, String game, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return null;
            }
            String[] e = events.poll(left, TimeUnit.NANOSECONDS);
            if (e == null) {
                return null;
            }
            if ((kind == null || kind.equals(e[0])) && (game == null || e[1].contains(game))) {
                return e;
            }
        }
    }

    /**
     * Follows the bot's stream ({@link SseClient}, each event checked against {@code openapi.yaml}),
     * resuming with Last-Event-ID, and tallies what it delivered.
     */
    private void follow(String name, String key, LinkedBlockingQueue<String[]> events) {
        String last = null;
        while (!Thread.currentThread().isInterrupted()) {
            SseClient sse = SseClient.connectAs(base + "/api/players/" + name + "/events", last, key);
            try {
                int status = sse.status();
                count("stream", status);
                if (status != 200) {
                    Thread.sleep(1000);
                    continue;
                }
                while (true) {
                    boolean ended = sse.ended();
                    SseClient.Event e = sse.poll(ended ? Duration.ZERO : Duration.ofSeconds(1));
                    if (e == null) {
                        if (ended) {
                            break;
                        }
                        continue;
                    }
                    tally(name, e.name(), e.data());
                    events.add(new String[] {e.name(), e.data()});
                    if (e.id() != null) {
                        last = e.id();
                    }
                }
            } catch (InterruptedException e) {
                return;
            } catch (AssertionError e) {
                failures.add(name + ": " + e.getMessage());
                return;
            } catch (Exception e) {
                count("stream-dropped", 0);
            } finally {
                try {
                    sse.close();
                } catch (AssertionError ignored) {
                    // told above, as a failure
                }
            }
        }
    }

    private void tally(String bot, String event, String data) {
        if (!"gameStart".equals(event) && !"gameFinish".equals(event)) {
            return;
        }
        String game = BenchHttp.read(data).path("gameId").asText();
        int[] n = delivered.computeIfAbsent(game, g -> new ConcurrentHashMap<>()).computeIfAbsent(bot, b -> new int[2]);
        synchronized (n) {
            n[event.equals("gameStart") ? 0 : 1]++;
        }
    }

    /** Runs the bots for the duration, then lets the games in play finish (bounded); the report. */
    String run(int bots, String jdbc) throws Exception {
        ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor();
        for (int i = 0; i < bots; i++) {
            int n = i;
            pool.submit(() -> bot(n));
        }
        Thread.sleep(duration.toMillis());
        stopping = true;
        pool.shutdown();
        pool.awaitTermination(6, TimeUnit.MINUTES);
        pool.shutdownNow();
        return report(bots, jdbc);
    }

    private String report(int bots, String jdbc) throws Exception {
        long twice;
        long strangers;
        long pairedGames;
        try (Connection c = DriverManager.getConnection(jdbc, "postgres", "postgres"); Statement s = c.createStatement()) {
            twice = scalar(s, "select count(*) from (select game_id from seeks where status = 'paired' group by game_id "
                    + "having count(*) <> 2) t");
            strangers = scalar(s, "select count(*) from seeks k where k.status = 'paired' and not exists (select 1 from "
                    + "seats where game_id = k.game_id and player_id = k.player_id)")
                    + scalar(s, "select count(*) from seats st join (select distinct game_id from seeks where status = "
                    + "'paired') g on g.game_id = st.game_id where not exists (select 1 from seeks k where k.game_id = "
                    + "st.game_id and k.player_id = st.player_id)");
            pairedGames = scalar(s, "select count(distinct game_id) from seeks where status = 'paired'");
        }
        long finishedGames = 0;
        long exactlyOnce = 0;
        List<String> inexact = new ArrayList<>();
        for (Map.Entry<String, Map<String, int[]>> e : delivered.entrySet()) {
            boolean finished = e.getValue().values().stream().anyMatch(n -> n[1] > 0);
            if (!finished) {
                continue;
            }
            finishedGames++;
            boolean exact = e.getValue().size() == 2 && e.getValue().values().stream().allMatch(n -> n[0] == 1 && n[1] == 1);
            if (exact) {
                exactlyOnce++;
            } else if (inexact.size() < 10) {
                inexact.add(e.getKey());
            }
        }
        Map<String, Map<Integer, Long>> counts = new TreeMap<>();
        statuses.forEach((k, m) -> {
            Map<Integer, Long> t = new TreeMap<>();
            m.forEach((st, n) -> t.put(st, n.sum()));
            counts.put(k, t);
        });
        long fivexx = counts.values().stream().flatMap(m -> m.entrySet().stream()).filter(e -> e.getKey() >= 500)
                .mapToLong(Map.Entry::getValue).sum();
        return "bots: " + bots + ", duration " + duration + "\n"
                + "pairing latency (seek 201 → gameStart on the stream): " + pairingMillis.getTotalCount() + " pairings, p50 "
                + pairingMillis.getValueAtPercentile(50) + " ms, p99 " + pairingMillis.getValueAtPercentile(99) + " ms, max "
                + pairingMillis.getMaxValue() + " ms\n"
                + "games paired: " + pairedGames + "; seeks paired other than in twos: " + twice
                + "; players in a game they did not seek: " + strangers + "\n"
                + "finished games seen on the streams: " + finishedGames + ", with gameStart and gameFinish exactly once to both "
                + "players: " + exactlyOnce + (inexact.isEmpty() ? "" : " (not: " + inexact + ")") + "\n"
                + "5xx: " + fivexx + "; statuses: " + counts + "\n"
                + (failures.isEmpty() ? "" : "failures: " + List.copyOf(failures) + "\n");
    }

    private static long scalar(Statement s, String sql) throws Exception {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    public static void main(String[] argv) throws Exception {
        Map<String, String> a = Args.parse(argv);
        Duration duration = Args.duration(a.getOrDefault("duration", "10m"));
        int bots = Integer.parseInt(a.getOrDefault("bots", "100"));
        Soak.Options soakOptions = new Soak.Options(duration, Integer.parseInt(a.getOrDefault("players", "16")),
                Integer.parseInt(a.getOrDefault("watchers", "20")), Args.duration("250ms"), 1000, Args.duration("5s"), 1);
        if (a.containsKey("jar")) {
            System.setProperty("cardtable.jar", a.get("jar"));
        }
        String text = Soak.onOwnServer("cardtable-botsoak-", 300, (server, jdbc) -> {
            ExecutorService side = Executors.newSingleThreadExecutor();
            var soak = side.submit(() -> new Soak(soakOptions, server.baseUri(), server.pid(), jdbc).run());
            String bot = new BotSoak(server.baseUri(), duration).run(bots, jdbc);
            Soak.Report players = soak.get();
            side.shutdown();
            return "## bots\n" + bot + "\n## players and watchers alongside\n" + players.markdown();
        });
        System.out.println(text);
        if (a.containsKey("out")) {
            Files.writeString(Path.of(a.get("out")), text);
        }
        System.exit(0);
    }
}
