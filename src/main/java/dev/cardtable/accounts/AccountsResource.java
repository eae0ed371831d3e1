package dev.cardtable.accounts;

import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.game.PlayerSessions;
import dev.cardtable.platform.game.RegisteredPlayers;
import io.quarkus.security.webauthn.WebAuthnCredentialRecord;
import io.quarkus.security.webauthn.WebAuthnSecurity;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
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
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirements;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.time.Duration;
import java.util.Map;
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

    private static final Duration CEREMONY = Duration.ofSeconds(10);

    @Inject
    Accounts accounts;

    @Inject
    WebAuthnSecurity webAuthn;

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

    @POST
    @Path("/account/passkeys/challenge")
    @Operation(operationId = "passkeyRegistrationOptions", summary = "Start adding a passkey",
            description = "The options for the browser's navigator.credentials.create() (WebAuthn), with a fresh challenge "
                    + "kept in an encrypted cookie; send what the authenticator makes to POST /api/account/passkeys.")
    @SecurityRequirement(name = "playerKey")
    @APIResponse(responseCode = "200", description = "The creation options", content = @Content(schema = @Schema(ref = "PasskeyOptions")))
    public Response passkeyChallenge(@Parameter(hidden = true) @HeaderParam(RegisteredPlayers.HEADER) String key,
                                     @Context RoutingContext ctx) {
        AccountView p = accounts.account(key);
        var options = ceremony(() -> webAuthn.getRegisterChallenge(p.name(), p.name(), ctx), Failure.PASSKEY_REJECTED);
        return Response.ok(webAuthn.toJsonString(options), MediaType.APPLICATION_JSON).build();
    }

    @POST
    @Path("/account/passkeys")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "addPasskey", summary = "Add a passkey",
            description = "Verifies the credential the authenticator made for the challenge of POST "
                    + "/api/account/passkeys/challenge and adds it to the player: it then signs the player in with "
                    + "POST /api/sessions/passkey. A credential that does not verify is 422 passkey-rejected.")
    @SecurityRequirement(name = "playerKey")
    @APIResponse(responseCode = "201", description = "Added", content = @Content(schema = @Schema(ref = "Passkey")))
    public Response addPasskey(@Parameter(hidden = true) @HeaderParam(RegisteredPlayers.HEADER) String key,
                               @RequestBody(content = @Content(schema = @Schema(ref = "PasskeyCredential")))
                               Map<String, Object> credential, @Context RoutingContext ctx) {
        AccountView p = accounts.account(key);
        if (credential == null) {
            throw GameException.malformed("a JSON body with the authenticator's credential is required");
        }
        WebAuthnCredentialRecord record = ceremony(() -> webAuthn.register(p.name(), new JsonObject(credential), ctx),
                Failure.PASSKEY_REJECTED);
        return Response.status(Response.Status.CREATED).entity(accounts.addPasskey(key, record)).build();
    }

    @GET
    @Path("/account/passkeys")
    @Operation(operationId = "listPasskeys", summary = "List the player's passkeys",
            description = "The player's passkeys, newest first: their ids and when they were added.")
    @SecurityRequirement(name = "playerKey")
    @APIResponse(responseCode = "200", description = "The passkeys", content = @Content(schema = @Schema(ref = "PasskeyList")))
    public PasskeyList passkeys(@Parameter(hidden = true) @HeaderParam(RegisteredPlayers.HEADER) String key) {
        return accounts.passkeys(key);
    }

    @DELETE
    @Path("/account/passkeys/{id}")
    @Operation(operationId = "removePasskey", summary = "Remove a passkey",
            description = "Removes the player's passkey {id}: it signs no one in any more.")
    @SecurityRequirement(name = "playerKey")
    @APIResponse(responseCode = "204", description = "Removed")
    public Response removePasskey(@PathParam("id") String id,
                                  @Parameter(hidden = true) @HeaderParam(RegisteredPlayers.HEADER) String key) {
        accounts.removePasskey(key, id);
        return Response.noContent().build();
    }

    @POST
    @Path("/sessions/passkey/challenge")
    @Operation(operationId = "passkeySignInOptions", summary = "Start signing in with a passkey",
            description = "The options for the browser's navigator.credentials.get() (WebAuthn), with a fresh challenge kept "
                    + "in an encrypted cookie. They name no account: the authenticator offers the passkeys it holds for "
                    + "this site, so nothing tells whether a name has passkeys.")
    @SecurityRequirements
    @APIResponse(responseCode = "200", description = "The request options", content = @Content(schema = @Schema(ref = "PasskeyOptions")))
    public Response passkeySignInChallenge(@Context RoutingContext ctx) {
        var options = ceremony(() -> webAuthn.getLoginChallenge(null, ctx), Failure.SIGN_IN_FAILED);
        return Response.ok(webAuthn.toJsonString(options), MediaType.APPLICATION_JSON).build();
    }

    @POST
    @Path("/sessions/passkey")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "signInWithPasskey", summary = "Sign in with a passkey",
            description = "Verifies the authenticator's assertion for the challenge of POST /api/sessions/passkey/challenge and "
                    + "signs its player in, as POST /api/sessions does with a password: the session is in an HttpOnly, "
                    + "SameSite=Lax cookie. An assertion that does not verify is 401 sign-in-failed.")
    @SecurityRequirements
    @APIResponse(responseCode = "201", description = "Signed in; the session cookie is set",
            content = @Content(schema = @Schema(ref = "SignedIn")))
    public Response signInWithPasskey(@RequestBody(content = @Content(schema = @Schema(ref = "PasskeyCredential")))
                                      Map<String, Object> assertion, @Context RoutingContext ctx,
                                      @Parameter(hidden = true) @HeaderParam(HttpHeaders.USER_AGENT) String userAgent) {
        HttpServerRequest http = ctx.request();
        accounts.passkeyTry(http.remoteAddress() == null ? "unknown" : http.remoteAddress().hostAddress());
        if (assertion == null) {
            throw GameException.malformed("a JSON body with the authenticator's assertion is required");
        }
        WebAuthnCredentialRecord record = ceremony(() -> webAuthn.login(new JsonObject(assertion), ctx), Failure.SIGN_IN_FAILED);
        Accounts.Opened opened = accounts.signIn(record, userAgent);
        return Response.status(Response.Status.CREATED).entity(opened.answer())
                .header(HttpHeaders.SET_COOKIE, cookie(opened.token(), opened.maxAgeSeconds(), http)).build();
    }

    /** Runs a WebAuthn ceremony's step to its end; one that fails is {@code failure}, saying nothing more. */
    private static <T> T ceremony(java.util.function.Supplier<Uni<T>> step, Failure failure) {
        try {
            return step.get().await().atMost(CEREMONY);
        } catch (GameException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new GameException(failure, failure == Failure.SIGN_IN_FAILED ? "the passkey did not sign in"
                    : "the passkey did not verify for this account and challenge; start again with a new challenge");
        }
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
