package dev.cardtable.accounts;

import dev.cardtable.platform.GameException;
import dev.cardtable.platform.game.PlayerRow;
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

import java.util.UUID;

/**
 * Personal tokens ({@code docs/api.md}, "Tokens and OAuth"): a player makes scoped tokens for
 * scripts and bots, lists them and revokes them, with the player key or a signed-in session (no
 * token may do either). Rooted at {@code /api}, as every resource that shares a prefix with another.
 */
@Path("/api")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "accounts")
public class TokensResource {

    private static final String NEEDS = "this request needs a signed-in session (its cookie) or '"
            + RegisteredPlayers.HEADER + ": <player key>'";

    @Inject
    Tokens tokens;

    @Inject
    RegisteredPlayers players;

    @POST
    @Path("/account/tokens")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "createToken", summary = "Make a scoped token",
            description = "Makes a personal token with a description, scopes and an optional expiry (at most 366 days "
                    + "away). Its text is in this answer only: the server keeps its SHA-256. Send it as 'Authorization: "
                    + "Bearer <token>'; every operation checks its scope (docs/api.md, \"Tokens and OAuth\").")
    @SecurityRequirement(name = "playerKey")
    @APIResponse(responseCode = "201", description = "Made; the token's text is shown this once",
            content = @Content(schema = @Schema(ref = "IssuedToken")))
    public Response create(@Parameter(hidden = true) @HeaderParam(RegisteredPlayers.HEADER) String key,
                           TokenRequest request) {
        PlayerRow p = players.required(key, NEEDS);
        if (request == null) {
            throw GameException.malformed("a JSON body with 'description' and 'scopes' is required");
        }
        IssuedToken issued = tokens.issue(p.id(), request.description(), request.scopes(), request.expiresAt(), null);
        return Response.status(Response.Status.CREATED).entity(issued).build();
    }

    @GET
    @Path("/account/tokens")
    @Operation(operationId = "listTokens", summary = "List the player's tokens",
            description = "The player's tokens that have not expired, personal and OAuth alike, newest first: "
                    + "description, scopes, created, last used (to the minute) and expiry, never their text.")
    @SecurityRequirement(name = "playerKey")
    @APIResponse(responseCode = "200", description = "The tokens", content = @Content(schema = @Schema(ref = "TokenList")))
    public TokenList list(@Parameter(hidden = true) @HeaderParam(RegisteredPlayers.HEADER) String key) {
        return tokens.list(players.required(key, NEEDS));
    }

    @DELETE
    @Path("/account/tokens/{id}")
    @Operation(operationId = "revokeToken", summary = "Revoke a token",
            description = "Revokes one of the player's tokens; it stops working on every instance at once.")
    @SecurityRequirement(name = "playerKey")
    @APIResponse(responseCode = "204", description = "Revoked")
    public Response revoke(@Parameter(hidden = true) @HeaderParam(RegisteredPlayers.HEADER) String key,
                           @PathParam("id") String id) {
        PlayerRow p = players.required(key, NEEDS);
        UUID token;
        try {
            token = UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw new GameException(dev.cardtable.platform.Failure.TOKEN_NOT_FOUND, "the player has no token " + id);
        }
        tokens.revoke(p, token);
        return Response.noContent().build();
    }
}
