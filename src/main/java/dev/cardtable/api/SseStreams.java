package dev.cardtable.api;

import dev.cardtable.game.Failure;
import dev.cardtable.game.GameException;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;

/** What every event stream of the API does alike: refuse to open when events are off, keep alive. */
final class SseStreams {

    private SseStreams() {
    }

    /**
     * Checks that streams may open.
     *
     * @param enabled whether live events are served ({@code cardtable.events.enabled})
     * @throws GameException {@code not-found} when live events are switched off
     */
    static void requireEnabled(boolean enabled) {
        if (!enabled) {
            throw new GameException(Failure.NOT_FOUND, "live events are switched off on this server");
        }
    }

    /** Sends a {@code heartbeat} comment; false when the client has gone. */
    static boolean heartbeat(SseEventSink sink, Sse sse) {
        if (sink.isClosed()) {
            return false;
        }
        sink.send(sse.newEventBuilder().comment("heartbeat").build());
        return !sink.isClosed();
    }
}
