package dev.cardtable.hints;

import dev.cardtable.platform.http.SeatCredentials;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import dev.cardtable.platform.game.RegisteredPlayers;
import dev.cardtable.platform.http.Params;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** {@code GET /api/games/{id}/hint} ({@code docs/api.md}, "Hints"): thin, over {@link HintService}. */
@Path("/api")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "games")
public class HintResource {

    @Inject
    SeatCredentials seatCredentials;

    @Inject
    HintService hints;

    @GET
    @Path("/games/{id}/hint")
    @Operation(operationId = "getHint", summary = "Get a hint for the caller's Scoundrel seat",
            description = "A recommended move for the caller's seat of a running Scoundrel game, computed from what "
                    + "that seat sees only, never from the hidden dungeon order (docs/api.md, \"Hints (Scoundrel)\").")
    @SecurityRequirementsSet(@SecurityRequirement(name = "seatToken"))
    @SecurityRequirementsSet(@SecurityRequirement(name = "playerKey"))
    @APIResponse(responseCode = "200", description = "The hint",
            content = @Content(schema = @Schema(implementation = HintView.class)))
    public HintView hint(@PathParam("id") String id,
                         @Parameter(description = "Bearer <seat token>; required")
                         @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
            @Parameter(description = "A registered player\'s key: opens the seat its player holds verified, when no Authorization is sent")
            @HeaderParam(RegisteredPlayers.HEADER) String playerKey) {
        return hints.hint(Params.gameId(id), seatCredentials.of(authorization, playerKey));
    }
}
