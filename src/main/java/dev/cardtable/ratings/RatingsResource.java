package dev.cardtable.ratings;

import dev.cardtable.platform.http.Params;
import jakarta.inject.Inject;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirements;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Ratings ({@code docs/ratings.md}, {@code docs/api.md}, "Ratings"): the published parameters,
 * a player's ratings and rating history, a perf's leaderboard. Rooted at {@code /api}, as every
 * resource sharing {@code /api/players/…} is.
 */
@Path("/api")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "ratings")
public class RatingsResource {

    @Inject
    Ratings ratings;

    @GET
    @Path("/ratings")
    @Operation(operationId = "getRatingParameters", summary = "Get the rating system's parameters",
            description = "Every parameter of the Glicko-2 ratings, the computer levels' ratings included "
                    + "(docs/ratings.md).")
    @SecurityRequirements
    @APIResponse(responseCode = "200", description = "The parameters",
            content = @Content(schema = @Schema(ref = "RatingParameters")))
    public RatingParameters parameters() {
        return ratings.parameters();
    }

    @GET
    @Path("/players/{name}/ratings")
    @Operation(operationId = "getPlayerRatings", summary = "Get a player's ratings",
            description = "A registered player's rating in each perf (game type and ruleset) it played a rated "
                    + "game of, with its rank among the perf's ranked players (docs/ratings.md).")
    @SecurityRequirements
    @APIResponse(responseCode = "200", description = "The player's ratings",
            content = @Content(schema = @Schema(ref = "PlayerRatings")))
    public PlayerRatings player(@PathParam("name") String name) {
        return ratings.of(name);
    }

    @GET
    @Path("/players/{name}/ratings/{gameType}/{ruleset}/history")
    @Operation(operationId = "getPlayerRatingHistory", summary = "Get a player's rating history",
            description = "A registered player's rating after each rated game of a perf, newest first, "
                    + "cursor-paginated (docs/ratings.md).")
    @SecurityRequirements
    @APIResponse(responseCode = "200", description = "A page of rating points",
            content = @Content(schema = @Schema(ref = "RatingHistory")))
    public RatingHistory history(@PathParam("name") String name, @PathParam("gameType") String gameType,
                                 @PathParam("ruleset") String ruleset,
                                 @Parameter(description = "1 to 100") @QueryParam("limit") @DefaultValue("20") String limit,
                                 @Parameter(description = "nextCursor of the previous page") @QueryParam("cursor") String cursor) {
        return ratings.history(name, gameType, ruleset, Params.integer(limit, "limit"), cursor);
    }

    @GET
    @Path("/ratings/{gameType}/{ruleset}/leaderboard")
    @Operation(operationId = "getLeaderboard", summary = "Get a perf's leaderboard",
            description = "The perf's ranked players, best first: not provisional, and played a rated game of it "
                    + "within leaderboardInactiveAfter; cursor-paginated (docs/ratings.md).")
    @SecurityRequirements
    @APIResponse(responseCode = "200", description = "A page of the leaderboard",
            content = @Content(schema = @Schema(ref = "Leaderboard")))
    public Leaderboard leaderboard(@PathParam("gameType") String gameType, @PathParam("ruleset") String ruleset,
                                   @Parameter(description = "1 to 100") @QueryParam("limit") @DefaultValue("20") String limit,
                                   @Parameter(description = "nextCursor of the previous page") @QueryParam("cursor") String cursor) {
        return ratings.leaderboard(gameType, ruleset, Params.integer(limit, "limit"), cursor);
    }
}
