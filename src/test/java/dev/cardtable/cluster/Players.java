package dev.cardtable.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Clients playing Scoundrel through the balancer, each from a loopback address of its own (so
 * that each is a client of its own to the rate limits behind the proxy): a game is created, then
 * played one random legal move at a time to its end, then the next. Every move has a fresh
 * {@code Idempotency-Key}, sent again unchanged after a 503 or a lost connection until the move
 * is acknowledged. Every response is recorded (status, instance, time) for the test to judge, and
 * {@link #verify} compares each game's log with the moves acknowledged in it.
 * Bounded: {@link #close()} lets each client finish its game, giving up after 90 s.
 */
final class Players implements AutoCloseable {

    /**
     * One response, or a request that got none (status 0).
     *
     * @param start      when it was sent, {@link System#nanoTime()}
     * @param end        when it was answered
     * @param kind       "create", "move" or "read"
     * @param status     HTTP status, 0 without a response
     * @param servedBy   the instance named by HAProxy's {@code X-Served-By}, or null
     * @param retryAfter the {@code Retry-After}, or null
     * @param body       the body of a non-success, else null
     */
    record Call(long start, long end, String kind, int status, String servedBy, String retryAfter, String body) {

        boolean ok() {
            return status >= 200 && status < 300;
        }
    }

    /** A game's acknowledged moves, in order: each move's JSON and the version it produced. */
    record Ack(String key, JsonNode move, int version, boolean replayed) {
    }

    /**
     * What a game's log says of the moves acknowledged in it.
     *
     * @param games      games checked
     * @param acked      moves acknowledged
     * @param lost       acknowledged moves not in the log
     * @param duplicated log entries beyond (or differing from) the acknowledged ones
     * @param replayed   acknowledgements that were replays of a move already applied
     */
    record Tally(int games, int acked, int lost, int duplicated, int replayed) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration GIVE_UP = Duration.ofSeconds(90);

    private final String api;
    private final Duration pause;
    private final List<Call> calls = Collections.synchronizedList(new ArrayList<>());
    private final Map<String, List<Ack>> acks = new ConcurrentHashMap<>();
    private final Map<String, String> tokens = new ConcurrentHashMap<>();
    private final List<String> games = Collections.synchronizedList(new ArrayList<>());
    private final AtomicInteger acknowledged = new AtomicInteger();
    private final AtomicInteger finished = new AtomicInteger();
    private final List<Thread> threads = new ArrayList<>();
    private final List<Throwable> crashes = Collections.synchronizedList(new ArrayList<>());
    private volatile boolean stopping;

    private final int maxGames;

    private Players(String api, Duration pause, int maxGames) {
        this.api = api;
        this.pause = pause;
        this.maxGames = maxGames;
    }

    /**
     * Starts {@code clients} players against {@code api}; client {@code n} sends from
     * {@code 127.0.<subnet>.<n+1>} and plays at most {@code maxGames} games.
     */
    static Players start(String api, int clients, int subnet, Duration pause, int maxGames) {
        Players p = new Players(api, pause, maxGames);
        for (int i = 0; i < clients; i++) {
            int n = i;
            p.threads.add(Thread.ofPlatform().name("player-" + n).start(() -> {
                try {
                    p.play(n, client("127.0." + subnet + "." + (n + 1)));
                } catch (Throwable t) {
                    p.crashes.add(t);
                }
            }));
        }
        return p;
    }

    /** An HTTP client sending from loopback address {@code local}. */
    static HttpClient client(String local) {
        try {
            return HttpClient.newBuilder().localAddress(InetAddress.getByName(local))
                    .connectTimeout(Duration.ofSeconds(5)).version(HttpClient.Version.HTTP_1_1).build();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    int acknowledged() {
        return acknowledged.get();
    }

    int finishedGames() {
        return finished.get();
    }

    /** The games created so far, in order. */
    List<String> games() {
        synchronized (games) {
            return List.copyOf(games);
        }
    }

    /** Every call so far, in order of completion. */
    List<Call> calls() {
        synchronized (calls) {
            return List.copyOf(calls);
        }
    }

    /** Waits until at least {@code n} moves were acknowledged in all. */
    void awaitAcknowledged(int n, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (acknowledged.get() < n) {
            if (System.nanoTime() > deadline || !crashes.isEmpty()) {
                throw new AssertionError("only " + acknowledged.get() + " of " + n + " moves acknowledged in " + timeout
                        + "; crashes " + crashes + "; last calls " + tail(calls()));
            }
            sleep(50);
        }
    }

    /** Lets every client finish the game it is playing, then stop; reports a client that failed. */
    @Override
    public void close() {
        stopping = true;
        for (Thread t : threads) {
            try {
                t.join(GIVE_UP.plusSeconds(30).toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (t.isAlive()) {
                crashes.add(new AssertionError(t.getName() + " did not finish its game"));
            }
        }
        if (!crashes.isEmpty()) {
            AssertionError e = new AssertionError("a player failed: " + crashes.getFirst() + "; last calls " + tail(calls()));
            crashes.forEach(e::addSuppressed);
            throw e;
        }
    }

    /**
     * Compares each game's log (read through {@code api}) with the moves acknowledged in it, and
     * sends each game's last move again with its key: it must be a replay that applies nothing.
     */
    Tally verify(String api) throws IOException, InterruptedException {
        HttpClient http = client("127.0.0.1");
        int acked = 0;
        int lost = 0;
        int duplicated = 0;
        int replayed = 0;
        for (Map.Entry<String, List<Ack>> e : acks.entrySet()) {
            List<Ack> mine = List.copyOf(e.getValue());
            JsonNode items = log(http, api, e.getKey());
            acked += mine.size();
            int matched = 0;
            for (int i = 0; i < mine.size(); i++) {
                Ack a = mine.get(i);
                replayed += a.replayed() ? 1 : 0;
                if (i < items.size() && items.get(i).get("seq").asInt() == a.version() && items.get(i).get("move").equals(a.move())) {
                    matched++;
                } else {
                    lost++;
                }
            }
            duplicated += items.size() - matched;
            if (!mine.isEmpty()) {
                Ack last = mine.getLast();
                HttpResponse<String> again = send(http, api, "POST", "/api/games/" + e.getKey() + "/moves",
                        JSON.writeValueAsString(last.move()), tokens.get(e.getKey()), last.key());
                if (again.statusCode() != 200 || !"true".equals(again.headers().firstValue("Idempotent-Replayed").orElse(null))
                        || log(http, api, e.getKey()).size() != items.size()) {
                    duplicated++;
                }
            }
        }
        return new Tally(acks.size(), acked, lost, duplicated, replayed);
    }

    /** The log of game {@code id}: a Scoundrel game has far fewer than 500 moves. */
    private static JsonNode log(HttpClient http, String api, String id) throws IOException, InterruptedException {
        for (int attempt = 0; ; attempt++) {
            HttpResponse<String> r = send(http, api, "GET", "/api/games/" + id + "/moves?limit=500", null, null, null);
            if (r.statusCode() == 200) {
                return JSON.readTree(r.body()).get("items");
            }
            if (attempt > 20) {
                throw new AssertionError("log of " + id + ": " + r.statusCode() + " " + r.body());
            }
            sleep(500);
        }
    }

    private void play(int n, HttpClient http) throws Exception {
        Random random = new Random(n);
        String id = null;
        JsonNode state = null;
        int played = 0;
        while (true) {
            if (id == null) {
                if (stopping || played >= maxGames) {
                    return;
                }
                String body = JSON.writeValueAsString(Map.of("type", "scoundrel", "seed", "cluster-" + UUID.randomUUID(),
                        "seats", List.of(Map.of("name", "player" + n))));
                HttpResponse<String> r = call(http, "create", "POST", "/api/games", body, null, null);
                if (r == null || r.statusCode() != 201) {
                    sleep(200);
                    continue;
                }
                state = JSON.readTree(r.body());
                id = state.get("id").asText();
                tokens.put(id, state.get("credentials").get(0).get("token").asText());
                acks.put(id, Collections.synchronizedList(new ArrayList<>()));
                games.add(id);
                played++;
            }
            JsonNode legal = state.get("legalMoves");
            JsonNode move = legal.get(random.nextInt(legal.size()));
            String key = UUID.randomUUID().toString();
            long giveUp = System.nanoTime() + GIVE_UP.toNanos();
            HttpResponse<String> ok = null;
            while (ok == null) {
                HttpResponse<String> r = call(http, "move", "POST", "/api/games/" + id + "/moves",
                        JSON.writeValueAsString(move), tokens.get(id), key);
                if (r != null && r.statusCode() == 200) {
                    ok = r;
                } else if (r != null && r.statusCode() != 503) {
                    throw new AssertionError("move answered " + r.statusCode() + ": " + r.body());
                } else if (System.nanoTime() > giveUp) {
                    throw new AssertionError("move " + key + " not acknowledged in " + GIVE_UP);
                } else {
                    sleep(200);
                }
            }
            state = JSON.readTree(ok.body());
            acks.get(id).add(new Ack(key, move, state.get("version").asInt(),
                    ok.headers().firstValue("Idempotent-Replayed").isPresent()));
            acknowledged.incrementAndGet();
            if (!"active".equals(state.get("status").asText())) {
                finished.incrementAndGet();
                id = null;
            }
            sleep(pause.toMillis());
        }
    }

    /** One request, recorded; null when no response came. */
    private HttpResponse<String> call(HttpClient http, String kind, String method, String path, String body, String token,
                                      String key) {
        long start = System.nanoTime();
        try {
            HttpResponse<String> r = send(http, api, method, path, body, token, key);
            calls.add(new Call(start, System.nanoTime(), kind, r.statusCode(), r.headers().firstValue("X-Served-By").orElse(null),
                    r.headers().firstValue("Retry-After").orElse(null), r.statusCode() < 300 ? null : r.body()));
            return r;
        } catch (IOException e) {
            calls.add(new Call(start, System.nanoTime(), kind, 0, null, null, e.toString()));
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    static HttpResponse<String> send(HttpClient http, String api, String method, String path, String body, String token,
                                     String key) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(api + path)).timeout(Duration.ofSeconds(30))
                .header("Accept", "application/json");
        if (body != null) {
            b.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(body));
        } else {
            b.method(method, HttpRequest.BodyPublishers.noBody());
        }
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        if (key != null) {
            b.header("Idempotency-Key", key);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A POST of {@code body} with one extra header. */
    static HttpResponse<String> sendWith(HttpClient http, String api, String path, String body, String header, String value)
            throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(api + path)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json").header(header, value)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    static <T> List<T> tail(List<T> list) {
        return list.subList(Math.max(0, list.size() - 5), list.size());
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
