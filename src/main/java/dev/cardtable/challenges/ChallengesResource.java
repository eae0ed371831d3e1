package dev.cardtable.challenges;

import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.game.RegisteredPlayers;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.net.URI;
import java.util.UUID;

/**
 * Challenges between registered players ({@code docs/api.md}, "Challenges"). Every operation speaks
 * for the player whose key ({@code X-Player-Key}) it sends.
 */
@Path("/api")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "challenges")
public class ChallengesResource {

    @Inject
    Challenges challenges;

    @Inject
    ChallengeQueries queries;

    @POST
    @Path("/challenges")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "createChallenge", summary = "Challenge a registered player",
            description = "Asks another registered player for a game of a two-player type: ruleset, options, clock, "
                    + "rated, and optionally the challenger's seat. It stays pending until accepted, declined, "
                    + "cancelled or expired (docs/api.md, \"Challenges\").")
    @SecurityRequirement(name = "playerKey")
    @APIResponse(responseCode = "201", description = "The pending challenge",
            content = @Content(schema = @Schema(ref = "Challenge")))
    public Response create(ChallengeRequest request,
                           @Parameter(description = "The challenger's player key", required = true)
                           @HeaderParam(RegisteredPlayers.HEADER) String key) {
        ChallengeView c = challenges.create(key, request);
        return Response.created(URI.create("/api/challenges/" + c.id())).entity(c).build();
    }

    @GET
    @Path("/challenges")
    @Operation(operationId = "listChallenges", summary = "List a player's pending challenges",
            description = "The pending challenges made to the player (in) and by it (out), oldest first.")
    @SecurityRequirement(name = "playerKey")
    @APIResponse(responseCode = "200", description = "The challenges",
            content = @Content(schema = @Schema(ref = "ChallengeList")))
    public ChallengeList list(@Parameter(description = "The player's key", required = true)
                              @HeaderParam(RegisteredPlayers.HEADER) String key) {
        return queries.list(key);
    }

    @GET
    @Path("/challenges/{id}")
    @Operation(operationId = "getChallenge", summary = "Get a challenge",
            description = "A challenge made by or to the player, in any status.")
    @SecurityRequirement(name = "playerKey")
    @APIResponse(responseCode = "200", description = "The challenge",
            content = @Content(schema = @Schema(ref = "Challenge")))
    public ChallengeView get(@PathParam("id") String id,
                             @Parameter(description = "The key of one of its players", required = true)
                             @HeaderParam(RegisteredPlayers.HEADER) String key) {
        return queries.get(challengeId(id), key);
    }

    @POST
    @Path("/challenges/{id}/accept")
    @Operation(operationId = "acceptChallenge", summary = "Accept a challenge",
            description = "As the challenged player: creates the game with both seats verified and starts it. "
                    + "The answer is the game as the accepting seat sees it, with its token; each player's key "
                    + "opens its seat too.")
    @SecurityRequirement(name = "playerKey")
    @APIResponse(responseCode = "201", description = "The accepted challenge and its game",
            content = @Content(schema = @Schema(ref = "AcceptedChallenge")))
    public Response accept(@PathParam("id") String id,
                           @Parameter(description = "The challenged player's key", required = true)
                           @HeaderParam(RegisteredPlayers.HEADER) String key) {
        Accepted a = challenges.accept(challengeId(id), key);
        return Response.created(URI.create("/api/games/" + a.game().id())).entity(a).build();
    }

    @POST
    @Path("/challenges/{id}/decline")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "declineChallenge", summary = "Decline a challenge",
            description = "As the challenged player, with an optional reason: generic (the default), later, tooFast, "
                    + "tooSlow, timeControl, rated, casual, ruleset, noBot or onlyBot.")
    @SecurityRequirement(name = "playerKey")
    @APIResponse(responseCode = "200", description = "The declined challenge",
            content = @Content(schema = @Schema(ref = "Challenge")))
    public ChallengeView decline(@PathParam("id") String id,
                                 @Parameter(description = "The challenged player's key", required = true)
                                 @HeaderParam(RegisteredPlayers.HEADER) String key,
                                 @RequestBody(required = false, description = "The reason, optional: no body "
                                         + "declines for the generic reason")
                                 DeclineRequest request) {
        return challenges.decline(challengeId(id), key, request == null ? null : request.reason());
    }

    @POST
    @Path("/challenges/{id}/cancel")
    @Operation(operationId = "cancelChallenge", summary = "Cancel a challenge",
            description = "As the challenger, while it is pending.")
    @SecurityRequirement(name = "playerKey")
    @APIResponse(responseCode = "200", description = "The cancelled challenge",
            content = @Content(schema = @Schema(ref = "Challenge")))
    public ChallengeView cancel(@PathParam("id") String id,
                                @Parameter(description = "The challenger's key", required = true)
                                @HeaderParam(RegisteredPlayers.HEADER) String key) {
        return challenges.cancel(challengeId(id), key);
    }

    /** A challenge id; text that is no UUID names no challenge. */
    private static UUID challengeId(String id) {
        try {
            return UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw new GameException(Failure.CHALLENGE_NOT_FOUND, "no challenge has this id");
        }
    }
}
