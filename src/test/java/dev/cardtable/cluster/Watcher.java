package dev.cardtable.cluster;

import java.io.BufferedReader;
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

/**
 * One client watching a game's events through the balancer, as a browser's EventSource does:
 * when the stream ends or breaks it connects again with {@code Last-Event-ID} (the last id it
 * received), until the game's {@code end} event arrives or it is closed. Records every move
 * event's id, the instance of each stream and how long each reconnection took (from the
 * stream's end to the next stream's {@code 200}).
 */
final class Watcher implements AutoCloseable {

    private final String url;
    private final HttpClient http;
    private final List<Integer> ids = Collections.synchronizedList(new ArrayList<>());
    private final List<String> instances = Collections.synchronizedList(new ArrayList<>());
    private final List<Long> reconnectMillis = Collections.synchronizedList(new ArrayList<>());
    private final List<Integer> refusals = Collections.synchronizedList(new ArrayList<>());
    private final Thread thread;
    private volatile boolean ended;
    private volatile boolean closed;
    private volatile InputStream body;

    Watcher(String url, String localAddress) {
        this.url = url;
        this.http = Players.client(localAddress);
        this.thread = Thread.ofPlatform().daemon().name("watcher").start(this::run);
    }

    private void run() {
        Integer last = null;
        long lostAt = -1;
        while (!closed && !ended) {
            try {
                HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).header("Accept", "text/event-stream")
                        .timeout(Duration.ofSeconds(10));
                if (last != null) {
                    b.header("Last-Event-ID", last.toString());
                }
                HttpResponse<InputStream> r = http.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
                if (r.statusCode() != 200) {
                    refusals.add(r.statusCode());
                    r.body().close();
                    Players.sleep(250);
                    continue;
                }
                if (lostAt >= 0) {
                    reconnectMillis.add((System.nanoTime() - lostAt) / 1_000_000);
                }
                instances.add(r.headers().firstValue("X-Served-By").orElse("?"));
                body = r.body();
                try (BufferedReader in = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8))) {
                    String id = null;
                    String name = null;
                    String line;
                    while ((line = in.readLine()) != null) {
                        if (line.isEmpty()) {
                            if ("move".equals(name) && id != null) {
                                last = Integer.parseInt(id);
                                ids.add(last);
                            } else if ("end".equals(name)) {
                                ended = true;
                                break;
                            }
                            id = null;
                            name = null;
                        } else if (line.startsWith("id:")) {
                            id = line.substring(3).trim();
                        } else if (line.startsWith("event:")) {
                            name = line.substring(6).trim();
                        }
                    }
                }
            } catch (Exception e) {
                // refused, reset or cut: connect again
            }
            lostAt = System.nanoTime();
            if (!closed && !ended) {
                Players.sleep(100);
            }
        }
    }

    /** The ids of the move events received, in order of arrival (repeats included). */
    List<Integer> ids() {
        synchronized (ids) {
            return List.copyOf(ids);
        }
    }

    /** The instance of each stream opened, in order. */
    List<String> instances() {
        synchronized (instances) {
            return List.copyOf(instances);
        }
    }

    /** For each reconnection: milliseconds from the lost stream to the next stream's 200. */
    List<Long> reconnectMillis() {
        synchronized (reconnectMillis) {
            return List.copyOf(reconnectMillis);
        }
    }

    /** Statuses of refused (non-200) connection attempts. */
    List<Integer> refusals() {
        synchronized (refusals) {
            return List.copyOf(refusals);
        }
    }

    /** Whether the game's {@code end} event arrived. */
    boolean ended() {
        return ended;
    }

    /** Waits up to {@code timeout} for the end event. */
    boolean awaitEnd(Duration timeout) throws InterruptedException {
        thread.join(timeout.toMillis());
        return ended;
    }

    @Override
    public void close() {
        closed = true;
        InputStream b = body;
        if (b != null) {
            try {
                b.close();
            } catch (Exception e) {
                // closing anyway
            }
        }
        thread.interrupt();
    }
}
