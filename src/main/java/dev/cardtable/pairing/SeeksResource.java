package dev.cardtable.pairing;

import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.game.RegisteredPlayers;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
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
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.net.URI;
import java.util.UUID;

/**
 * Quick pairing ({@code docs/api.md}, "Quick pairing"): a registered player asks for any opponent
 * near its strength; the server pairs compatible seeks within about a second.
 */
@Path("/api")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "pairing")
public class SeeksResource {

    @Inject
    Seeks seeks;

    @POST
    @Path("/seeks")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "createSeek", summary = "Seek an opponent",
            description = "Asks for a game of a two-player type with any registered player whose rating fits: "
                    + "ruleset, clock, rated and an optional rating range. The server pairs it within about a second "
                    + "when it can; the player's event stream tells gameStart (docs/api.md, \"Quick pairing\").")
    @SecurityRequirement(name = "playerKey")
    @APIResponse(responseCode = "201", description = "The open seek", content = @Content(schema = @Schema(ref = "Seek")))
    public Response create(SeekRequest request,
                           @Parameter(description = "The player's key", required = true)
                           @HeaderParam(RegisteredPlayers.HEADER) String key) {
        SeekView s = seeks.create(key, request);
        return Response.created(URI.create("/api/seeks/" + s.id())).entity(s).build();
    }

    @GET
    @Path("/seeks")
    @Operation(operationId = "listSeeks", summary = "List a player's open seeks",
            description = "The player's open seeks, oldest first; reading them keeps them open.")
    @SecurityRequirement(name = "playerKey")
    @APIResponse(responseCode = "200", description = "The seeks", content = @Content(schema = @Schema(ref = "SeekList")))
    public SeekList list(@Parameter(description = "The player's key", required = true)
                         @HeaderParam(RegisteredPlayers.HEADER) String key) {
        return seeks.list(key);
    }

    @GET
    @Path("/seeks/{id}")
    @Operation(operationId = "getSeek", summary = "Get a seek",
            description = "One of the player's seeks in any status: once paired, gameId names its game.")
    @SecurityRequirement(name = "playerKey")
    @APIResponse(responseCode = "200", description = "The seek", content = @Content(schema = @Schema(ref = "Seek")))
    public SeekView get(@PathParam("id") String id,
                        @Parameter(description = "The player's key", required = true)
                        @HeaderParam(RegisteredPlayers.HEADER) String key) {
        return seeks.get(seekId(id), key);
    }

    @DELETE
    @Path("/seeks/{id}")
    @Operation(operationId = "cancelSeek", summary = "Cancel a seek", description = "Ends an open seek unpaired.")
    @SecurityRequirement(name = "playerKey")
    @APIResponse(responseCode = "200", description = "The cancelled seek", content = @Content(schema = @Schema(ref = "Seek")))
    public SeekView cancel(@PathParam("id") String id,
                           @Parameter(description = "The player's key", required = true)
                           @HeaderParam(RegisteredPlayers.HEADER) String key) {
        return seeks.cancel(seekId(id), key);
    }

    private static UUID seekId(String id) {
        try {
            return UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw new GameException(Failure.SEEK_NOT_FOUND, "no seek with this id was made by this player");
        }
    }
}
