package dev.cardtable.lobby;

import dev.cardtable.platform.http.SeatCredentials;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import dev.cardtable.platform.game.RegisteredPlayers;
import dev.cardtable.platform.http.GameResponses;
import dev.cardtable.platform.http.Params;
import jakarta.inject.Inject;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** {@code POST /api/games/{id}/rematch} ({@code docs/api.md}, "Rematches"): thin, over {@link Rematches}. */
@Path("/api")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "games")
public class RematchResource {

    @Inject
    SeatCredentials seatCredentials;

    @Inject
    Rematches rematches;

    @POST
    @Path("/games/{id}/rematch")
    @Operation(operationId = "offerRematch", summary = "Offer or accept a rematch of a finished game",
            description = "From a finished game, a new game with the same players in swapped seats: the first "
                    + "seat to ask creates it (201) with its own seat taken and the others kept for their "
                    + "players, who accept with the same call (200) (docs/api.md, \"Rematch\").")
    @SecurityRequirementsSet(@SecurityRequirement(name = "seatToken"))
    @SecurityRequirementsSet(@SecurityRequirement(name = "playerKey"))
    @APIResponse(responseCode = "201", description = "The rematch, created, with the caller's seat token",
            content = @Content(schema = @Schema(ref = "Game")))
    @APIResponse(responseCode = "200", description = "The rematch, accepted: the caller sits in the seat it kept, with a new seat token",
            content = @Content(schema = @Schema(ref = "Game")))
    public Response rematch(@PathParam("id") String id, @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
            @Parameter(description = "A registered player\'s key: opens the seat its player holds verified, when no Authorization is sent")
            @HeaderParam(RegisteredPlayers.HEADER) String playerKey) {
        Rematches.Rematch r = rematches.rematch(Params.gameId(id), seatCredentials.of(authorization, playerKey));
        return r.created() ? GameResponses.created(r.game()) : GameResponses.ok(r.game());
    }
}
