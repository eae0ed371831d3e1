package dev.cardtable.daily;

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

/** {@code GET /api/players/{name}/streaks} ({@code docs/api.md}, "The daily deal"): thin, over {@link DailyStreaks}. */
@Path("/api")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "players")
public class StreaksResource {

    @Inject
    DailyStreaks streaks;

    @GET
    @Path("/players/{name}/streaks")
    @Operation(operationId = "getStreaks", summary = "Get a player's daily-deal streaks",
            description = "A registered player's runs of consecutive UTC days at the daily deal, played and won, "
                    + "per ruleset attempted (docs/api.md, \"The daily deal\").")
    @SecurityRequirements
    @APIResponse(responseCode = "200", description = "The streaks", content = @Content(schema = @Schema(ref = "Streaks")))
    public Streaks streaks(@PathParam("name") String name) {
        return streaks.streaks(name);
    }
}
