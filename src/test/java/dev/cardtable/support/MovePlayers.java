package dev.cardtable.support;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
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
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Light load for failure tests: a few clients, each playing Scoundrel games one move at a time
 * (a random legal move, a short pause between moves), every move with a fresh
 * {@code Idempotency-Key} that the client sends again, unchanged, until the move is acknowledged
 * with a 200 — through 503s, refused connections and a server that was killed. A reader polls a
 * game meanwhile. Everything that was not a success is kept for the test to judge, and
 * {@link #verifyLogs} checks that each game's log holds exactly the acknowledged moves.
 * Bounded: each client stops at {@link #close()}, giving up on a move only after 60 s.
 */
public final class MovePlayers implements AutoCloseable {

    /**
     * An acknowledged move.
     *
     * @param key     its Idempotency-Key
     * @param move    the move sent
     * @param version the game's version in the response
     */
    public record Ack(String key, Map<String, Object> move, int version) {
    }

    /**
     * A request that did not succeed.
     *
     * @param request     e.g. "POST move", "GET game", "POST create"
     * @param status      the HTTP status, or 0 when no response came (refused, reset)
     * @param contentType its Content-Type
     * @param retryAfter  its Retry-After, or null
     * @param body        its body, or the I/O error
     * @param millis      how long it took
     */
    public record Failure(String request, int status, String contentType, String retryAfter, String body, long millis) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration GIVE_UP = Duration.ofSeconds(60);

    private final Supplier<String> base;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final Map<String, List<Ack>> acks = new ConcurrentHashMap<>();
    private final Map<String, String> tokens = new ConcurrentHashMap<>();
    private final List<Failure> failures = Collections.synchronizedList(new ArrayList<>());
    private final AtomicInteger acknowledged = new AtomicInteger();
    private final AtomicInteger replayed = new AtomicInteger();
    private final AtomicInteger reads = new AtomicInteger();
    private final List<Thread> threads = new ArrayList<>();
    private final List<Throwable> crashes = Collections.synchronizedList(new ArrayList<>());
    private volatile boolean stopping;

    private MovePlayers(Supplier<String> base) {
        this.base = base;
    }

    /**
     * Starts {@code clients} players and one reader against the server at {@code base}, which
     * may change (a restarted server on another port).
     */
    public static MovePlayers start(int clients, Supplier<String> base) {
        MovePlayers p = new MovePlayers(base);
        for (int i = 0; i < clients; i++) {
            int n = i;
            p.threads.add(Thread.ofPlatform().name("player-" + n).start(() -> p.guard(() -> p.play(n))));
        }
        p.threads.add(Thread.ofPlatform().name("reader").start(() -> p.guard(p::read)));
        return p;
    }

    /** Moves acknowledged so far. */
    public int acknowledged() {
        return acknowledged.get();
    }

    /** Acknowledgements that were replays of a move already applied ({@code Idempotent-Replayed}). */
    public int replayed() {
        return replayed.get();
    }

    /** Requests that did not succeed, in order. */
    public List<Failure> failures() {
        synchronized (failures) {
            return List.copyOf(failures);
        }
    }

    /** Waits until at least {@code n} moves were acknowledged in all. */
    public void awaitAcknowledged(int n, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (acknowledged.get() < n) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("only " + acknowledged.get() + " of " + n + " moves acknowledged in " + timeout
                        + "; failures: " + tail(failures()));
            }
            sleep(50);
        }
    }

    /** Stops the players, each after its pending move is acknowledged, and reports crashes. */
    @Override
    public void close() {
        stopping = true;
        for (Thread t : threads) {
            try {
                t.join(GIVE_UP.plusSeconds(10).toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (!crashes.isEmpty()) {
            throw new AssertionError("a player failed", crashes.getFirst());
        }
    }

    /**
     * Checks on the server at {@code baseUri} that every game's log holds exactly its
     * acknowledged moves, in order, each once; and that sending each game's last move again with
     * its key is answered from the first response without applying anything.
     *
     * @return the number of moves checked
     */
    public int verifyLogs(String baseUri) throws Exception {
        int checked = 0;
        for (Map.Entry<String, List<Ack>> e : acks.entrySet()) {
            String id = e.getKey();
            List<Ack> mine = e.getValue();
            JsonNode items = log(baseUri, id);
            assertEquals(mine.size(), items.size(), "game " + id + ": log " + items + " vs acknowledged " + mine);
            for (int i = 0; i < mine.size(); i++) {
                JsonNode entry = items.get(i);
                assertEquals(i + 1, entry.get("seq").asInt(), "game " + id + " entry " + i);
                assertEquals(JSON.valueToTree(mine.get(i).move()), entry.get("move"), "game " + id + " move " + (i + 1));
                assertEquals(i + 1, mine.get(i).version(), "game " + id + " acknowledged version");
            }
            if (!mine.isEmpty()) {
                Ack last = mine.getLast();
                HttpResponse<String> again = send(baseUri, "POST", "/api/games/" + id + "/moves",
                        JSON.writeValueAsString(last.move()), tokens.get(id), last.key());
                assertEquals(200, again.statusCode(), again.body());
                assertEquals("true", again.headers().firstValue("Idempotent-Replayed").orElse(null));
                assertEquals(mine.size(), log(baseUri, id).size(), "a replayed key applied the move again");
            }
            checked += mine.size();
        }
        assertTrue(checked > 0, "no move was played");
        return checked;
    }

    /** The whole log of game {@code id} (a Scoundrel game has far fewer than 500 moves). */
    private JsonNode log(String baseUri, String id) throws Exception {
        HttpResponse<String> r = send(baseUri, "GET", "/api/games/" + id + "/moves?limit=500", null, null, null);
        assertEquals(200, r.statusCode(), r.body());
        JsonNode page = JSON.readTree(r.body());
        assertTrue(page.get("nextCursor").isNull(), "log longer than a page");
        return page.get("items");
    }

    private void play(int n) throws Exception {
        Random random = new Random(n);
        String id = null;
        JsonNode state = null;
        while (!stopping) {
            if (id == null) {
                String body = JSON.writeValueAsString(Map.of("type", "scoundrel", "seed", "load-" + UUID.randomUUID(),
                        "seats", List.of(Map.of("name", "player" + n))));
                HttpResponse<String> r = attempt("POST create", "POST", "/api/games", body, null, null);
                if (r == null || r.statusCode() != 201) {
                    sleep(100);
                    continue;
                }
                state = JSON.readTree(r.body());
                id = state.get("id").asText();
                tokens.put(id, state.get("credentials").get(0).get("token").asText());
                acks.put(id, Collections.synchronizedList(new ArrayList<>()));
            }
            JsonNode legal = state.get("legalMoves");
            Map<String, Object> move = JSON.convertValue(legal.get(random.nextInt(legal.size())), new TypeReference<>() {
            });
            String key = UUID.randomUUID().toString();
            String body = JSON.writeValueAsString(move);
            long giveUp = System.nanoTime() + GIVE_UP.toNanos();
            HttpResponse<String> ok = null;
            while (ok == null) {
                HttpResponse<String> r = attempt("POST move", "POST", "/api/games/" + id + "/moves", body, tokens.get(id), key);
                if (r != null && r.statusCode() == 200) {
                    ok = r;
                } else if (r != null && r.statusCode() != 503) {
                    throw new AssertionError("move answered " + r.statusCode() + ": " + r.body());
                } else if (System.nanoTime() > giveUp) {
                    throw new AssertionError("move " + key + " not acknowledged in " + GIVE_UP);
                } else {
                    sleep(100);
                }
            }
            if (ok.headers().firstValue("Idempotent-Replayed").isPresent()) {
                replayed.incrementAndGet();
            }
            state = JSON.readTree(ok.body());
            acks.get(id).add(new Ack(key, move, state.get("version").asInt()));
            acknowledged.incrementAndGet();
            if (!"active".equals(state.get("status").asText())) {
                id = null;
            }
            sleep(20);
        }
    }

    private void read() {
        while (!stopping) {
            String id = tokens.keySet().stream().findAny().orElse(null);
            if (id != null) {
                HttpResponse<String> r = attempt("GET game", "GET", "/api/games/" + id, null, null, null);
                if (r != null && r.statusCode() == 200) {
                    reads.incrementAndGet();
                }
            }
            sleep(50);
        }
    }

    /** One request; a failure is recorded and null returned when no response came. */
    private HttpResponse<String> attempt(String what, String method, String path, String body, String token, String key) {
        long start = System.nanoTime();
        try {
            HttpResponse<String> r = send(base.get(), method, path, body, token, key);
            if (r.statusCode() >= 300) {
                failures.add(new Failure(what, r.statusCode(), r.headers().firstValue("Content-Type").orElse(null),
                        r.headers().firstValue("Retry-After").orElse(null), r.body(), (System.nanoTime() - start) / 1_000_000));
            }
            return r;
        } catch (IOException e) {
            failures.add(new Failure(what, 0, null, null, e.toString(), (System.nanoTime() - start) / 1_000_000));
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private HttpResponse<String> send(String baseUri, String method, String path, String body, String token, String key)
            throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(baseUri + path)).timeout(Duration.ofSeconds(20))
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

    private void guard(ThrowingRunnable r) {
        try {
            r.run();
        } catch (Throwable t) {
            crashes.add(t);
        }
    }

    private interface ThrowingRunnable {
        void run() throws Exception;
    }

    /** The last few of {@code list}, for messages. */
    public static <T> List<T> tail(List<T> list) {
        return list.subList(Math.max(0, list.size() - 5), list.size());
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
