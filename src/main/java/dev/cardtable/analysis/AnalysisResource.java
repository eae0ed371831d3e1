package dev.cardtable.analysis;


import dev.cardtable.platform.http.Params;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirements;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code GET /api/games/{id}/analysis}: the post-game analysis of a finished Scoundrel game
 * ({@code docs/api.md}, "Post-game analysis"), computed once by the full-information solver and
 * stored.
 */
@Path("/api")
@Tag(name = "games")
@Produces(MediaType.APPLICATION_JSON)
public class AnalysisResource {

    @Inject
    AnalysisService analyses;

    @GET
    @Path("/games/{id}/analysis")
    @Operation(operationId = "getAnalysis", summary = "Get the post-game analysis of a Scoundrel game",
            description = "Every position of a finished Scoundrel game judged by the full-information solver: "
                    + "whether it was still winnable, the best score reachable, and the turning points "
                    + "(docs/api.md, \"Post-game analysis (Scoundrel)\").")
    @SecurityRequirements
    @APIResponse(responseCode = "200", description = "The analysis",
            content = @Content(schema = @Schema(ref = "AnalysisView")))
    public AnalysisView analysis(@PathParam("id") String id) {
        return analyses.analysis(Params.gameId(id));
    }
}
