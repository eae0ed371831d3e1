package dev.cardtable.platform.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.db.ConnectionPool;
import dev.cardtable.platform.db.DatabaseOutage;
import dev.cardtable.platform.events.EventsConfig;
import dev.cardtable.platform.telemetry.Traces;
import io.quarkus.runtime.ShutdownDelayInitiatedEvent;
import io.quarkus.runtime.ShutdownEvent;
import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseBroadcaster;
import jakarta.ws.rs.sse.SseEventSink;
import org.jboss.logging.Logger;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What every event stream of the API does alike ({@code docs/api.md}, "Live events"): refuse to
 * open when events are off or past the caps on open streams, send without failing on a client
 * that has gone, keep alive, and end with an {@code error} event that the client can read when
 * the stream cannot go on.
 *
 * <p>Open streams are counted per client address and in all on this instance, and each counts
 * until its client goes or the server closes it. Past {@code cardtable.events.max-streams-per-client}
 * a new stream is refused with {@code 429 too-many-streams}; past {@code cardtable.events.max-streams},
 * with {@code 503 server-busy}; both with {@code Retry-After}. A stream holds no database
 * connection: it takes one only for the moment it reads what it sends.
 */
@ApplicationScoped
public class SseStreams {

    private static final Logger LOG = Logger.getLogger(SseStreams.class);

    /** Seconds a client refused past a cap is told to wait. */
    static final long RETRY_AFTER_SECONDS = 5;

    @Inject
    EventsConfig config;

    @Inject
    ConnectionPool pool;

    @Inject
    ObjectMapper json;

    private final AtomicInteger open = new AtomicInteger();
    private final Set<Stream> live = ConcurrentHashMap.newKeySet();
    private final Map<String, AtomicInteger> byClient = new ConcurrentHashMap<>();

    /** Event streams open on this instance now. */
    public int open() {
        return open.get();
    }

    /**
     * Opens a stream for the client of {@code http}: counts it, and sends the {@code :connected}
     * comment so that the client has the response headers at once.
     *
     * @param enabled whether live events are served ({@code cardtable.events.enabled})
     * @throws GameException {@code not-found} when live events are switched off,
     *                       {@code too-many-streams} (429) past the cap per client address,
     *                       {@code server-busy} (503) past the cap of the instance
     */
    public Stream open(boolean enabled, HttpServerRequest http, SseEventSink sink, Sse sse) {
        requireEnabled(enabled);
        String client = http == null || http.remoteAddress() == null ? "unknown" : http.remoteAddress().hostAddress();
        Stream s = new Stream(client, sink, sse);
        AtomicInteger mine = byClient.computeIfAbsent(client, k -> new AtomicInteger());
        int maxPerClient = config.maxStreamsPerClient();
        if (mine.incrementAndGet() > maxPerClient) {
            release(client);
            throw new GameException(Failure.TOO_MANY_STREAMS, "this address has " + maxPerClient
                    + " event streams open already; close one first", Map.of("limit", maxPerClient, "retryAfter", RETRY_AFTER_SECONDS));
        }
        if (open.incrementAndGet() > config.maxStreams()) {
            open.decrementAndGet();
            release(client);
            throw new GameException(Failure.SERVER_BUSY, "the server has as many event streams open as it serves; "
                    + "try again in " + RETRY_AFTER_SECONDS + " s", Map.of("retryAfter", RETRY_AFTER_SECONDS));
        }
        s.counted.set(true);
        live.add(s);
        // The sink tells a broadcaster when it closes, whoever closed it (the client or the server).
        SseBroadcaster closing = sse.newBroadcaster();
        closing.onClose(x -> s.closed());
        closing.register(sink);
        s.send(sse.newEventBuilder().comment("connected").build());
        return s;
    }

    /**
     * When the instance starts to drain (readiness down, {@code quarkus.shutdown.delay}), or stops
     * without a drain: every open stream is closed, so that its client reconnects, through the
     * balancer, to another instance and resumes with {@code Last-Event-ID}.
     */
    void drain(@Observes ShutdownDelayInitiatedEvent event) {
        closeAll();
    }

    void stop(@Observes ShutdownEvent event) {
        closeAll();
    }

    private void closeAll() {
        for (Stream s : List.copyOf(live)) {
            s.close();
        }
    }

    /**
     * Checks that streams may open.
     *
     * @param enabled whether live events are served ({@code cardtable.events.enabled})
     * @throws GameException {@code not-found} when live events are switched off
     */
    public static void requireEnabled(boolean enabled) {
        if (!enabled) {
            throw new GameException(Failure.NOT_FOUND, "live events are switched off on this server");
        }
    }

    private void release(String client) {
        byClient.computeIfPresent(client, (k, n) -> n.decrementAndGet() <= 0 ? null : n);
    }

    /** One open stream: sends that never throw, a heartbeat, and an end with an error event. */
    public final class Stream {
        private final String client;
        private final SseEventSink sink;
        private final Sse sse;
        private final AtomicBoolean counted = new AtomicBoolean();
        /** The trace of the request that opened the stream: its error event names it. */
        private final String traceId = Traces.currentTraceId();

        private Stream(String client, SseEventSink sink, Sse sse) {
            this.client = client;
            this.sink = sink;
            this.sse = sse;
        }

        /** Whether the stream is closed (by the client or the server). */
        public boolean isClosed() {
            if (sink.isClosed()) {
                closed();
                return true;
            }
            return false;
        }

        /** Sends {@code event}; false when the client has gone (the stream is then closed). */
        public boolean send(OutboundSseEvent event) {
            if (isClosed()) {
                return false;
            }
            try {
                sink.send(event);
                return true;
            } catch (IllegalStateException gone) {
                closed();
                return false;
            }
        }

        /** Sends a {@code heartbeat} comment; false when the client has gone. */
        public boolean heartbeat() {
            return send(sse.newEventBuilder().comment("heartbeat").build()) && !isClosed();
        }

        /** The event builder of this stream. */
        public OutboundSseEvent.Builder event() {
            return sse.newEventBuilder();
        }

        /** Closes the stream from the server's side. */
        public void close() {
            try {
                sink.close();
            } catch (RuntimeException e) {
                LOG.debug("closing an event stream", e);
            }
            closed();
        }

        /**
         * Ends the stream because it cannot go on: an {@code error} event whose data is the problem
         * a request would have been answered with (its {@code code}, and {@code retryAfter} when
         * trying again later helps; the event's {@code retry} field is the same wait, so that an
         * {@code EventSource} reconnects then), and the stream is closed.
         */
        public void fail(Throwable failure, String path) {
            Failure f;
            String detail;
            Map<String, Object> extensions = Map.of();
            long retry = 0;
            if (failure instanceof GameException g) {
                f = g.failure();
                detail = g.getMessage();
                extensions = g.extensions();
            } else if (DatabaseOutage.causedBy(failure)) {
                f = pool.busy(failure) ? Failure.SERVER_BUSY : Failure.SERVICE_UNAVAILABLE;
                retry = ProblemMapper.retryAfterSeconds();
                detail = f == Failure.SERVER_BUSY ? "the server is busy: reconnect in " + retry + " s"
                        : "the database is unreachable: reconnect in " + retry + " s";
                extensions = Map.of("retryAfter", retry);
            } else {
                LOG.error("event stream " + path + " failed", failure);
                f = Failure.INTERNAL;
                detail = "the stream could not go on; reconnect with Last-Event-ID";
            }
            try {
                OutboundSseEvent.Builder e = sse.newEventBuilder().name("error")
                        .data(json.writeValueAsString(ProblemMapper.body(f, detail, extensions, path, traceId)));
                if (retry > 0) {
                    e.reconnectDelay(retry * 1000);
                }
                send(e.build());
            } catch (JsonProcessingException e) {
                LOG.debug("error event not written", e);
            }
            close();
        }

        /** Gives back the stream's place under the caps, once. */
        private void closed() {
            live.remove(this);
            if (counted.compareAndSet(true, false)) {
                open.decrementAndGet();
                release(client);
            }
        }
    }
}
