package dev.cardtable.watching;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.game.PlayerRow;
import dev.cardtable.platform.game.RegisteredPlayers;
import dev.cardtable.platform.events.Listener;
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

import java.util.List;
import java.util.UUID;

/**
 * A registered player's event stream ({@code docs/api.md}, "A player's event stream"): one
 * server-sent stream of everything that happens to the player, for bots and clients that play many
 * games at once.
 */
@Path("/api")
@Tag(name = "players")
public class PlayerEventsResource {

    private static final int BATCH = 200;
    private static final java.time.Duration RECHECK = java.time.Duration.ofMillis(100);

    @Inject
    PlayerEvents events;

    @Inject
    PlayerEventBus bus;

    @Inject
    PlayerEventStore store;

    @Inject
    StreamTickets tickets;

    @Inject
    RegisteredPlayers players;

    @Inject
    SseStreams streams;

    @Inject
    ObjectMapper json;

    @Inject
    Listener listener;

    @POST
    @Path("/players/{name}/events/tickets")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "issuePlayerStreamTicket", summary = "Issue a ticket for a player's event stream",
            description = "A short-lived ticket that opens the player's event stream as ?ticket=, for clients such "
                    + "as a browser's EventSource that cannot send X-Player-Key.")
    @SecurityRequirement(name = "playerKey")
    @APIResponse(responseCode = "201", description = "The ticket", content = @Content(schema = @Schema(ref = "PlayerTicket")))
    public Response ticket(@PathParam("name") String name,
                           @Parameter(description = "The player's key", required = true)
                           @HeaderParam(RegisteredPlayers.HEADER) String key) {
        PlayerRow p = events.owner(name, key);
        return Response.status(Response.Status.CREATED).entity(events.ticket(p, key)).build();
    }

    @GET
    @Path("/players/{name}/events")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @Operation(operationId = "streamPlayerEvents", summary = "Follow a player's events",
            description = "Server-sent events of one registered player, opened with its key or a ticket: first a "
                    + "'snapshot' (pending challenges, games waiting or running with whose turn it is), then "
                    + "'gameStart', 'yourTurn', 'gameFinish', 'challenge', 'challengeDeclined', 'challengeCancelled' "
                    + "and 'challengeExpired' events, each with an id. A reconnect with Last-Event-ID gets the "
                    + "events after it and no snapshot (docs/api.md, \"A player's event stream\").")
    @SecurityRequirementsSet(@SecurityRequirement(name = "playerKey"))
    @SecurityRequirementsSet(@SecurityRequirement(name = "streamTicket"))
    @APIResponse(responseCode = "200", description = "The stream; ':connected' and ':heartbeat' comments keep it open",
            content = @Content(mediaType = MediaType.SERVER_SENT_EVENTS, schema = @Schema(ref = "PlayerEventStream")))
    public void stream(@PathParam("name") String name,
                       @Parameter(description = "The player's key; or send a ticket")
                       @HeaderParam(RegisteredPlayers.HEADER) String key,
                       @Parameter(description = "A ticket from POST /api/players/{name}/events/tickets")
                       @QueryParam("ticket") String ticket,
                       @Parameter(description = "Resume after this event id")
                       @HeaderParam("Last-Event-ID") String lastEventId,
                       @Context SseEventSink sink, @Context Sse sse, @Context HttpServerRequest http) {
        SseStreams.requireEnabled(bus.enabled());
        PlayerEventStore.Cursor resume = lastEventId == null || lastEventId.isBlank() ? null : eventId(lastEventId.trim());
        // Every check before the stream opens answers as any request would.
        PlayerRow p = events.streamOwner(name, key, ticket);
        // A Last-Event-ID older than every event kept may have missed pruned ones, and one of a
        // transaction this database never began (another database's) would wait forever: a fresh start.
        boolean fresh = resume == null || resume.id() < store.oldest() || !store.begun(resume);
        PlayerEventStore.Cursor from = fresh ? store.now() : resume;
        Object snapshot = fresh ? events.snapshot(p.id()) : null;
        SseStreams.Stream out = streams.open(bus.enabled(), http, sink, sse);
        Stream s = new Stream(p.id(), out, from, http.path());
        if (snapshot != null) {
            out.send(out.event().name("snapshot").data(write(snapshot)).build());
        }
        bus.subscribe(s);
        s.wake();
    }

    private static PlayerEventStore.Cursor eventId(String text) {
        PlayerEventStore.Cursor c = PlayerEventStore.Cursor.parse(text);
        if (c == null) {
            throw GameException.malformed("'Last-Event-ID' must be an event id this stream sent");
        }
        return c;
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One open stream: sends its player's stored events after the last it sent, in order. */
    private final class Stream implements PlayerEventBus.Subscriber {

        private final UUID player;
        private final SseStreams.Stream out;
        private final String path;
        private PlayerEventStore.Cursor last;

        Stream(UUID player, SseStreams.Stream out, PlayerEventStore.Cursor last, String path) {
            this.player = player;
            this.out = out;
            this.last = last;
            this.path = path;
        }

        @Override
        public UUID player() {
            return player;
        }

        @Override
        public synchronized void wake() {
            try {
                while (!out.isClosed()) {
                    PlayerEventStore.Batch batch = store.after(player, last, BATCH);
                    for (PlayerEventStore.Row r : batch.rows()) {
                        if (!out.send(out.event().name(PlayerEventStore.current(r.kind())).id(r.cursor().toString()).data(data(r)).build())) {
                            return;
                        }
                        last = r.cursor();
                    }
                    if (batch.waiting()) {
                        // Its transaction is over but an older one still runs: look again shortly.
                        listener.later(RECHECK, () -> listener.dispatch(this::wake));
                        return;
                    }
                    if (!batch.more()) {
                        return;
                    }
                }
            } catch (RuntimeException e) {
                out.fail(e, path);
            }
        }

        /**
         * The event's data; a rated game's end adds the seat's rating change, written with it; a
         * challenge's in this release's words ({@link PlayerEventStore#currentChallenge}).
         */
        private String data(PlayerEventStore.Row r) {
            boolean challenge = r.kind().startsWith("challenge");
            if (!"gameFinish".equals(r.kind()) && !challenge) {
                return r.data();
            }
            try {
                ObjectNode d = (ObjectNode) json.readTree(r.data());
                if (challenge) {
                    PlayerEventStore.currentChallenge(d);
                    return json.writeValueAsString(d);
                }
                if (d.path("rated").asBoolean(false)) {
                    Double diff = store.ratingDiff(r.gameId(), d.path("seat").asInt());
                    d.put("ratingDiff", dev.cardtable.platform.http.WireFormat.points(diff));
                }
                return json.writeValueAsString(d);
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public synchronized boolean heartbeat() {
            return out.heartbeat();
        }

        @Override
        public void end() {
            out.close();
        }
    }
}
