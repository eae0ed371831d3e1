package dev.cardtable.tournaments;

import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.game.RegisteredPlayers;
import dev.cardtable.platform.http.Params;
import dev.cardtable.platform.http.SseStreams;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
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
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirements;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.net.URI;
import java.util.List;
import java.util.UUID;

/**
 * Arenas ({@code docs/tournaments.md}): Dazzle events of fixed length in which joined players are
 * paired again as soon as they are free. Making, joining and withdrawing speak for the player whose
 * credential they send; the reads are public.
 */
@Path("/api")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "arenas")
public class ArenasResource {

    /** The most events one read of the store sends. */
    static final int BATCH = 200;

    @Inject
    Arenas arenas;

    @Inject
    ArenaEvents events;

    @Inject
    ArenaBus bus;

    @Inject
    SseStreams streams;

    @POST
    @Path("/arenas")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "createArena", summary = "Make an arena",
            description = "A Dazzle arena: a name, a start (null for now), 5 to 1440 minutes, a Fischer clock, rated or "
                    + "not, and optional conditions to join (docs/tournaments.md, \"Making an arena\").")
    @SecurityRequirement(name = "playerKey")
    @APIResponse(responseCode = "201", description = "The arena", content = @Content(schema = @Schema(ref = "Arena")))
    public Response create(ArenaRequest request,
                           @Parameter(description = "The player's key", required = true)
                           @HeaderParam(RegisteredPlayers.HEADER) String key) {
        ArenaView a = arenas.create(key, request);
        return Response.created(URI.create("/api/arenas/" + a.id())).entity(a).build();
    }

    @GET
    @Path("/arenas")
    @Operation(operationId = "listArenas", summary = "List arenas",
            description = "The arenas of one status: upcoming (soonest first), running (the default; ending soonest "
                    + "first) or finished (latest first), paged.")
    @SecurityRequirements
    @APIResponse(responseCode = "200", description = "A page of arenas", content = @Content(schema = @Schema(ref = "ArenaList")))
    public ArenaList list(@Parameter(description = "upcoming, running or finished") @QueryParam("status") String status,
                          @Parameter(description = "nextCursor of the previous page") @QueryParam("cursor") String cursor,
                          @Parameter(description = "1 to 100; 50 by default") @QueryParam("limit") String limit) {
        return arenas.list(status, cursor, limit == null ? 50 : Params.integer(limit, "limit"));
    }

    @GET
    @Path("/arenas/{id}")
    @Operation(operationId = "getArena", summary = "Get an arena",
            description = "The arena: its settings, its status by the time, its number of players, and whether its "
                    + "standings are final.")
    @SecurityRequirements
    @APIResponse(responseCode = "200", description = "The arena", content = @Content(schema = @Schema(ref = "Arena")))
    public ArenaView get(@PathParam("id") String id) {
        return arenas.get(arenaId(id));
    }

    @POST
    @Path("/arenas/{id}/join")
    @Operation(operationId = "joinArena", summary = "Join an arena",
            description = "Joins an upcoming or running arena, or comes back to it after withdrawing; joining twice "
                    + "changes nothing.")
    @SecurityRequirement(name = "playerKey")
    @APIResponse(responseCode = "200", description = "The arena", content = @Content(schema = @Schema(ref = "Arena")))
    public ArenaView join(@PathParam("id") String id,
                          @Parameter(description = "The player's key", required = true)
                          @HeaderParam(RegisteredPlayers.HEADER) String key) {
        return arenas.join(arenaId(id), key);
    }

    @POST
    @Path("/arenas/{id}/withdraw")
    @Operation(operationId = "withdrawFromArena", summary = "Withdraw from an arena",
            description = "Before the start, leaves the arena; while it runs, pauses: the player keeps their points "
                    + "and is not paired again until they join again.")
    @SecurityRequirement(name = "playerKey")
    @APIResponse(responseCode = "200", description = "The arena", content = @Content(schema = @Schema(ref = "Arena")))
    public ArenaView withdraw(@PathParam("id") String id,
                              @Parameter(description = "The player's key", required = true)
                              @HeaderParam(RegisteredPlayers.HEADER) String key) {
        return arenas.withdraw(arenaId(id), key);
    }

    @GET
    @Path("/arenas/{id}/standings")
    @Operation(operationId = "getArenaStandings", summary = "An arena's standings",
            description = "Its players by points, then performance, then name, paged by cursor.")
    @SecurityRequirements
    @APIResponse(responseCode = "200", description = "A page of the standings",
            content = @Content(schema = @Schema(ref = "ArenaStandings")))
    public ArenaStandings standings(@PathParam("id") String id,
                                    @Parameter(description = "nextCursor of the previous page") @QueryParam("cursor") String cursor,
                                    @Parameter(description = "1 to 100; 50 by default") @QueryParam("limit") String limit) {
        return arenas.standings(arenaId(id), cursor, limit == null ? 50 : Params.integer(limit, "limit"));
    }

    @GET
    @Path("/arenas/{id}/players/{name}")
    @Operation(operationId = "getArenaSheet", summary = "A player's sheet in an arena",
            description = "Their entry as the standings show it and their counted games in the order they counted.")
    @SecurityRequirements
    @APIResponse(responseCode = "200", description = "The sheet", content = @Content(schema = @Schema(ref = "ArenaSheet")))
    public ArenaSheet sheet(@PathParam("id") String id, @PathParam("name") String name) {
        return arenas.sheet(arenaId(id), name);
    }

    @GET
    @Path("/arenas/{id}/events")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @Operation(operationId = "streamArenaEvents", summary = "Follow an arena",
            description = "Server-sent events of the arena: 'pairing', 'result', 'standing' and 'finished', each with "
                    + "its id, a sequence. Without a cursor the stream sends the events from now on; with 'cursor' or "
                    + "Last-Event-ID (which wins) those after that id (0: from the first).")
    @SecurityRequirements
    @APIResponse(responseCode = "200", description = "The stream; ':connected' and ':heartbeat' comments keep it open",
            content = @Content(mediaType = MediaType.SERVER_SENT_EVENTS, schema = @Schema(ref = "ArenaEventStream")))
    public void stream(@PathParam("id") String id,
                       @Parameter(description = "Resume after this event id (0: from the first)") @QueryParam("cursor") String cursor,
                       @Parameter(description = "Resume after this event id") @HeaderParam("Last-Event-ID") String lastEventId,
                       @Context SseEventSink sink, @Context Sse sse, @Context HttpServerRequest http) {
        SseStreams.requireEnabled(bus.enabled());
        UUID arena = arenaId(id);
        arenas.get(arena);
        String from = lastEventId != null && !lastEventId.isBlank() ? lastEventId.trim() : cursor;
        long after;
        if (from == null || from.isEmpty()) {
            after = events.last(arena);
        } else if (from.matches("[0-9]{1,18}")) {
            after = Long.parseLong(from);
        } else {
            throw GameException.malformed("'cursor' and 'Last-Event-ID' must be an event id of this stream (0 or more)");
        }
        SseStreams.Stream out = streams.open(bus.enabled(), http, sink, sse);
        Stream s = new Stream(arena, out, after, http.path());
        bus.subscribe(s);
        s.wake();
    }

    /** An arena id; text that is no UUID names no arena. */
    private static UUID arenaId(String id) {
        try {
            return UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw new GameException(Failure.ARENA_NOT_FOUND, "no arena has this id");
        }
    }

    /** One live stream of an arena's events on this instance. */
    private final class Stream implements ArenaBus.Subscriber {

        private final UUID arena;
        private final SseStreams.Stream out;
        private final String path;
        private long last;

        Stream(UUID arena, SseStreams.Stream out, long last, String path) {
            this.arena = arena;
            this.out = out;
            this.last = last;
            this.path = path;
        }

        @Override
        public UUID arena() {
            return arena;
        }

        @Override
        public synchronized void wake() {
            try {
                while (!out.isClosed()) {
                    List<ArenaEvents.Stored> batch = events.after(arena, last, BATCH);
                    for (ArenaEvents.Stored e : batch) {
                        if (!out.send(out.event().name(e.name()).id(Long.toString(e.seq())).data(e.data()).build())) {
                            return;
                        }
                        last = e.seq();
                    }
                    if (batch.size() < BATCH) {
                        return;
                    }
                }
            } catch (RuntimeException e) {
                out.fail(e, path);
            }
        }

        @Override
        public synchronized boolean heartbeat() {
            return out.heartbeat();
        }
    }
}
