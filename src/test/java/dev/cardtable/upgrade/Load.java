package dev.cardtable.upgrade;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Players of both games through the balancer while the builds change under them, adapted from
 * {@code dev.cardtable.cluster.Players} to what every build since the oldest one tested understands
 * (docs/api.md of each): unrated games, no new fields. Client {@code n} sends from loopback address
 * {@code 127.0.<subnet>.<n+1>} and plays one game after another, cycling through Scoundrel
 * (solo) and Dazzle against each computer level ({@code random}, {@code heuristic},
 * {@code ismcts}), one random legal move at a time. The first {@code registered} clients register
 * their name, play their first game as the daily deal's attempt and every other one with their
 * player key (verified seats). Every move has a fresh {@code Idempotency-Key}, sent again unchanged
 * after a 5xx or a lost connection until acknowledged (the test counts each such answer against
 * the upgrade; a 4xx stops the client); every response is recorded (status, instance, time), and
 * {@link #verify} compares each game's log with the moves acknowledged in it.
 * {@link #close()} lets each client finish its game, giving up after 90 s.
 */
final class Load implements AutoCloseable {

    /** Kinds of game, in the order each client cycles through them. */
    static final List<String> KINDS = List.of("scoundrel", "random", "heuristic", "ismcts");

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration GIVE_UP = Duration.ofSeconds(90);

    /** An acknowledged move: its key, the move, and the log position the answer gave it ({@code applied[0].seq}). */
    record Ack(String key, JsonNode move, int seq, boolean replayed) {
    }

    /** A game played: the kind, whether it is a daily attempt (sealed to others), its seat token and acknowledged moves. */
    record Game(String id, String kind, boolean daily, String token, List<Ack> acks) {
    }

    /**
     * What the logs say of the moves acknowledged.
     *
     * @param games      games checked
     * @param acked      moves acknowledged
     * @param lost       acknowledged moves not in the log at their position (or another move there)
     * @param duplicated the player's log entries no acknowledgement accounts for, and replays that applied something
     * @param replayed   acknowledgements that were replays of a move already applied
     */
    record Tally(int games, int acked, int lost, int duplicated, int replayed) {
    }

    private final String api;
    private final Duration pause;
    private final Calls calls;
    private final Map<String, Game> games = new ConcurrentHashMap<>();
    private final Map<String, Game> running = new ConcurrentHashMap<>();
    private final AtomicInteger acknowledged = new AtomicInteger();
    private final List<Thread> threads = new ArrayList<>();
    private final List<Throwable> crashes = Collections.synchronizedList(new ArrayList<>());
    private volatile boolean stopping;

    private Load(String api, Duration pause, Calls calls) {
        this.api = api;
        this.pause = pause;
        this.calls = calls;
    }

    /** Starts {@code clients} players against {@code api}, the first {@code registered} of them registered. */
    static Load start(String api, int clients, int registered, int subnet, Duration pause, Calls calls) {
        Load l = new Load(api, pause, calls);
        for (int i = 0; i < clients; i++) {
            int n = i;
            l.threads.add(Thread.ofPlatform().name("player-" + n).start(() -> {
                try {
                    l.play(n, n < registered, Http.client("127.0." + subnet + "." + (n + 1)));
                } catch (Throwable t) {
                    l.crashes.add(t);
                }
            }));
        }
        return l;
    }

    int acknowledged() {
        return acknowledged.get();
    }

    /** The games being played now that anyone may watch (not daily attempts). */
    List<String> watchable() {
        return running.values().stream().filter(g -> !g.daily()).map(Game::id).toList();
    }

    /** Every game created, by kind. */
    Map<String, Long> gamesByKind() {
        Map<String, Long> out = new LinkedHashMap<>();
        games.values().forEach(g -> out.merge(g.daily() ? "daily" : g.kind(), 1L, Long::sum));
        return out;
    }

    /** The failures of clients so far (a refused move, a move never acknowledged). */
    List<Throwable> crashes() {
        synchronized (crashes) {
            return List.copyOf(crashes);
        }
    }

    /** Lets every client finish the game it is playing, then stop (bounded). */
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
                t.interrupt();
            }
        }
    }

    /**
     * Compares each game's log (read through {@code api} with its seat token: a daily game is sealed
     * to others) with the moves acknowledged in it, and sends each game's last move again with its
     * key: it must be a replay that applies nothing.
     */
    Tally verify(String api) throws IOException, InterruptedException {
        HttpClient http = Http.client("127.0.0.1");
        int acked = 0;
        int lost = 0;
        int duplicated = 0;
        int replayed = 0;
        for (Game g : games.values()) {
            List<Ack> mine = List.copyOf(g.acks());
            JsonNode items = log(http, api, g);
            acked += mine.size();
            int matched = 0;
            for (Ack a : mine) {
                replayed += a.replayed() ? 1 : 0;
                JsonNode e = a.seq() >= 1 && a.seq() <= items.size() ? items.get(a.seq() - 1) : null;
                if (e != null && e.get("seq").asInt() == a.seq() && e.get("seat").asInt() == 0 && e.get("move").equals(a.move())) {
                    matched++;
                } else {
                    lost++;
                }
            }
            int ownEntries = 0;
            for (JsonNode e : items) {
                ownEntries += e.get("seat").asInt() == 0 ? 1 : 0;
            }
            duplicated += ownEntries - matched;
            if (!mine.isEmpty()) {
                Ack last = mine.getLast();
                HttpResponse<String> again = Http.send(http, api, "POST", "/api/games/" + g.id() + "/moves",
                        JSON.writeValueAsString(last.move()), g.token(), last.key(), null);
                if (again.statusCode() != 200 || !"true".equals(again.headers().firstValue("Idempotent-Replayed").orElse(null))
                        || log(http, api, g).size() != items.size()) {
                    duplicated++;
                }
            }
        }
        return new Tally(games.size(), acked, lost, duplicated, replayed);
    }

    /** The log of game {@code g} (every game here has far fewer than 500 moves), as its seat sees it. */
    static JsonNode log(HttpClient http, String api, Game g) throws IOException, InterruptedException {
        HttpResponse<String> r = Http.send(http, api, "GET", "/api/games/" + g.id() + "/moves?limit=500", null, g.token(), null, null);
        if (r.statusCode() != 200) {
            throw new AssertionError("log of " + g.id() + ": " + r.statusCode() + " " + r.body());
        }
        return JSON.readTree(r.body()).get("items");
    }

    private void play(int n, boolean registered, HttpClient http) throws Exception {
        Random random = new Random(n);
        String name = "player" + n;
        String playerKey = null;
        if (registered) {
            HttpResponse<String> r = calls.call(http, api, "register", "POST", "/api/players",
                    JSON.writeValueAsString(Map.of("name", name)), null, null, null);
            if (r == null || r.statusCode() != 201) {
                throw new AssertionError("registering " + name + ": " + (r == null ? "no answer" : r.statusCode() + " " + r.body()));
            }
            playerKey = JSON.readTree(r.body()).get("key").asText();
        }
        for (int played = 0; !stopping; played++) {
            boolean daily = registered && played == 0;
            String kind = daily ? "scoundrel" : KINDS.get((n + played) % KINDS.size());
            String path = daily ? "/api/daily/standard/attempts" : "/api/games";
            String body = null;
            if (!daily) {
                Map<String, Object> seat = Map.of("name", name);
                Object seats = kind.equals("scoundrel") ? List.of(seat) : List.of(seat, Map.of("ai", kind));
                body = JSON.writeValueAsString(Map.of("type", kind.equals("scoundrel") ? "scoundrel" : "dazzle",
                        "seed", "upgrade-" + n + "-" + played, "seats", seats));
            }
            // A 5xx or no answer is tried again (and counted against the upgrade by the test).
            long giveUp = System.nanoTime() + GIVE_UP.toNanos();
            HttpResponse<String> r = calls.call(http, api, "create", "POST", path, body, null, null, playerKey);
            while ((r == null || r.statusCode() >= 500) && System.nanoTime() < giveUp) {
                Http.sleep(200);
                r = calls.call(http, api, "create", "POST", path, body, null, null, playerKey);
            }
            if (r == null || r.statusCode() != 201) {
                throw new AssertionError("creating a " + kind + " game: " + (r == null ? "no answer" : r.statusCode() + " " + r.body()));
            }
            JsonNode state = JSON.readTree(r.body());
            Game g = new Game(state.get("id").asText(), kind, daily, state.get("credentials").get(0).get("token").asText(),
                    Collections.synchronizedList(new ArrayList<>()));
            games.put(g.id(), g);
            running.put(g.id(), g);
            try {
                playToTheEnd(http, g, state, random);
            } finally {
                running.remove(g.id());
            }
        }
    }

    private void playToTheEnd(HttpClient http, Game g, JsonNode state, Random random) throws IOException {
        for (int moves = 0; "active".equals(state.get("status").asText()); moves++) {
            if (moves > 300) {
                throw new AssertionError(g.id() + " still running after 300 moves");
            }
            JsonNode legal = state.get("legalMoves");
            if (legal.isEmpty()) {
                throw new AssertionError(g.id() + ": active, and no legal move for the player: " + state);
            }
            JsonNode move = legal.get(random.nextInt(legal.size()));
            String key = UUID.randomUUID().toString();
            long giveUp = System.nanoTime() + GIVE_UP.toNanos();
            HttpResponse<String> ok = null;
            while (ok == null) {
                HttpResponse<String> r = calls.call(http, api, "move", "POST", "/api/games/" + g.id() + "/moves",
                        JSON.writeValueAsString(move), g.token(), key, null);
                if (r != null && r.statusCode() == 200) {
                    ok = r;
                } else if (r != null && r.statusCode() < 500) {
                    throw new AssertionError("move in " + g.id() + " answered " + r.statusCode() + ": " + r.body());
                } else if (System.nanoTime() > giveUp) {
                    throw new AssertionError("move " + key + " in " + g.id() + " not acknowledged in " + GIVE_UP);
                } else {
                    Http.sleep(200);
                }
            }
            state = JSON.readTree(ok.body());
            JsonNode applied = state.path("applied");
            if (applied.isEmpty() || !applied.get(0).get("move").equals(move)) {
                throw new AssertionError("move " + move + " in " + g.id() + " answered without it first in 'applied': " + applied);
            }
            g.acks().add(new Ack(key, move, applied.get(0).get("seq").asInt(),
                    ok.headers().firstValue("Idempotent-Replayed").isPresent()));
            acknowledged.incrementAndGet();
            Http.sleep(pause.toMillis());
        }
    }
}
