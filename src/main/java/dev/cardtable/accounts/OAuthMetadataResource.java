package dev.cardtable.accounts;

import dev.cardtable.platform.GameException;
import dev.cardtable.platform.http.ServerOrigin;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirements;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.util.regex.Pattern;

/**
 * The OAuth 2.0 authorization server's metadata (RFC 8414), at its well-known path, outside
 * {@code /api}: where an OAuth client library finds the endpoints, the grant, PKCE's method and the
 * scopes ({@code docs/api.md}, "OAuth 2.0 for other front ends").
 */
@Path("/.well-known/oauth-authorization-server")
@Tag(name = "accounts")
public class OAuthMetadataResource {

    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9._~-]+(:[0-9]{1,5})?|\\[[0-9A-Fa-f:.]+](:[0-9]{1,5})?");

    @Inject
    ServerOrigin origin;

    @Inject
    OAuth oauth;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "oauthMetadata", summary = "The OAuth 2.0 authorization server's metadata",
            description = "RFC 8414: the issuer (this server's origin), the consent page (authorization_endpoint, a "
                    + "page of the web client), the token and revocation endpoints, the authorization code grant with "
                    + "PKCE S256 for public clients (no client authentication), and the scopes a client may ask.")
    @SecurityRequirements
    @APIResponse(responseCode = "200", description = "The metadata",
            content = @Content(schema = @Schema(ref = "OAuthMetadata")))
    public String metadata(@Context HttpServerRequest http) {
        return oauth.metadata(own(http));
    }

    /** This server's origin ({@link ServerOrigin}), from a {@code Host} that is a host[:port] when it counts. */
    private String own(HttpServerRequest http) {
        String host = http.getHeader("Host");
        if (host != null && !HOST.matcher(host.trim()).matches()) {
            throw GameException.malformed("the Host header is not a host[:port]");
        }
        return origin.of(http);
    }
}
