package dev.cardtable.accounts;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of {@code POST /api/oauth/authorize}: the player's answer on the consent page.
 *
 * @param query   the consent page's query string as it was opened, without the {@code ?}: an OAuth
 *                2.0 authorization request (RFC 6749 4.1.1) with PKCE (RFC 7636, S256)
 * @param approve true to grant the client the scopes asked, false to refuse
 */
@Schema(name = "AuthorizeRequest", description = "The player's answer to an OAuth 2.0 authorization request on the "
        + "consent page (docs/api.md, \"OAuth 2.0 for other front ends\").")
public record AuthorizeRequest(
        @Schema(required = true, maxLength = 8192, description = "the consent page's raw query string, without '?': "
                + "response_type=code&client_id=…&redirect_uri=…&scope=…&state=…&code_challenge=…&code_challenge_method=S256")
        String query,
        @Schema(required = true, description = "true to grant the client the scopes asked, false to refuse")
        Boolean approve) {
}
