package dev.cardtable.play;

import dev.cardtable.platform.http.ETags;
import dev.cardtable.platform.http.ProblemMapper;

import static dev.cardtable.platform.http.AuthorizationHeader.credential;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardtable.play.CreateGameRequest;
import dev.cardtable.play.TakeSeatRequest;
import dev.cardtable.engine.GameInfo;
import dev.cardtable.platform.Failure;
import dev.cardtable.platform.game.GameCatalog;
import dev.cardtable.play.GameCreation;
import dev.cardtable.platform.GameException;
import dev.cardtable.play.GameReads;
import dev.cardtable.hints.HintService;
import dev.cardtable.play.MoveOutcome;
import dev.cardtable.play.MoveRequest;
import dev.cardtable.play.MoveService;
import dev.cardtable.players.Players;
import dev.cardtable.lobby.Rematches;
import dev.cardtable.watching.StreamTickets;
import dev.cardtable.platform.game.view.GameRecord;
import dev.cardtable.records.RecordImport;
import dev.cardtable.platform.game.view.GameView;
import dev.cardtable.hints.HintView;
import dev.cardtable.platform.game.view.LogPage;
import dev.cardtable.platform.game.view.Position;
import dev.cardtable.platform.game.view.StreamTicket;
import dev.cardtable.platform.game.view.Timeline;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
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
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Games: create, take seats, read, move, hint, replay and export ({@code docs/api.md}, "Resources").
 * Thin: maps requests to the service's commands, picks the status and sets {@link ETags entity tags}.
 */
@Path("/api")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "games")
public class GameResource {

    @Inject
    GameCreation creation;

    /** The one content type of every JSON response ({@code docs/api.md}, "Conventions"). */
    static final MediaType JSON_UTF8 = MediaType.APPLICATION_JSON_TYPE.withCharset("UTF-8");

    @Inject
    Rematches rematches;

    @Inject
    GameReads reads;

    @Inject
    MoveService moves;

    @Inject
    RecordImport imports;

    @Inject
    HintService hints;

    @Inject
    GameCatalog catalog;

    @Inject
    StreamTickets tickets;

    @Inject
    ObjectMapper mapper;

    @GET
    @Path("/game-types")
    @Operation(summary = "The games offered: type, seat count, rulesets (default marked), options, AI levels")
    public List<GameInfo> gameTypes() {
        return catalog.types();
    }

    @POST
    @Path("/games")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create a game; the response carries each human seat's token, shown once")
    @APIResponse(responseCode = "201", description = "Created",
            content = @Content(schema = @Schema(ref = "Game")))
    public Response create(CreateGameRequest request,
                           @Parameter(description = "A registered player's key: the seat with its name is verified")
                           @HeaderParam(Players.HEADER) String playerKey) {
        return created(creation.create(request == null ? null : request.toCommand(), playerKey));
    }

    @POST
    @Path("/games/import")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create a game from a record, replaying and checking every move")
    @RequestBody(content = @Content(schema = @Schema(ref = "Record")))
    @APIResponse(responseCode = "201", description = "Imported",
            content = @Content(schema = @Schema(ref = "Game")))
    public Response importRecord(GameRecord record) {
        return created(imports.importRecord(record));
    }

    @GET
    @Path("/games/import")
    @Operation(hidden = true)
    public Response importIsPostOnly() {
        return Response.fromResponse(ProblemMapper.problem(Failure.METHOD_NOT_ALLOWED,
                "import takes POST with a record", Map.of(), null)).header("Allow", "POST").build();
    }

    @GET
    @Path("/games/{id}")
    @Operation(summary = "The game as the caller may see it; ETag is its version")
    @APIResponse(responseCode = "200", description = "The game",
            content = @Content(schema = @Schema(ref = "Game")))
    @APIResponse(responseCode = "304", description = "Not modified since the If-None-Match tag")
    public Response get(@PathParam("id") String id,
                        @Parameter(description = "Bearer <seat token>; none for a spectator")
                        @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                        @HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch) {
        // The view is built either way: that also refuses a bad token before answering 304.
        GameView game = reads.game(parseId(id), credential(authorization));
        String etag = ETags.of(game);
        if (ETags.matches(ifNoneMatch, etag)) {
            return Response.notModified().tag(ETags.entityTag(etag)).header("Vary", "Authorization").build();
        }
        return Response.ok(game).header(HttpHeaders.ETAG, etag).header("Vary", "Authorization").build();
    }

    @POST
    @Path("/games/{id}/seats/{seat}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Take an open seat; the response carries the seat's token, shown once")
    @APIResponse(responseCode = "200", description = "The game as the new seat sees it, with its credentials",
            content = @Content(schema = @Schema(ref = "Game")))
    public Response takeSeat(@PathParam("id") String id, @PathParam("seat") String seat, TakeSeatRequest request,
                             @Parameter(description = "A registered player's key: the seat is verified")
                             @HeaderParam(Players.HEADER) String playerKey) {
        GameView game = creation.takeSeat(parseId(id), parseInt(seat, "seat"), request == null ? null : request.name(),
                playerKey);
        return Response.ok(game).header(HttpHeaders.ETAG, ETags.of(game)).build();
    }

    @POST
    @Path("/games/{id}/moves")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Submit a move for the caller's seat; computer seats reply before the response")
    @RequestBody(content = @Content(schema = @Schema(ref = "Move")))
    @APIResponse(responseCode = "200", description = "The game after the move, with 'applied'",
            content = @Content(schema = @Schema(ref = "Game")))
    public Response move(@PathParam("id") String id,
                         @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                         @Parameter(description = "Apply only at this version, e.g. \"7\"")
                         @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
                         @Parameter(description = "A retry with the same key and body returns the first response")
                         @HeaderParam(MoveHeaders.IDEMPOTENCY_KEY) String idempotencyKey,
                         @Context HttpHeaders headers,
                         Map<String, Object> move) {
        MoveOutcome outcome = moves.move(new MoveRequest(parseId(id), credential(authorization), move,
                MoveHeaders.expected(ifMatch, headers), MoveHeaders.idempotencyKey(idempotencyKey, headers)));
        // The body is JSON text (a stored idempotent response is sent as it was): say its type as
        // every other JSON response does.
        Response.ResponseBuilder r = Response.ok(outcome.body(), JSON_UTF8);
        if (outcome.replayed()) {
            r.header("Idempotent-Replayed", "true").header(HttpHeaders.ETAG, ETags.ofStored(mapper, outcome.body()));
        } else {
            r.header(HttpHeaders.ETAG, ETags.of(outcome.game()));
        }
        return r.build();
    }

    @POST
    @Path("/games/{id}/cancel")
    @Operation(summary = "Cancel a game waiting for players (a seat token of the game); it ends aborted")
    @APIResponse(responseCode = "200", description = "The cancelled game",
            content = @Content(schema = @Schema(ref = "Game")))
    public Response cancel(@PathParam("id") String id, @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization) {
        GameView game = creation.cancel(parseId(id), credential(authorization));
        return Response.ok(game).header(HttpHeaders.ETAG, ETags.of(game)).build();
    }

    @POST
    @Path("/games/{id}/rematch")
    @Operation(summary = "From a finished game, a new game with the same players in swapped seats; the other players accept with the same call")
    @APIResponse(responseCode = "201", description = "The rematch, created, with the caller's seat token",
            content = @Content(schema = @Schema(ref = "Game")))
    @APIResponse(responseCode = "200", description = "The rematch, accepted: the caller sits in the seat it kept, with a new seat token",
            content = @Content(schema = @Schema(ref = "Game")))
    public Response rematch(@PathParam("id") String id, @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization) {
        Rematches.Rematch r = rematches.rematch(parseId(id), credential(authorization));
        return r.created() ? created(r.game())
                : Response.ok(r.game()).header(HttpHeaders.ETAG, ETags.of(r.game())).build();
    }

    @GET
    @Path("/games/{id}/moves")
    @Operation(summary = "The move log, as the caller may see it")
    @APIResponse(responseCode = "200", description = "A page of the log", content = @Content(schema = @Schema(ref = "LogPage")))
    public LogPage log(@PathParam("id") String id,
                          @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                          @Parameter(description = "The seq of the last entry already seen (default: from the first)")
                          @QueryParam("cursor") String cursor,
                          @QueryParam("limit") @DefaultValue("100") String limit) {
        return reads.log(parseId(id), credential(authorization), cursor, parseInt(limit, "limit"));
    }

    @GET
    @Path("/games/{id}/states/{n}")
    @Operation(summary = "The game as it stood after move n (0 = the deal), as the caller may see it")
    @APIResponse(responseCode = "200", description = "The position", content = @Content(schema = @Schema(ref = "Position")))
    public Position state(@PathParam("id") String id, @PathParam("n") String n,
                               @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization) {
        return reads.position(parseId(id), credential(authorization), parseInt(n, "n"));
    }

    @GET
    @Path("/games/{id}/timeline")
    @Operation(summary = "Every position from the deal to the last move, with the move that led to each, as the caller may see them")
    @APIResponse(responseCode = "200", description = "The timeline", content = @Content(schema = @Schema(ref = "Timeline")))
    public Timeline timeline(@PathParam("id") String id,
                                         @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization) {
        return reads.timeline(parseId(id), credential(authorization));
    }

    @POST
    @Path("/games/{id}/stream-tickets")
    @Operation(summary = "A short-lived ticket that opens the caller's seat's event stream, for EventSource")
    @APIResponse(responseCode = "201", description = "The ticket", content = @Content(schema = @Schema(ref = "StreamTicket")))
    public Response streamTicket(@PathParam("id") String id,
                                 @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization) {
        StreamTicket t = tickets.issue(parseId(id), credential(authorization));
        return Response.status(Response.Status.CREATED).entity(t).build();
    }

    @GET
    @Path("/games/{id}/hint")
    @Operation(summary = "A recommended move for the caller's Scoundrel seat, computed from that seat's view only")
    @APIResponse(responseCode = "200", description = "The hint",
            content = @Content(schema = @Schema(implementation = HintView.class)))
    public HintView hint(@PathParam("id") String id,
                         @Parameter(description = "Bearer <seat token>; required")
                         @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization) {
        return hints.hint(parseId(id), credential(authorization));
    }

    @GET
    @Path("/games/{id}/record")
    @Operation(summary = "Portable record; the seed (or custom deal) once the game is over")
    @APIResponse(responseCode = "200", description = "The record", content = @Content(schema = @Schema(ref = "Record")))
    public GameRecord record(@PathParam("id") String id) {
        return reads.record(parseId(id));
    }

    private static Response created(GameView game) {
        return Response.created(URI.create("/api/games/" + game.id()))
                .header(HttpHeaders.ETAG, ETags.of(game)).entity(game).build();
    }

    /** A game id; a malformed one names no game, so it is a 404 like an unknown one. */
    public static UUID parseId(String id) {
        try {
            return UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw GameException.gameNotFound();
        }
    }

    public static int parseInt(String value, String name) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            boolean digits = value != null && value.matches("[+-]?[0-9]+");
            throw new GameException(Failure.MALFORMED_REQUEST, "'" + name + "' must be an integer"
                    + (digits ? " from " + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE : ""));
        }
    }
}
