package dev.cardtable.accounts;

import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.game.PlayerSessions;
import dev.cardtable.platform.game.RegisteredPlayers;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
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

import java.util.UUID;

/**
 * Accounts ({@code docs/api.md}, "Accounts and sessions"): a registered player's password, signing
 * in and out, and its sessions. Every operation but signing in and out takes the player key or the
 * session cookie alike; a lost key is replaced, with a session, by {@code POST /api/players/{name}/key}.
 * Rooted at {@code /api}, as every resource that shares a prefix with another.
 */
@Path("/api")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "accounts")
public class AccountsResource {

    @Inject
    Accounts accounts;

    @GET
    @Path("/account")
    @Operation(operationId = "getAccount", summary = "Who the caller is signed in as",
            description = "The registered name that the session cookie (or the player key) stands for.")
    @SecurityRequirement(name = "playerKey")
    @APIResponse(responseCode = "200", description = "The account", content = @Content(schema = @Schema(ref = "Account")))
    public AccountView account(@Parameter(hidden = true) @HeaderParam(RegisteredPlayers.HEADER) String key) {
        return accounts.account(key);
    }

    @POST
    @Path("/account/password")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "setPassword", summary = "Set or change the password",
            description = "Sets the player's password (8 to 256 characters), hashed with Argon2id, and ends the player's "
                    + "other sessions. Signed in by a session, a password already set must be given as currentPassword.")
    @SecurityRequirement(name = "playerKey")
    @APIResponse(responseCode = "204", description = "Set")
    public Response setPassword(@Parameter(hidden = true) @HeaderParam(RegisteredPlayers.HEADER) String key,
                                PasswordRequest request) {
        accounts.setPassword(key, request);
        return Response.noContent().build();
    }

    @POST
    @Path("/sessions")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "signIn", summary = "Sign in with a password",
            description = "Signs a registered name in with its password: the session's token comes in an HttpOnly, "
                    + "SameSite=Lax cookie (Secure over TLS) and nowhere else. A wrong name, a name without a password and a "
                    + "wrong password all get 401 sign-in-failed; sign-ins are limited per address and per name.")
    @SecurityRequirements
    @APIResponse(responseCode = "201", description = "Signed in; the session cookie is set",
            content = @Content(schema = @Schema(ref = "SignedIn")))
    public Response signIn(SignInRequest request, @Context HttpServerRequest http,
                           @Parameter(hidden = true) @HeaderParam(HttpHeaders.USER_AGENT) String userAgent) {
        String address = http.remoteAddress() == null ? "unknown" : http.remoteAddress().hostAddress();
        Accounts.Opened opened = accounts.signIn(request, address, userAgent);
        return Response.status(Response.Status.CREATED).entity(opened.answer())
                .header(HttpHeaders.SET_COOKIE, cookie(opened.token(), opened.maxAgeSeconds(), http)).build();
    }

    @GET
    @Path("/sessions")
    @Operation(operationId = "listSessions", summary = "List the player's sessions",
            description = "The player's sessions that have not ended, newest first; the caller's own says current.")
    @SecurityRequirement(name = "playerKey")
    @APIResponse(responseCode = "200", description = "The sessions", content = @Content(schema = @Schema(ref = "SessionList")))
    public SessionList sessions(@Parameter(hidden = true) @HeaderParam(RegisteredPlayers.HEADER) String key) {
        return accounts.sessions(key);
    }

    @DELETE
    @Path("/sessions")
    @Operation(operationId = "endAllSessions", summary = "End every session of the player",
            description = "Ends all the player's sessions, the caller's own too, on every instance at once.")
    @SecurityRequirement(name = "playerKey")
    @APIResponse(responseCode = "204", description = "Ended")
    public Response endAll(@Parameter(hidden = true) @HeaderParam(RegisteredPlayers.HEADER) String key,
                           @Context HttpServerRequest http) {
        accounts.endAll(key);
        return clearing(http);
    }

    @DELETE
    @Path("/sessions/current")
    @Operation(operationId = "signOut", summary = "Sign out",
            description = "Ends the session of the caller's cookie, if it has one, and clears the cookie.")
    @SecurityRequirement(name = "session")
    @APIResponse(responseCode = "204", description = "Signed out")
    public Response signOut(@Parameter(hidden = true) @CookieParam(PlayerSessions.COOKIE) String token,
                            @Context HttpServerRequest http) {
        accounts.signOut(token);
        return clearing(http);
    }

    @DELETE
    @Path("/sessions/{id}")
    @Operation(operationId = "endSession", summary = "End one session of the player",
            description = "Ends the player's session {id}, on every instance at once.")
    @SecurityRequirement(name = "playerKey")
    @APIResponse(responseCode = "204", description = "Ended")
    public Response end(@PathParam("id") String id,
                        @Parameter(hidden = true) @HeaderParam(RegisteredPlayers.HEADER) String key) {
        UUID session;
        try {
            session = UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw new GameException(Failure.SESSION_NOT_FOUND, "this player has no session '" + id + "'");
        }
        accounts.end(key, session);
        return Response.noContent().build();
    }

    private static Response clearing(HttpServerRequest http) {
        return Response.noContent().header(HttpHeaders.SET_COOKIE, cookie("", 0, http)).build();
    }

    /** The session cookie: {@code HttpOnly}, {@code SameSite=Lax}, for {@code /api} only, {@code Secure} over TLS. */
    private static String cookie(String token, long maxAgeSeconds, HttpServerRequest http) {
        return PlayerSessions.COOKIE + "=" + token + "; Path=/api; Max-Age=" + maxAgeSeconds + "; HttpOnly; SameSite=Lax"
                + ("https".equalsIgnoreCase(http.scheme()) ? "; Secure" : "");
    }
}
