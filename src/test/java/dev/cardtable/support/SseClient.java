package dev.cardtable.support;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A minimal server-sent events client for tests: collects {@code id}/{@code data} events, each
 * checked against {@code openapi.yaml} ({@link OpenApiValidation#checkEvent}); an event the document
 * does not describe fails the test at its next {@link #take}, {@link #poll} or {@link #close}.
 */
public final class SseClient implements AutoCloseable {

    /**
     * One event.
     *
     * @param id   the event id
     * @param name the event name
     * @param data the data (lines joined by newlines)
     * @param others the event's lines of any other field (a server should send none)
     */
    public record Event(String id, String name, String data, List<String> others) {
    }

    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final CompletableFuture<HttpResponse<Stream<String>>> response;
    private volatile Stream<String> lines;
    private volatile AssertionError undescribed;
    private volatile boolean ended;

    private SseClient(HttpRequest request) {
        String path = request.uri().getRawPath();
        response = HttpClient.newHttpClient().sendAsync(request, HttpResponse.BodyHandlers.ofLines());
        // Read on a thread of its own: a caller waiting in status() must never end up running the
        // reading loop itself (a CompletableFuture runs pending callbacks in the thread that waits).
        response.thenAcceptAsync(r -> {
            lines = r.body();
            String id = null;
            String name = null;
            StringBuilder data = new StringBuilder();
            List<String> others = new ArrayList<>();
            try {
                for (String line : (Iterable<String>) lines::iterator) {
                    if (line.isEmpty()) {
                        if (!data.isEmpty()) {
                            Event e = new Event(id, name, data.toString(), List.copyOf(others));
                            check(path, e);
                            events.add(e);
                        }
                        id = null;
                        name = null;
                        data.setLength(0);
                        others.clear();
                    } else if (line.startsWith("id:")) {
                        id = line.substring(3).trim();
                    } else if (line.startsWith("event:")) {
                        name = line.substring(6).trim();
                    } else if (line.startsWith("data:")) {
                        if (!data.isEmpty()) {
                            data.append('\n');
                        }
                        data.append(line.substring(5).trim());
                    } else if (!line.startsWith(":")) {
                        others.add(line);
                    }
                }
            } catch (RuntimeException closed) {
                // the stream was closed by close()
            } finally {
                ended = true;
            }
        }, SseClient::reader);
    }

    private void check(String path, Event e) {
        String retry = e.others().stream().filter(l -> l.startsWith("retry:")).map(l -> l.substring(6).trim())
                .findFirst().orElse(null);
        try {
            OpenApiValidation.checkEvent(path, e.name(), e.id(), e.data(), retry);
        } catch (AssertionError | RuntimeException bad) {
            if (undescribed == null) {
                undescribed = bad instanceof AssertionError a ? a : new AssertionError(bad);
            }
        }
    }

    private void failIfUndescribed() {
        if (undescribed != null) {
            throw undescribed;
        }
    }

    private static void reader(Runnable loop) {
        Thread t = new Thread(loop, "sse-client");
        t.setDaemon(true);
        t.start();
    }

    /** Connects to {@code url}, resuming after {@code lastEventId} when not null. */
    public static SseClient connect(String url, String lastEventId, String token) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).header("Accept", "text/event-stream")
                .timeout(Duration.ofMinutes(5));
        if (lastEventId != null) {
            b.header("Last-Event-ID", lastEventId);
        }
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return new SseClient(b.build());
    }

    /** Connects to {@code url} with a player's key ({@code X-Player-Key}), resuming after {@code lastEventId} when not null. */
    public static SseClient connectAs(String url, String lastEventId, String key) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).header("Accept", "text/event-stream")
                .timeout(Duration.ofMinutes(5));
        if (lastEventId != null) {
            b.header("Last-Event-ID", lastEventId);
        }
        if (key != null) {
            b.header("X-Player-Key", key);
        }
        return new SseClient(b.build());
    }

    /** Waits until the response headers arrived; returns the HTTP status. */
    public int status() throws Exception {
        return response.get(30, TimeUnit.SECONDS).statusCode();
    }

    /** The next {@code n} events, waiting up to {@code timeout} for each. */
    public List<Event> take(int n, Duration timeout) throws InterruptedException {
        List<Event> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Event e = events.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (e == null) {
                break;
            }
            out.add(e);
        }
        failIfUndescribed();
        return out;
    }

    /** An event that arrives within {@code timeout}, or null. */
    public Event poll(Duration timeout) throws InterruptedException {
        Event e = events.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        failIfUndescribed();
        return e;
    }

    /**
     * Whether the stream has ended (the server closed it, or it broke): every event it carried is
     * queued already, for {@link #take} and {@link #poll}.
     */
    public boolean ended() {
        return ended;
    }

    @Override
    public void close() {
        response.cancel(true);
        Stream<String> l = lines;
        if (l != null) {
            l.close();
        }
        failIfUndescribed();
    }
}
