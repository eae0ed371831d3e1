package dev.cardtable.upgrade;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Spectators following games' event streams through the balancer, as a browser's EventSource
 * does (adapted from {@code dev.cardtable.cluster.Watcher}): each takes a running game nobody
 * follows yet, opens {@code GET /api/games/{id}/events} without credentials, and when the stream
 * ends or breaks (its instance stopping) connects again with {@code Last-Event-ID}, until the
 * game's {@code end} event; then it takes another game. Every move event is kept (id, seat, action),
 * every connection attempt recorded; {@link #verify} compares each stream with the game's log.
 */
final class Spectators implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration FINISH = Duration.ofSeconds(90);

    /** One move event: its id, and the seq, seat and action of its entry. */
    record Event(int id, int seq, int seat, String action) {
    }

    /** One game followed: its events in order of arrival, whether its end came, the slots that served its streams. */
    record Followed(String game, List<Event> events, List<String> servedBy, AtomicBoolean ended) {
    }

    private final String api;
    private final Calls calls;
    private final Supplier<List<String>> running;
    private final List<Followed> followed = Collections.synchronizedList(new ArrayList<>());
    private final Set<String> taken = ConcurrentHashMap.newKeySet();
    private final Set<InputStream> open = ConcurrentHashMap.newKeySet();
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean stopping;
    private volatile long hardEnd = Long.MAX_VALUE;

    private Spectators(String api, Calls calls, Supplier<List<String>> running) {
        this.api = api;
        this.calls = calls;
        this.running = running;
    }

    /** Starts {@code count} spectators, spectator {@code n} on {@code 127.0.<subnet>.<n+1>}, following games of {@code running}. */
    static Spectators start(String api, int count, int subnet, Calls calls, Supplier<List<String>> running) {
        Spectators s = new Spectators(api, calls, running);
        for (int i = 0; i < count; i++) {
            HttpClient http = Http.client("127.0." + subnet + "." + (i + 1));
            Random random = new Random(i);
            s.threads.add(Thread.ofPlatform().name("spectator-" + i).start(() -> s.run(http, random)));
        }
        return s;
    }

    private void run(HttpClient http, Random random) {
        while (!stopping) {
            List<String> games = running.get().stream().filter(g -> !taken.contains(g)).toList();
            if (games.isEmpty()) {
                Http.sleep(100);
                continue;
            }
            String game = games.get(random.nextInt(games.size()));
            if (taken.add(game)) {
                Followed f = new Followed(game, Collections.synchronizedList(new ArrayList<>()),
                        Collections.synchronizedList(new ArrayList<>()), new AtomicBoolean());
                followed.add(f);
                follow(http, f);
            }
        }
    }

    /** Follows one game's events to its end, reconnecting with Last-Event-ID; bounded by the close. */
    private void follow(HttpClient http, Followed f) {
        Integer last = null;
        while (!f.ended().get() && System.nanoTime() < hardEnd) {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(api + "/api/games/" + f.game() + "/events"))
                    .header("Accept", "text/event-stream").timeout(Duration.ofSeconds(10));
            if (last != null) {
                b.header("Last-Event-ID", last.toString());
            }
            long start = System.nanoTime();
            InputStream body = null;
            try {
                HttpResponse<InputStream> r = http.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
                String servedBy = r.headers().firstValue("X-Served-By").orElse(null);
                body = r.body();
                if (r.statusCode() != 200) {
                    calls.add(new Calls.Call(start, System.nanoTime(), "stream", r.statusCode(), servedBy,
                            new String(body.readAllBytes(), StandardCharsets.UTF_8)));
                    Http.sleep(250);
                    continue;
                }
                calls.add(new Calls.Call(start, System.nanoTime(), "stream", 200, servedBy, null));
                f.servedBy().add(servedBy);
                open.add(body);
                last = read(body, f, last);
            } catch (IOException e) {
                if (body == null) {
                    calls.add(new Calls.Call(start, System.nanoTime(), "stream", 0, null, e.toString()));
                }
                // a stream cut after it opened: connect again, as EventSource does
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } finally {
                if (body != null) {
                    open.remove(body);
                    try {
                        body.close();
                    } catch (IOException e) {
                        // closing anyway
                    }
                }
            }
            if (!f.ended().get()) {
                Http.sleep(100);
            }
        }
    }

    /** Reads events until the end event or the stream's end; returns the last move id received. */
    private static Integer read(InputStream body, Followed f, Integer last) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8));
        String id = null;
        String name = null;
        StringBuilder data = new StringBuilder();
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isEmpty()) {
                if ("move".equals(name) && id != null) {
                    JsonNode entry = JSON.readTree(data.toString()).path("entry");
                    last = Integer.parseInt(id);
                    f.events().add(new Event(last, entry.path("seq").asInt(), entry.path("seat").asInt(-1),
                            entry.path("move").path("action").asText()));
                } else if ("end".equals(name)) {
                    f.ended().set(true);
                    return last;
                }
                id = null;
                name = null;
                data.setLength(0);
            } else if (line.startsWith("id:")) {
                id = line.substring(3).trim();
            } else if (line.startsWith("event:")) {
                name = line.substring(6).trim();
            } else if (line.startsWith("data:")) {
                data.append(line.substring(5).trim());
            }
        }
        return last;
    }

    /** Games followed so far. */
    int followedCount() {
        return followed.size();
    }

    /**
     * Takes no new game, and waits (at most 90 s) for the games being followed to end; streams still
     * open then are closed, and their games count as not followed to the end.
     */
    @Override
    public void close() {
        stopping = true;
        hardEnd = System.nanoTime() + FINISH.toNanos();
        for (Thread t : threads) {
            try {
                t.join(Math.max(1, (hardEnd - System.nanoTime()) / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        for (InputStream in : open) {
            try {
                in.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
        for (Thread t : threads) {
            try {
                t.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * What each followed stream got against its game's log (read through {@code api}): one line per
     * stream that did not end or whose move events were not the log's entries once each, in order,
     * with the same seat and action; empty when every stream was exact.
     */
    List<String> verify(String api) throws IOException, InterruptedException {
        HttpClient http = Http.client("127.0.0.1");
        List<String> wrong = new ArrayList<>();
        for (Followed f : List.copyOf(followed)) {
            if (!f.ended().get()) {
                wrong.add(f.game() + ": no end event (" + f.events().size() + " move events, streams " + f.servedBy() + ")");
                continue;
            }
            HttpResponse<String> r = Http.send(http, api, "GET", "/api/games/" + f.game() + "/moves?limit=500", null, null, null, null);
            if (r.statusCode() != 200) {
                wrong.add(f.game() + ": log " + r.statusCode() + " " + r.body());
                continue;
            }
            JsonNode log = JSON.readTree(r.body()).get("items");
            List<Event> events = List.copyOf(f.events());
            List<Event> expected = new ArrayList<>();
            for (JsonNode e : log) {
                int seq = e.get("seq").asInt();
                expected.add(new Event(seq, seq, e.get("seat").asInt(), e.get("move").get("action").asText()));
            }
            if (!events.equals(expected)) {
                wrong.add(f.game() + " (streams " + f.servedBy() + "): events " + events + " where the log has " + expected);
            }
        }
        return wrong;
    }
}
