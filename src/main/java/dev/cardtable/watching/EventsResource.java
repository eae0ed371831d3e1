package dev.cardtable.watching;

import dev.cardtable.platform.http.SeatCredentials;
import dev.cardtable.platform.game.RegisteredPlayers;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.Paging;
import dev.cardtable.platform.game.SeatCredential;
import dev.cardtable.platform.game.view.MoveEvent;
import dev.cardtable.platform.game.view.StreamTicket;
import dev.cardtable.platform.http.Params;
import dev.cardtable.platform.http.SseStreams;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.logging.Logger;

import java.util.UUID;

/**
 * {@code GET /api/games/{id}/events}: server-sent events, one {@code move} event per log entry
 * with {@code id} = its seq and, as data, the entry and the game after it, both projected for the
 * viewer ({@code docs/api.md}, "Live events"). The viewer is a seat by a stream ticket
 * ({@code POST /api/games/{id}/stream-tickets}, {@link #streamTicket}) or a bearer token, else a spectator. Resumes after
 * {@code Last-Event-ID} (or {@code ?cursor=}); a {@code :heartbeat} comment keeps idle streams
 * open. Once the game is over and every move was sent, an {@code end} event follows, and the
 * stream is closed at the next heartbeat.
 */
@Path("/api")
@Tag(name = "games")
public class EventsResource {

    private static final Logger LOG = Logger.getLogger(EventsResource.class);

    @Inject
    SeatCredentials seatCredentials;

    @Inject
    EventReads games;

    @Inject
    StreamTickets tickets;

    @Inject
    MoveBus events;

    @Inject
    ObjectMapper json;

    @Inject
    SseStreams streams;

    @POST
    @Path("/games/{id}/stream-tickets")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "issueStreamTicket", summary = "Issue a stream ticket for the caller's seat",
            description = "A short-lived, single-game ticket that opens the caller's seat's event stream as "
                    + "?ticket= (the streamTicket scheme), for clients such as a browser's EventSource that cannot "
                    + "send an Authorization header (docs/api.md, \"Who is watching: stream tickets\").")
    @SecurityRequirementsSet(@SecurityRequirement(name = "seatToken"))
    @SecurityRequirementsSet(@SecurityRequirement(name = "playerKey"))
    @APIResponse(responseCode = "201", description = "The ticket", content = @Content(schema = @Schema(ref = "StreamTicket")))
    public Response streamTicket(@PathParam("id") String id,
                                 @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
            @Parameter(description = "A registered player\'s key: opens the seat its player holds verified, when no Authorization is sent")
            @HeaderParam(RegisteredPlayers.HEADER) String playerKey) {
        StreamTicket t = tickets.issue(Params.gameId(id), seatCredentials.of(authorization, playerKey));
        return Response.status(Response.Status.CREATED).entity(t).build();
    }

    @GET
    @Path("/games/{id}/events")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @Operation(operationId = "streamGameEvents", summary = "Follow a game's live events",
            description = "Server-sent events (docs/api.md, \"Live events\"): a 'move' event per log entry, in "
                    + "order, projected for the viewer — a seat by its stream ticket or seat token, else a "
                    + "spectator; an 'end' event once the game is over and every move was sent; an 'error' event "
                    + "ends a stream that cannot go on. Resumes after Last-Event-ID (or ?cursor= on a first "
                    + "connection) with no gap and no repeat.")
    @SecurityRequirementsSet
    @SecurityRequirementsSet(@SecurityRequirement(name = "streamTicket"))
    @SecurityRequirementsSet(@SecurityRequirement(name = "seatToken"))
    @SecurityRequirementsSet(@SecurityRequirement(name = "playerKey"))
    @APIResponse(responseCode = "200", description = "The stream: 'move' events, then an 'end' event once the game is"
            + " over; ':connected' and ':heartbeat' comments keep it open; an 'error' event ends a stream that cannot go on",
            content = @Content(mediaType = MediaType.SERVER_SENT_EVENTS, schema = @Schema(ref = "GameEventStream")))
    public void stream(@PathParam("id") String id,
                       @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
            @Parameter(description = "A registered player\'s key: opens the seat its player holds verified, when no Authorization is sent")
            @HeaderParam(RegisteredPlayers.HEADER) String playerKey,
                       @Parameter(description = "A stream ticket of a seat (POST …/stream-tickets), the streamTicket"
                               + " scheme; none for a spectator. Send a ticket or a seat token, not both")
                       @QueryParam("ticket") String ticket,
                       @Parameter(description = "Resume after this move number")
                       @HeaderParam("Last-Event-ID") String lastEventId,
                       @Parameter(description = "Start after this move number when Last-Event-ID is absent (default 0)")
                       @QueryParam("cursor") String cursor,
                       @Context SseEventSink sink, @Context Sse sse, @Context HttpServerRequest http) {
        UUID gameId = Params.gameId(id);
        boolean resuming = lastEventId != null && !lastEventId.isBlank();
        int start = resuming ? Paging.logCursor(lastEventId.trim(), "Last-Event-ID")
                : Paging.logCursor(cursor, "cursor");
        // Every check before the stream opens answers as any request would; none holds a connection after.
        Integer seat = viewer(gameId, seatCredentials.of(authorization, playerKey), ticket);
        SseStreams.Stream out = streams.open(events.enabled(), http, sink, sse);
        Stream stream = new Stream(gameId, seat, out, start, http.path());
        try {
            events.subscribe(gameId, stream);
        } catch (RuntimeException e) {
            out.fail(e, stream.path);
            return;
        }
        stream.catchUp();
    }

    /** The stream's viewer: a ticket's seat, a token's seat, or null for a spectator. */
    private Integer viewer(UUID gameId, SeatCredential credential, String ticket) {
        if (ticket == null) {
            return games.viewerSeat(gameId, credential);
        }
        if (credential != null) {
            throw new GameException(Failure.MALFORMED_REQUEST,
                    "send either 'ticket' or a credential ('Authorization' or 'X-Player-Key'), not both");
        }
        games.requireExists(gameId);
        return tickets.seat(gameId, ticket);
    }

    /**
     * One client's stream: sends log entries after the last one it sent, in order, once each. A
     * catch-up that cannot read the game ends the stream with an {@code error} event; the client
     * resumes with {@code Last-Event-ID}.
     */
    private final class Stream implements MoveBus.Subscriber {
        private final UUID gameId;
        private final Integer seat;
        private final SseStreams.Stream out;
        private final String path;
        private int lastSent;
        private boolean ended;

        Stream(UUID gameId, Integer seat, SseStreams.Stream out, int lastSent, String path) {
            this.gameId = gameId;
            this.seat = seat;
            this.out = out;
            this.lastSent = lastSent;
            this.path = path;
        }

        @Override
        public synchronized void catchUp() {
            try {
                EventReads.Events batch;
                do {
                    if (out.isClosed()) {
                        return;
                    }
                    batch = games.events(gameId, seat, lastSent);
                    for (MoveEvent e : batch.items()) {
                        int seq = e.entry().seq();
                        if (!out.send(out.event().id(Integer.toString(seq)).name("move")
                                .data(json.writeValueAsString(e)).build())) {
                            return;
                        }
                        lastSent = seq;
                    }
                } while (batch.more());
                if (batch.finished() && !ended) {
                    // Nothing can follow the last move: say so; the next heartbeat closes the stream.
                    out.send(out.event().name("end").data("{\"status\":\"finished\"}").build());
                    ended = true;
                }
            } catch (JsonProcessingException | RuntimeException e) {
                LOG.debug("event stream of " + gameId + " could not catch up", e);
                out.fail(e, path);
                events.unsubscribe(gameId, this);
            }
        }

        @Override
        public synchronized boolean heartbeat() {
            if (ended) {
                out.close();
                return false;
            }
            return out.heartbeat();
        }
    }
}
