package dev.cardtable.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardtable.events.MoveBus;
import dev.cardtable.game.Failure;
import dev.cardtable.game.GameException;
import dev.cardtable.game.GameReads;
import dev.cardtable.game.view.LogItem;
import dev.cardtable.game.view.LogPage;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.logging.Logger;

import java.util.UUID;

/**
 * {@code GET /api/games/{id}/events}: server-sent events, one {@code move} event per log entry
 * with {@code id} = its seq and the entry, projected for the caller, as data. Resumes after
 * {@code Last-Event-ID} (or {@code ?after=}); a {@code :heartbeat} comment keeps idle streams open.
 * Once the game is over and every move was sent, an {@code end} event follows, and the stream is
 * closed at the next heartbeat.
 */
@Path("/api/games/{id}/events")
@Tag(name = "games")
public class EventsResource {

    private static final Logger LOG = Logger.getLogger(EventsResource.class);

    @Inject
    GameReads games;

    @Inject
    MoveBus events;

    @Inject
    ObjectMapper json;

    @GET
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @Operation(summary = "Server-sent events: one per move, id = move number; honours Last-Event-ID")
    public void stream(@PathParam("id") String id,
                       @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                       @Parameter(description = "Resume after this move number")
                       @HeaderParam("Last-Event-ID") String lastEventId,
                       @Parameter(description = "Start after this move number when Last-Event-ID is absent (default 0)")
                       @QueryParam("after") String after,
                       @Context SseEventSink sink, @Context Sse sse) {
        if (!events.enabled()) {
            throw new GameException(Failure.NOT_FOUND, "live events are switched off on this server");
        }
        UUID gameId = GameResource.parseId(id);
        games.viewerSeat(gameId, authorization);
        boolean resuming = lastEventId != null && !lastEventId.isBlank();
        String name = resuming ? "Last-Event-ID" : "after";
        String from = resuming ? lastEventId.trim() : after;
        int start = from == null ? 0 : GameResource.parseInt(from, name);
        if (start < 0) {
            throw new GameException(Failure.MALFORMED_REQUEST, "'" + name + "' must be >= 0");
        }
        Stream stream = new Stream(gameId, authorization, sink, sse, start);
        // A comment first, so the client gets the response headers at once even when no move follows.
        sink.send(sse.newEventBuilder().comment("connected").build());
        events.subscribe(gameId, stream);
        stream.catchUp();
    }

    /** One client's stream: sends log entries after the last one it sent, in order, once each. */
    private final class Stream implements MoveBus.Subscriber {
        private final UUID gameId;
        private final String authorization;
        private final SseEventSink sink;
        private final Sse sse;
        private int lastSent;
        private boolean ended;

        Stream(UUID gameId, String authorization, SseEventSink sink, Sse sse, int lastSent) {
            this.gameId = gameId;
            this.authorization = authorization;
            this.sink = sink;
            this.sse = sse;
            this.lastSent = lastSent;
        }

        @Override
        public synchronized void catchUp() {
            try {
                LogPage page;
                do {
                    if (sink.isClosed()) {
                        return;
                    }
                    page = games.log(gameId, authorization, lastSent, GameReads.MAX_LOG_PAGE);
                    for (LogItem e : page.items()) {
                        sink.send(sse.newEventBuilder().id(Integer.toString(e.seq())).name("move")
                                .data(json.writeValueAsString(e)).build());
                        lastSent = e.seq();
                    }
                } while (page.nextAfter() != null);
                if (page.finished() && !ended) {
                    // Nothing can follow the last move: say so; the next heartbeat closes the stream.
                    sink.send(sse.newEventBuilder().name("end").data("{\"status\":\"finished\"}").build());
                    ended = true;
                }
            } catch (JsonProcessingException | RuntimeException e) {
                LOG.debug("event stream of " + gameId + " could not catch up", e);
            }
        }

        @Override
        public synchronized boolean heartbeat() {
            if (ended) {
                sink.close();
            }
            if (sink.isClosed()) {
                return false;
            }
            sink.send(sse.newEventBuilder().comment("heartbeat").build());
            return !sink.isClosed();
        }
    }
}
