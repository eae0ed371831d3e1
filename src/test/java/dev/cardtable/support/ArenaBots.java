package dev.cardtable.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/**
 * Dazzle bots that play an arena ({@code docs/tournaments.md}) over HTTP, for the arena's
 * integration test and its bench. Each bot follows its own player event stream (resuming with
 * {@code Last-Event-ID}), and on each {@code gameStart} of the arena plays that game to its
 * {@code gameFinish}: on its turn, the first legal move the server lists. Bots are spread over
 * the servers given, round robin, and each talks only to its own server.
 *
 * <p>It keeps what it saw: every event each bot's stream delivered, in order, and for each bot the
 * time from a game's {@code gameFinish} to its next {@code gameStart} (the wait for a pairing), as
 * its stream told it.
 *
 * <p>A bot rides out its server's absence (a kill and a restart on the same port): its requests
 * are retried for a minute, and its stream reconnects with the last event id it saw.
 */
public final class ArenaBots implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One event a bot's stream delivered: its {@code id} (null for a snapshot), name and data. */
    public record Seen(String id, String name, JsonNode data) {
    }

    /** A bot: its player's name and key, and the server it talks to. */
    public record Bot(String name, String key, String server) {
    }

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).executor(Executors.newVirtualThreadPerTaskExecutor()).build();
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private final List<Bot> bots = new ArrayList<>();
    private final Map<String, List<Seen>> seen = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<Long> waits = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
    private final Map<Integer, LongAdder> statuses = new ConcurrentHashMap<>();
    private volatile String arena;
    private volatile Duration think = Duration.ZERO;
    private volatile double spread;
    private volatile boolean stopping;
    private Consumer<String> log = s -> { };

    private ArenaBots(String arena) {
        this.arena = arena;
    }

    /**
     * Registers {@code count} players named {@code prefix}{@code i}, spread over {@code servers}
     * round robin, and starts following their streams; none has joined the arena yet.
     */
    public static ArenaBots register(String arena, int count, String prefix, List<String> servers) throws Exception {
        ArenaBots b = new ArenaBots(arena);
        for (int i = 0; i < count; i++) {
            String server = servers.get(i % servers.size());
            String name = prefix + i;
            HttpResponse<String> r = b.send(server, "POST", "/api/players", "{\"name\":\"" + name + "\"}", null);
            if (r == null || r.statusCode() != 201) {
                throw new IllegalStateException("registering " + name + ": " + (r == null ? "no answer" : r.statusCode() + " " + r.body()));
            }
            b.bots.add(new Bot(name, JSON.readTree(r.body()).path("key").asText(), server));
        }
        return b;
    }

    /** Where the bots write what they do (nothing by default). */
    public ArenaBots log(Consumer<String> log) {
        this.log = log;
        return this;
    }

    /** The bots, in the order they were registered. */
    public List<Bot> bots() {
        return List.copyOf(bots);
    }

    /**
     * How much a bot's thinking varies: each move's think is drawn uniformly from
     * {@code think × (1 − spread)} to {@code think × (1 + spread)}; 0 (the default) thinks exactly
     * {@code think}.
     */
    public ArenaBots spread(double spread) {
        if (spread < 0 || spread > 1) {
            throw new IllegalArgumentException("a spread is from 0 to 1: " + spread);
        }
        this.spread = spread;
        return this;
    }

    /** How long a bot thinks before each move (none by default). */
    public ArenaBots think(Duration think) {
        this.think = think;
        return this;
    }

    /** Every bot joins arena {@code id} (the bots were registered for none, or for another). */
    public void enter(String id) {
        this.arena = id;
        for (Bot bot : bots) {
            join(bot);
        }
    }

    /**
     * Starts every bot: follows its stream (first {@code snapshot} awaited), then joins the arena
     * (if the bots were registered for one).
     */
    public void start() throws InterruptedException {
        for (Bot bot : bots) {
            LinkedBlockingQueue<Seen> events = new LinkedBlockingQueue<>();
            seen.put(bot.name(), java.util.Collections.synchronizedList(new ArrayList<>()));
            threads.submit(() -> follow(bot, events));
            threads.submit(() -> play(bot, events));
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        for (Bot bot : bots) {
            while (seen.get(bot.name()).stream().noneMatch(e -> e.name().equals("snapshot"))) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(bot.name() + "'s stream sent no snapshot");
                }
                Thread.sleep(20);
            }
        }
        if (arena != null) {
            for (Bot bot : bots) {
                join(bot);
            }
        }
    }

    /** Joins (or rejoins) the arena as {@code bot}; the status. */
    public int join(Bot bot) {
        HttpResponse<String> r = send(bot.server(), "POST", "/api/arenas/" + arena + "/join", null, bot.key());
        if (r == null || r.statusCode() != 200) {
            failures.add(bot.name() + " could not join: " + (r == null ? "no answer" : r.statusCode() + " " + r.body()));
        }
        return r == null ? 0 : r.statusCode();
    }

    /** Withdraws (pauses) {@code bot}; the status. */
    public int withdraw(Bot bot) {
        HttpResponse<String> r = send(bot.server(), "POST", "/api/arenas/" + arena + "/withdraw", null, bot.key());
        return r == null ? 0 : r.statusCode();
    }

    /** Every event {@code bot}'s stream delivered, in order. */
    public List<Seen> seen(String bot) {
        synchronized (seen.get(bot)) {
            return List.copyOf(seen.get(bot));
        }
    }

    /** Each wait from a {@code gameFinish} to the bot's next {@code gameStart}, in milliseconds. */
    public List<Long> waits() {
        return List.copyOf(waits);
    }

    /** What went wrong for the bots (not joined, a stream refused, a move refused other than by a race). */
    public List<String> failures() {
        return List.copyOf(failures);
    }

    /** How many answers of each status the bots had. */
    public Map<Integer, Long> statuses() {
        Map<Integer, Long> m = new java.util.TreeMap<>();
        statuses.forEach((k, v) -> m.put(k, v.sum()));
        return m;
    }

    private void play(Bot bot, LinkedBlockingQueue<Seen> events) {
        long finishedAt = 0;
        try {
            while (!stopping) {
                Seen e = events.poll(500, TimeUnit.MILLISECONDS);
                if (e == null) {
                    continue;
                }
                if (e.name().equals("snapshot")) {
                    for (JsonNode g : e.data().path("games")) {
                        if (g.path("yourTurn").asBoolean()) {
                            playTurns(bot, g.path("gameId").asText());
                        }
                    }
                } else if (e.name().equals("gameStart") && arena != null && arena.equals(e.data().path("arena").asText(null))) {
                    if (finishedAt != 0) {
                        waits.add(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - finishedAt));
                        finishedAt = 0;
                    }
                    playTurns(bot, e.data().path("gameId").asText());
                } else if (e.name().equals("yourTurn")) {
                    playTurns(bot, e.data().path("gameId").asText());
                } else if (e.name().equals("gameFinish")) {
                    finishedAt = System.nanoTime();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Moves in {@code game} while it is this bot's turn (in Dazzle a seat may act twice in a row). */
    private void playTurns(Bot bot, String game) {
        for (int i = 0; i < 40 && !stopping; i++) {
            HttpResponse<String> g = send(bot.server(), "GET", "/api/games/" + game, null, bot.key());
            if (g == null || g.statusCode() != 200) {
                return;
            }
            JsonNode view = read(g.body());
            JsonNode legal = view.path("legalMoves");
            if (!"active".equals(view.path("status").asText()) || legal.isEmpty()) {
                return;
            }
            if (!think.isZero()) {
                try {
                    long mean = think.toMillis();
                    Thread.sleep(spread == 0 ? mean : Math.round(mean * (1 - spread
                            + 2 * spread * java.util.concurrent.ThreadLocalRandom.current().nextDouble())));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            HttpResponse<String> r = send(bot.server(), "POST", "/api/games/" + game + "/moves", legal.get(0).toString(),
                    bot.key(), "If-Match", "\"" + view.path("version").asText() + "\"", "Idempotency-Key",
                    UUID.randomUUID().toString());
            if (r == null || (r.statusCode() != 200 && r.statusCode() != 412 && r.statusCode() != 409)) {
                failures.add(bot.name() + " move in " + game + ": " + (r == null ? "no answer" : r.statusCode() + " " + r.body()));
                return;
            }
        }
    }

    /** Follows {@code bot}'s stream, resuming after the last event id seen, until closed. */
    private void follow(Bot bot, LinkedBlockingQueue<Seen> events) {
        String last = null;
        while (!stopping) {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(bot.server() + "/api/players/"
                    + URLEncoder.encode(bot.name(), StandardCharsets.UTF_8) + "/events")).header("Accept", "text/event-stream")
                    .header("X-Player-Key", bot.key());
            if (last != null) {
                b.header("Last-Event-ID", last);
            }
            try {
                HttpResponse<InputStream> r = http.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
                count(r.statusCode());
                if (r.statusCode() != 200) {
                    r.body().close();
                    failures.add(bot.name() + "'s stream: " + r.statusCode());
                    Thread.sleep(1000);
                    continue;
                }
                try (BufferedReader in = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8))) {
                    String id = null;
                    String name = null;
                    StringBuilder data = new StringBuilder();
                    String line;
                    while ((line = in.readLine()) != null && !stopping) {
                        if (line.isEmpty()) {
                            if (name != null) {
                                Seen s = new Seen(id, name, read(data.toString()));
                                seen.get(bot.name()).add(s);
                                events.add(s);
                                if (id != null) {
                                    last = id;
                                }
                            }
                            id = null;
                            name = null;
                            data.setLength(0);
                        } else if (line.startsWith("id:")) {
                            id = line.substring(3).trim();
                        } else if (line.startsWith("event:")) {
                            name = line.substring(6).trim();
                        } else if (line.startsWith("data:")) {
                            data.append(data.isEmpty() ? "" : "\n").append(line.substring(5).trim());
                        }
                    }
                }
            } catch (IOException e) {
                count(0);
                try {
                    Thread.sleep(500); // the server is away: reconnect shortly, resuming after the last id
                } catch (InterruptedException i) {
                    return;
                }
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private static JsonNode read(String text) {
        try {
            return text.isEmpty() ? JSON.createObjectNode() : JSON.readTree(text);
        } catch (IOException e) {
            throw new IllegalStateException("not JSON: " + text, e);
        }
    }

    private HttpResponse<String> send(String server, String method, String path, String body, String key, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server + path)).timeout(Duration.ofSeconds(60))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .header("Accept", "application/json");
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        if (key != null) {
            b.header("X-Player-Key", key);
        }
        for (int i = 0; i + 1 < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        for (int attempt = 0; ; attempt++) {
            try {
                HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
                count(r.statusCode());
                if ((r.statusCode() == 429 || r.statusCode() == 503) && attempt < 20) {
                    Thread.sleep(250L * (attempt + 1));
                    continue;
                }
                return r;
            } catch (IOException e) {
                // The server is away (killed, restarting): try again for a minute.
                count(0);
                if (attempt >= 120 || stopping) {
                    log.accept(method + " " + path + ": " + e);
                    return null;
                }
                try {
                    Thread.sleep(500);
                } catch (InterruptedException i) {
                    Thread.currentThread().interrupt();
                    return null;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
    }

    private void count(int status) {
        statuses.computeIfAbsent(status, s -> new LongAdder()).increment();
    }

    /** Stops every bot and closes their streams. */
    @Override
    public void close() {
        stopping = true;
        threads.shutdownNow();
        try {
            threads.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        http.shutdownNow();
    }
}
