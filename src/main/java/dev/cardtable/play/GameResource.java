package dev.cardtable.play;

import dev.cardtable.platform.http.SeatCredentials;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardtable.platform.game.GameCatalog;
import dev.cardtable.platform.game.RegisteredPlayers;
import dev.cardtable.platform.game.view.GameView;
import dev.cardtable.platform.game.view.LogPage;
import dev.cardtable.platform.game.view.Position;
import dev.cardtable.platform.game.view.Timeline;
import dev.cardtable.platform.http.ETags;
import dev.cardtable.platform.http.GameResponses;
import dev.cardtable.platform.http.Params;
import dev.cardtable.ratings.LevelRatings;
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
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirements;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;


/**
 * Games: create, take seats, read, move, hint, replay and export ({@code docs/api.md}, "Resources").
 * Thin: maps requests to the service's commands, picks the status and sets {@link ETags entity tags}.
 */
@Path("/api")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "games")
public class GameResource {

    @Inject
    SeatCredentials seatCredentials;

    @Inject
    LevelRatings levelRatings;


    @Inject
    GameCreation creation;

    @Inject
    OpenSeats openSeats;

    /** The one content type of every JSON response ({@code docs/api.md}, "Conventions"). */
    static final MediaType JSON_UTF8 = MediaType.APPLICATION_JSON_TYPE.withCharset("UTF-8");

    @Inject
    GameReads reads;

    @Inject
    MoveService moves;

    @Inject
    GameCatalog catalog;

    @Inject
    ObjectMapper mapper;

    @GET
    @Path("/game-types")
    @Operation(operationId = "listGameTypes", summary = "List the game types offered",
            description = "Every game this server offers: its type, seat count, rulesets (the default marked), "
                    + "options with their defaults, computer opponent levels and optional features "
                    + "(docs/api.md, \"Resources\").")
    @SecurityRequirements
    public List<GameTypeInfo> gameTypes() {
        return catalog.types().stream().map(t -> {
            Map<String, Long> ratings = new LinkedHashMap<>();
            for (String level : t.aiLevels()) {
                levelRatings.rating(level).ifPresent(r -> ratings.put(level, Math.round(r)));
            }
            return new GameTypeInfo(t.type(), t.seats(), t.rulesets(), t.aiLevels(), ratings);
        }).toList();
    }

    @POST
    @Path("/games")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "createGame", summary = "Create a game",
            description = "Creates a game of a type and ruleset, dealt from a seed (the server's secret one when "
                    + "none is given), a custom deal or, for Scoundrel, a certified deal, with one entry per seat: "
                    + "a human name, a computer opponent or an open seat. The response carries each human seat's "
                    + "token in credentials, shown once. With a player key, the seat with its player's name is "
                    + "verified (docs/api.md, \"Players and keys\").")
    @SecurityRequirementsSet
    @SecurityRequirementsSet(@SecurityRequirement(name = "playerKey"))
    @APIResponse(responseCode = "201", description = "Created",
            content = @Content(schema = @Schema(ref = "Game")))
    public Response create(CreateGameRequest request,
                           @Parameter(description = "A registered player's key: the seat with its name is verified")
                           @HeaderParam(RegisteredPlayers.HEADER) String playerKey) {
        return GameResponses.created(creation.create(request == null ? null : request.toCommand(), playerKey));
    }

    @GET
    @Path("/games/{id}")
    @Operation(operationId = "getGame", summary = "Get a game as the caller may see it",
            description = "The game as its seat sees it (with that seat's token) or as a spectator does (without): "
                    + "hidden information removed by the game's view. The ETag is its version; If-None-Match "
                    + "answers 304 while it has not changed.")
    @SecurityRequirementsSet
    @SecurityRequirementsSet(@SecurityRequirement(name = "seatToken"))
    @SecurityRequirementsSet(@SecurityRequirement(name = "playerKey"))
    @APIResponse(responseCode = "200", description = "The game",
            content = @Content(schema = @Schema(ref = "Game")))
    @APIResponse(responseCode = "304", description = "Not modified since the If-None-Match tag")
    public Response get(@PathParam("id") String id,
                        @Parameter(description = "Bearer <seat token>; none for a spectator")
                        @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
            @Parameter(description = "A registered player\'s key: opens the seat its player holds verified, when no Authorization is sent")
            @HeaderParam(RegisteredPlayers.HEADER) String playerKey,
                        @HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch) {
        // The view is built either way: that also refuses a bad token before answering 304.
        GameView game = reads.game(Params.gameId(id), seatCredentials.of(authorization, playerKey));
        String etag = ETags.of(game);
        if (ETags.matches(ifNoneMatch, etag)) {
            return Response.notModified().tag(ETags.entityTag(etag)).build();
        }
        return Response.ok(game).header(HttpHeaders.ETAG, etag).build();
    }

    @POST
    @Path("/games/{id}/seats/{seat}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "takeSeat", summary = "Take an open seat",
            description = "Seats a named player in an open seat of a game waiting for players; the game starts "
                    + "when its last open seat is taken. The response carries the new seat's token, shown once. "
                    + "With a player key the seat is verified; a registered name needs its key.")
    @SecurityRequirementsSet
    @SecurityRequirementsSet(@SecurityRequirement(name = "playerKey"))
    @APIResponse(responseCode = "200", description = "The game as the new seat sees it, with its credentials",
            content = @Content(schema = @Schema(ref = "Game")))
    public Response takeSeat(@PathParam("id") String id, @PathParam("seat") String seat, TakeSeatRequest request,
                             @Parameter(description = "A registered player's key: the seat is verified")
                             @HeaderParam(RegisteredPlayers.HEADER) String playerKey) {
        GameView game = openSeats.takeSeat(Params.gameId(id), Params.integer(seat, "seat"), request == null ? null : request.name(),
                playerKey);
        return GameResponses.ok(game);
    }

    @POST
    @Path("/games/{id}/moves")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "submitMove", summary = "Submit a move for the caller's seat",
            description = "Applies one move of the caller's seat (one of legalMoves); computer seats reply before "
                    + "the response, which is the game after them, with 'applied'. If-Match applies it only at "
                    + "that version; a retry with the same Idempotency-Key and body returns the first response "
                    + "(docs/api.md, \"Submitting a move\").")
    @SecurityRequirementsSet(@SecurityRequirement(name = "seatToken"))
    @SecurityRequirementsSet(@SecurityRequirement(name = "playerKey"))
    @RequestBody(content = @Content(schema = @Schema(ref = "Move")))
    @APIResponse(responseCode = "200", description = "The game after the move, with 'applied'",
            content = @Content(schema = @Schema(ref = "Game")))
    public Response move(@PathParam("id") String id,
                         @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
            @Parameter(description = "A registered player\'s key: opens the seat its player holds verified, when no Authorization is sent")
            @HeaderParam(RegisteredPlayers.HEADER) String playerKey,
                         @Parameter(description = "Apply only at this version, e.g. \"7\"")
                         @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
                         @Parameter(description = "A retry with the same key and body returns the first response")
                         @HeaderParam(MoveHeaders.IDEMPOTENCY_KEY) String idempotencyKey,
                         @Context HttpHeaders headers,
                         Map<String, Object> move) {
        MoveOutcome outcome = moves.move(new MoveRequest(Params.gameId(id), seatCredentials.of(authorization, playerKey), move,
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
    @Operation(operationId = "cancelGame", summary = "Cancel a game waiting for players",
            description = "Ends a game that is still waiting for players as aborted; any seat token of the game "
                    + "may cancel it.")
    @SecurityRequirementsSet(@SecurityRequirement(name = "seatToken"))
    @SecurityRequirementsSet(@SecurityRequirement(name = "playerKey"))
    @APIResponse(responseCode = "200", description = "The cancelled game",
            content = @Content(schema = @Schema(ref = "Game")))
    public Response cancel(@PathParam("id") String id, @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
            @Parameter(description = "A registered player\'s key: opens the seat its player holds verified, when no Authorization is sent")
            @HeaderParam(RegisteredPlayers.HEADER) String playerKey) {
        GameView game = openSeats.cancel(Params.gameId(id), seatCredentials.of(authorization, playerKey));
        return GameResponses.ok(game);
    }

    @GET
    @Path("/games/{id}/moves")
    @Operation(operationId = "listMoves", summary = "List a game's moves",
            description = "A page of the move log, oldest first, each entry projected for the caller as the game "
                    + "is; cursor is the seq of the last entry already seen.")
    @SecurityRequirementsSet
    @SecurityRequirementsSet(@SecurityRequirement(name = "seatToken"))
    @SecurityRequirementsSet(@SecurityRequirement(name = "playerKey"))
    @APIResponse(responseCode = "200", description = "A page of the log", content = @Content(schema = @Schema(ref = "LogPage")))
    public LogPage log(@PathParam("id") String id,
                          @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
            @Parameter(description = "A registered player\'s key: opens the seat its player holds verified, when no Authorization is sent")
            @HeaderParam(RegisteredPlayers.HEADER) String playerKey,
                          @Parameter(description = "The seq of the last entry already seen (default: from the first)")
                          @QueryParam("cursor") String cursor,
                          @QueryParam("limit") @DefaultValue("100") String limit) {
        return reads.log(Params.gameId(id), seatCredentials.of(authorization, playerKey), cursor, Params.integer(limit, "limit"));
    }

    @GET
    @Path("/games/{id}/states/{n}")
    @Operation(operationId = "getPosition", summary = "Get a past position of a game",
            description = "The game as it stood after move n (0 = the deal), projected for the caller as a live "
                    + "view then would have been; everything is revealed once the game is over.")
    @SecurityRequirementsSet
    @SecurityRequirementsSet(@SecurityRequirement(name = "seatToken"))
    @SecurityRequirementsSet(@SecurityRequirement(name = "playerKey"))
    @APIResponse(responseCode = "200", description = "The position", content = @Content(schema = @Schema(ref = "Position")))
    public Position state(@PathParam("id") String id, @PathParam("n") String n,
                               @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
            @Parameter(description = "A registered player\'s key: opens the seat its player holds verified, when no Authorization is sent")
            @HeaderParam(RegisteredPlayers.HEADER) String playerKey) {
        return reads.position(Params.gameId(id), seatCredentials.of(authorization, playerKey), Params.moveNumber(n, "n"));
    }

    @GET
    @Path("/games/{id}/timeline")
    @Operation(operationId = "getTimeline", summary = "Get a game's timeline",
            description = "Every position from the deal to the last move, each with the move that led to it, "
                    + "projected for the caller: a replay in one request.")
    @SecurityRequirementsSet
    @SecurityRequirementsSet(@SecurityRequirement(name = "seatToken"))
    @SecurityRequirementsSet(@SecurityRequirement(name = "playerKey"))
    @APIResponse(responseCode = "200", description = "The timeline", content = @Content(schema = @Schema(ref = "Timeline")))
    public Timeline timeline(@PathParam("id") String id,
                                         @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
            @Parameter(description = "A registered player\'s key: opens the seat its player holds verified, when no Authorization is sent")
            @HeaderParam(RegisteredPlayers.HEADER) String playerKey) {
        return reads.timeline(Params.gameId(id), seatCredentials.of(authorization, playerKey));
    }

}
