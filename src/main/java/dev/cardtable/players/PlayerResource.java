package dev.cardtable.players;

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
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirements;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * Registered players and their keys ({@code docs/api.md}, "Players and keys"): register a name,
 * rotate or revoke its key. Statistics are in the history ({@code GET /api/players/{name}/stats}), streaks at the daily deal ({@code …/streaks}). Rooted at {@code /api}
 * like that resource, so that both share {@code /api/players/…}.
 */
@Path("/api")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "players")
public class PlayerResource {

    @Inject
    Players players;

    @POST
    @Path("/players")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "registerPlayer", summary = "Register a player name",
            description = "Registers a name (unique in any case) and answers its player key, shown once: send it "
                    + "as X-Player-Key to take verified seats (docs/api.md, \"Players and keys\").")
    @SecurityRequirements
    @APIResponse(responseCode = "201", description = "Registered", content = @Content(schema = @Schema(ref = "PlayerKey")))
    public Response register(RegisterRequest request) {
        PlayerKey key = players.register(request == null ? null : request.name());
        return Response.created(URI.create("/api/players/" + URLEncoder.encode(key.name(), StandardCharsets.UTF_8)
                + "/stats")).entity(key).build();
    }

    @POST
    @Path("/players/{name}/key")
    @Operation(operationId = "rotatePlayerKey", summary = "Rotate a player's key",
            description = "Replaces the player's key with a new one, shown once; the old key stops working, and so do "
                    + "the player's open event streams and the stream tickets taken with the old key.")
    @SecurityRequirement(name = "playerKey")
    @APIResponse(responseCode = "200", description = "The new key", content = @Content(schema = @Schema(ref = "PlayerKey")))
    public PlayerKey rotate(@PathParam("name") String name,
                            @Parameter(description = "The player's current key", required = true)
                            @HeaderParam(Players.HEADER) String key) {
        return players.rotate(name, key);
    }

    @DELETE
    @Path("/players/{name}/key")
    @Operation(operationId = "revokePlayerKey", summary = "Revoke a player's key",
            description = "Revokes the player's key and ends the registration: its pending challenges, open seeks, games "
                    + "waiting for an opponent and rematches waiting for it are cancelled, and its event streams close; the name "
                    + "may be registered again.")
    @SecurityRequirement(name = "playerKey")
    @APIResponse(responseCode = "204", description = "Revoked")
    public Response revoke(@PathParam("name") String name,
                           @Parameter(description = "The player's current key", required = true)
                           @HeaderParam(Players.HEADER) String key) {
        players.revoke(name, key);
        return Response.noContent().build();
    }
}
