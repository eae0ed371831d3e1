package dev.cardtable.history;


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

/** The history of play and per-player statistics ({@code docs/api.md}, "Resources"). */
@Path("/api")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "history")
public class HistoryResource {

    @Inject
    HistoryService history;

    @GET
    @Path("/games")
    @Operation(operationId = "listGames", summary = "List the games played",
            description = "The history of play, newest first, cursor-paginated, filtered by type, status, "
                    + "player, the player's result, whether rated and creation time (docs/api.md, \"History\").")
    @SecurityRequirements
    @APIResponse(responseCode = "200", description = "A page of games", content = @Content(schema = @Schema(ref = "HistoryPage")))
    public HistoryPage list(@QueryParam("type") String type,
                            @Parameter(description = "waiting, active or finished") @QueryParam("status") String status,
                            @Parameter(description = "a player's name; for a registered name its verified seats only") @QueryParam("player") String player,
                            @Parameter(description = "won, lost or drawn: the player's outcome (any human seat's without player)")
                            @QueryParam("result") String result,
                            @Parameter(description = "true: rated games only; false: unrated games only")
                            @QueryParam("rated") String rated,
                            @Parameter(description = "RFC 3339 time, exclusive") @QueryParam("createdAfter") String createdAfter,
                            @Parameter(description = "RFC 3339 time, exclusive") @QueryParam("createdBefore") String createdBefore,
                            @Parameter(description = "1 to 100") @QueryParam("limit") @DefaultValue("20") String limit,
                            @Parameter(description = "nextCursor of the previous page") @QueryParam("cursor") String cursor) {
        return history.list(new HistoryService.Query(type, status, player, result, rated, createdAfter, createdBefore,
                Params.integer(limit, "limit"), cursor));
    }

    @GET
    @Path("/players/{name}/stats")
    @Operation(operationId = "getPlayerStats", summary = "Get a player's statistics",
            description = "Per game type: games played, won, lost, drawn and abandoned, best and mean score. For "
                    + "a registered name, only the seats its player took with its key (docs/api.md, "
                    + "\"Players and keys\").")
    @SecurityRequirements
    @APIResponse(responseCode = "200", description = "The player's statistics",
            content = @Content(schema = @Schema(ref = "PlayerStats")))
    public PlayerStats stats(@PathParam("name") String name) {
        return history.stats(name);
    }
}
