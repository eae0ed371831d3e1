package dev.cardtable.accounts;

import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.game.PlayerRow;
import dev.cardtable.platform.game.RegisteredPlayers;
import dev.cardtable.platform.http.ProblemMapper;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirements;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The OAuth 2.0 endpoints ({@code docs/api.md}, "OAuth 2.0 for other front ends"): the consent
 * page's answer ({@code POST /api/oauth/authorize}, with the player key or a session), the token
 * endpoint (RFC 6749 3.2) and the revocation endpoint (RFC 7009), both public and taking HTML forms.
 * The token and revocation endpoints answer errors as RFC 6749 5.2 says ({@code 400},
 * {@code application/json}, {@code error} and {@code error_description}), with the members of a
 * problem beside them.
 */
@Path("/api/oauth")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "accounts")
public class OAuthResource {

    private static final String NEEDS = "approving an OAuth client needs a signed-in session (its cookie) or '"
            + RegisteredPlayers.HEADER + ": <player key>'";

    private static final String FORM = MediaType.APPLICATION_FORM_URLENCODED;

    @Inject
    OAuth oauth;

    @Inject
    RegisteredPlayers players;

    @POST
    @Path("/authorize")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "authorize", summary = "Answer an OAuth 2.0 authorization request",
            description = "The consent page's call once the player approved or refused a client's authorization "
                    + "request (RFC 6749 4.1.1, PKCE S256 only): 'query' is the page's query string. Approved, a code "
                    + "good for one exchange within 60 s is granted; either way the answer says where to send the "
                    + "browser (docs/api.md, \"OAuth 2.0 for other front ends\"). A request that cannot be granted is "
                    + "422 oauth-request-invalid, and the browser stays on the page.")
    @SecurityRequirement(name = "playerKey")
    @APIResponse(responseCode = "200", description = "Where to send the browser",
            content = @Content(schema = @Schema(ref = "Authorized")))
    public Authorized authorize(@Parameter(hidden = true) @HeaderParam(RegisteredPlayers.HEADER) String key,
                                AuthorizeRequest request) {
        PlayerRow p = players.required(key, NEEDS);
        if (request == null) {
            throw GameException.malformed("a JSON body with 'query' and 'approve' is required");
        }
        if (request.approve() == null) {
            throw new GameException(Failure.OAUTH_REQUEST_INVALID, "'approve' must be true or false");
        }
        return oauth.authorize(p, request.query(), request.approve());
    }

    @POST
    @Path("/token")
    @Consumes({FORM, MediaType.APPLICATION_JSON})
    @Operation(operationId = "exchangeCode", summary = "Exchange an authorization code for a token",
            description = "The OAuth 2.0 token endpoint (RFC 6749 4.1.3, RFC 7636 4.5) for public clients: an HTML form "
                    + "with grant_type=authorization_code, code, redirect_uri (exactly the authorization request's), "
                    + "client_id and code_verifier. A code serves one exchange within 60 s of its grant; presented "
                    + "again, it is refused and the token it was exchanged for is revoked. Errors are RFC 6749 5.2's: "
                    + "400 with 'error' (invalid_request, invalid_grant, unsupported_grant_type) and "
                    + "'error_description'.")
    @SecurityRequirements
    @RequestBody(required = true, content = @Content(mediaType = FORM, schema = @Schema(ref = "TokenExchange")))
    @APIResponse(responseCode = "200", description = "The token; not to be cached (Cache-Control: no-store)",
            content = @Content(schema = @Schema(ref = "GrantedToken")))
    @APIResponse(responseCode = "400", description = "Refused (RFC 6749 5.2); nothing was issued",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "OAuthError")))
    public Response token(@Context UriInfo uri, @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, String body) {
        try {
            GrantedToken granted = oauth.exchange(uri.getRequestUri(), contentType, body);
            return Response.ok(granted).header(HttpHeaders.CACHE_CONTROL, "no-store").header("Pragma", "no-cache").build();
        } catch (OAuthRefusal e) {
            return refused(e, uri);
        }
    }

    @POST
    @Path("/revoke")
    @Consumes({FORM, MediaType.APPLICATION_JSON})
    @Operation(operationId = "revokeOAuthToken", summary = "Revoke a token by its text",
            description = "Token revocation (RFC 7009) for public clients: an HTML form with 'token' (and optionally "
                    + "'token_type_hint', which is not needed). The token stops working on every instance at once. Any "
                    + "text is answered 200, a token or not (RFC 7009 2.2); a form without 'token' is 400 "
                    + "invalid_request.")
    @SecurityRequirements
    @RequestBody(required = true, content = @Content(mediaType = FORM, schema = @Schema(ref = "TokenRevocation")))
    @APIResponse(responseCode = "200", description = "Revoked, or no token had that text")
    @APIResponse(responseCode = "400", description = "Refused (RFC 6749 5.2)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "OAuthError")))
    public Response revoke(@Context UriInfo uri, @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, String body) {
        try {
            oauth.revoke(contentType, body);
            return Response.ok().header(HttpHeaders.CACHE_CONTROL, "no-store").build();
        } catch (OAuthRefusal e) {
            return refused(e, uri);
        }
    }

    /**
     * A refusal as RFC 6749 5.2 writes it, with a problem's members beside: {@code code}
     * {@code oauth-grant-invalid} for {@code invalid_grant}, else {@code malformed-request}.
     */
    private static Response refused(OAuthRefusal e, UriInfo uri) {
        Failure f = OAuthRefusal.INVALID_GRANT.equals(e.error()) ? Failure.OAUTH_GRANT_INVALID : Failure.MALFORMED_REQUEST;
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", e.error());
        body.put("error_description", describable(e.getMessage()));
        body.putAll(ProblemMapper.body(f, e.getMessage(), Map.of(), uri.getRequestUri().getRawPath()));
        return Response.status(Response.Status.BAD_REQUEST).type(MediaType.APPLICATION_JSON_TYPE).entity(body)
                .header(HttpHeaders.CACHE_CONTROL, "no-store").header("Pragma", "no-cache").build();
    }

    /** {@code text} in the characters RFC 6749 5.2 allows an error description: printable ASCII but '"' and '\\'. */
    static String describable(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            out.append(c >= 0x20 && c <= 0x7e && c != '"' && c != '\\' ? c : '?');
        }
        return out.toString();
    }
}
