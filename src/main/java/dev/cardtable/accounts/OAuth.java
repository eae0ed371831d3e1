package dev.cardtable.accounts;

import com.nimbusds.oauth2.sdk.AuthorizationCode;
import com.nimbusds.oauth2.sdk.AuthorizationCodeGrant;
import com.nimbusds.oauth2.sdk.AuthorizationErrorResponse;
import com.nimbusds.oauth2.sdk.AuthorizationRequest;
import com.nimbusds.oauth2.sdk.AuthorizationSuccessResponse;
import com.nimbusds.oauth2.sdk.ErrorObject;
import com.nimbusds.oauth2.sdk.GrantType;
import com.nimbusds.oauth2.sdk.OAuth2Error;
import com.nimbusds.oauth2.sdk.ParseException;
import com.nimbusds.oauth2.sdk.ResponseMode;
import com.nimbusds.oauth2.sdk.ResponseType;
import com.nimbusds.oauth2.sdk.TokenRequest;
import com.nimbusds.oauth2.sdk.as.AuthorizationServerMetadata;
import com.nimbusds.oauth2.sdk.auth.ClientAuthenticationMethod;
import com.nimbusds.oauth2.sdk.http.HTTPRequest;
import com.nimbusds.oauth2.sdk.id.Issuer;
import com.nimbusds.oauth2.sdk.id.State;
import com.nimbusds.oauth2.sdk.pkce.CodeChallenge;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import com.nimbusds.oauth2.sdk.util.URLUtils;
import dev.cardtable.platform.Credentials;
import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.game.PlayerRow;
import dev.cardtable.platform.http.Scope;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The OAuth 2.0 authorization server ({@code docs/api.md}, "OAuth 2.0 for other front ends"): the
 * authorization code grant (RFC 6749 4.1) with PKCE (RFC 7636, S256 only) for public clients, token
 * revocation (RFC 7009) and the server's metadata (RFC 8414). A client is identified by its URL (no
 * registration, no secret); it may redirect only to its own origin. Nimbus's OAuth 2.0 SDK parses
 * the requests, computes the PKCE challenge and writes the metadata and the redirects; who the
 * player is, the codes' storage and single use, and the scopes are this class's.
 */
@Singleton
public class OAuth {

    /** How long a code may be exchanged after it was granted. */
    public static final Duration CODE_LIFETIME = Duration.ofSeconds(60);

    /** How long a token granted by OAuth lives. */
    public static final Duration TOKEN_LIFETIME = Duration.ofDays(365);

    /** The longest client id (URL) taken: it becomes the token's description. */
    static final int MAX_CLIENT_ID = 200;

    /** The longest redirect URI and state taken. */
    static final int MAX_REDIRECT_URI = 2000;
    static final int MAX_STATE = 1000;

    /** A PKCE code challenge: the base64url SHA-256 of the verifier is 43 characters; RFC 7636 allows 43 to 128. */
    private static final Pattern CHALLENGE = Pattern.compile("[A-Za-z0-9_-]{43,128}");

    private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "[::1]");

    @Inject
    Tokens tokens;

    @Inject
    OAuthCodeStore codes;

    @Inject
    Clock clock;

    /**
     * Answers an authorization request (RFC 6749 4.1.1) for player {@code p}: checks it whole, then
     * grants a code (approved) or refuses (not approved).
     *
     * @param query   the consent page's query string, without {@code ?}
     * @param approve whether the player grants the client what it asks
     * @return where to send the browser: the redirect URI with {@code code} and {@code state}, or with
     *         {@code error=access_denied} and {@code state}
     * @throws GameException {@code oauth-request-invalid} (422) for any request this server does not
     *                       grant: not {@code response_type=code}, a client id that is not an absolute
     *                       http(s) URL, a redirect URI missing, with a fragment or of another origin, no
     *                       S256 PKCE challenge, no scope or one that cannot be granted
     */
    public Authorized authorize(PlayerRow p, String query, boolean approve) {
        Asked asked = parse(query);
        if (!approve) {
            ErrorObject denied = new ErrorObject(OAuth2Error.ACCESS_DENIED.getCode());
            return new Authorized(new AuthorizationErrorResponse(asked.redirectUri(), denied, asked.state(), null)
                    .toURI().toString());
        }
        String code = Credentials.newToken();
        Instant now = now();
        codes.add(Credentials.hash(code), new OAuthCodeStore.Code(p.id(), asked.clientId(), asked.redirectUri().toString(),
                asked.scopes(), asked.challenge(), now.plus(CODE_LIFETIME)), now);
        return new Authorized(new AuthorizationSuccessResponse(asked.redirectUri(), new AuthorizationCode(code), null,
                asked.state(), null).toURI().toString());
    }

    /** An authorization request that passed every check. */
    private record Asked(String clientId, URI redirectUri, List<String> scopes, String challenge, State state) {
    }

    private static Asked parse(String query) {
        if (query == null || query.isBlank()) {
            throw invalid("'query' must be the consent page's query string (response_type=code&client_id=…)");
        }
        String q = query.strip();
        if (q.startsWith("?")) {
            q = q.substring(1);
        }
        AuthorizationRequest r;
        try {
            r = AuthorizationRequest.parse(q);
        } catch (ParseException e) {
            throw invalid("the authorization request does not parse: " + e.getMessage());
        } catch (RuntimeException e) {
            throw invalid("the authorization request does not parse");
        }
        if (r.getResponseType() == null || !r.getResponseType().equals(ResponseType.CODE)) {
            throw invalid("'response_type' must be 'code': this server grants authorization codes only");
        }
        if (r.getRequestURI() != null || r.getRequestObject() != null) {
            throw invalid("'request' and 'request_uri' are not supported: send the parameters in the query");
        }
        if (r.getResponseMode() != null && !ResponseMode.QUERY.equals(r.getResponseMode())) {
            throw invalid("'response_mode' must be 'query' (or left out)");
        }
        String clientId = r.getClientID() == null ? "" : r.getClientID().getValue();
        URI client = clientUrl(clientId);
        URI redirect = r.getRedirectionURI();
        if (redirect == null) {
            throw invalid("'redirect_uri' is required: an absolute URL of the client's origin");
        }
        redirectUrl(redirect, client);
        if (r.getCodeChallenge() == null || r.getCodeChallengeMethod() == null) {
            throw invalid("PKCE is required: send 'code_challenge' and 'code_challenge_method=S256'");
        }
        if (!CodeChallengeMethod.S256.equals(r.getCodeChallengeMethod())) {
            throw invalid("'code_challenge_method' must be 'S256', not '" + r.getCodeChallengeMethod().getValue() + "'");
        }
        String challenge = r.getCodeChallenge().getValue();
        if (challenge == null || !CHALLENGE.matcher(challenge).matches()) {
            throw invalid("'code_challenge' must be 43 to 128 base64url characters (the S256 of the code verifier)");
        }
        if (r.getScope() == null || r.getScope().isEmpty()) {
            throw invalid("'scope' must name at least one scope: " + String.join(", ", Tokens.grantableNames()));
        }
        List<String> scopes = new ArrayList<>();
        for (String s : r.getScope().toStringList()) {
            String name = Scope.grantable(s).orElseThrow(() -> invalid("unknown scope '" + s + "': the scopes are "
                    + String.join(", ", Tokens.grantableNames()))).text();
            if (!scopes.contains(name)) {
                scopes.add(name);
            }
        }
        State state = r.getState();
        if (state != null && state.getValue().length() > MAX_STATE) {
            throw invalid("'state' must be at most " + MAX_STATE + " characters");
        }
        return new Asked(clientId, redirect, List.copyOf(scopes), challenge, state);
    }

    /** The client id as a URL: absolute, http(s), http only on a loopback host, no user info or fragment. */
    private static URI clientUrl(String clientId) {
        if (clientId.isEmpty()) {
            throw invalid("'client_id' is required: the client's URL");
        }
        if (clientId.length() > MAX_CLIENT_ID) {
            throw invalid("'client_id' must be at most " + MAX_CLIENT_ID + " characters");
        }
        URI u;
        try {
            u = new URI(clientId);
        } catch (URISyntaxException e) {
            throw invalid("'client_id' must be the client's absolute http(s) URL, and '" + clientId + "' is not a URL");
        }
        String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
        if (!u.isAbsolute() || !(scheme.equals("https") || scheme.equals("http")) || u.getHost() == null
                || u.getRawUserInfo() != null || u.getRawFragment() != null) {
            throw invalid("'client_id' must be the client's absolute http(s) URL without user info or fragment, "
                    + "such as https://example.org/");
        }
        if (scheme.equals("http") && !LOOPBACK.contains(u.getHost().toLowerCase(Locale.ROOT))) {
            throw invalid("'client_id' must be an https URL (http only for localhost, 127.0.0.1 and [::1])");
        }
        return u;
    }

    /** The redirect URI: absolute, no fragment, of the client id's origin. */
    private static void redirectUrl(URI redirect, URI client) {
        if (redirect.toString().length() > MAX_REDIRECT_URI) {
            throw invalid("'redirect_uri' must be at most " + MAX_REDIRECT_URI + " characters");
        }
        if (!redirect.isAbsolute() || redirect.getHost() == null || redirect.getRawFragment() != null
                || redirect.getRawUserInfo() != null) {
            throw invalid("'redirect_uri' must be an absolute URL without a fragment");
        }
        if (!origin(redirect).equals(origin(client))) {
            throw invalid("'redirect_uri' must be of the client's origin, " + origin(client) + ", not " + origin(redirect));
        }
    }

    /** {@code scheme://host:port}, lower case, the port explicit. */
    private static String origin(URI u) {
        String scheme = u.getScheme().toLowerCase(Locale.ROOT);
        int port = u.getPort() >= 0 ? u.getPort() : scheme.equals("https") ? 443 : scheme.equals("http") ? 80 : -1;
        return scheme + "://" + u.getHost().toLowerCase(Locale.ROOT) + ":" + port;
    }

    /**
     * Exchanges an authorization code for a token (RFC 6749 4.1.3, RFC 7636 4.6). The code is claimed
     * before anything else is checked, so that it serves one exchange only, whatever its outcome; a
     * code presented again revokes the token it was exchanged for (RFC 6749 4.1.2).
     *
     * @param endpoint    the request's URL
     * @param contentType its {@code Content-Type}
     * @param body        its body: {@code grant_type=authorization_code&code=…&redirect_uri=…&client_id=…&code_verifier=…}
     * @return the token, good for {@link #TOKEN_LIFETIME}
     * @throws OAuthRefusal {@code invalid_request} (malformed, a parameter missing),
     *                      {@code unsupported_grant_type}, or {@code invalid_grant} (the code unknown,
     *                      used, expired, or of another client, redirect URI or verifier)
     */
    public GrantedToken exchange(URI endpoint, String contentType, String body) {
        Map<String, List<String>> params = form(contentType, body, "grant_type, code, redirect_uri, client_id and code_verifier");
        String grant = one(params, "grant_type");
        if (grant == null || grant.isBlank()) {
            throw new OAuthRefusal(OAuthRefusal.INVALID_REQUEST, "'grant_type' is required: 'authorization_code'");
        }
        if (!GrantType.AUTHORIZATION_CODE.getValue().equals(grant)) {
            throw new OAuthRefusal(OAuthRefusal.UNSUPPORTED_GRANT_TYPE,
                    "'grant_type' must be 'authorization_code', not '" + grant + "'");
        }
        TokenRequest request;
        try {
            HTTPRequest http = new HTTPRequest(HTTPRequest.Method.POST, endpoint);
            http.setContentType(contentType);
            http.setBody(body);
            request = TokenRequest.parse(http);
        } catch (ParseException e) {
            ErrorObject error = e.getErrorObject();
            String code = error != null && OAuthRefusal.INVALID_GRANT.equals(error.getCode())
                    ? OAuthRefusal.INVALID_GRANT : OAuthRefusal.INVALID_REQUEST;
            throw new OAuthRefusal(code, e.getMessage());
        } catch (RuntimeException e) {
            throw new OAuthRefusal(OAuthRefusal.INVALID_REQUEST, "the token request does not parse");
        }
        if (request.getClientAuthentication() != null) {
            throw new OAuthRefusal(OAuthRefusal.INVALID_REQUEST,
                    "clients are public: send 'client_id' and no client secret or assertion");
        }
        if (request.getClientID() == null || !(request.getAuthorizationGrant() instanceof AuthorizationCodeGrant g)) {
            throw new OAuthRefusal(OAuthRefusal.INVALID_REQUEST, "'client_id' is required");
        }
        if (g.getRedirectionURI() == null) {
            throw new OAuthRefusal(OAuthRefusal.INVALID_REQUEST, "'redirect_uri' is required, as in the authorization request");
        }
        CodeVerifier verifier = g.getCodeVerifier();
        if (verifier == null) {
            throw new OAuthRefusal(OAuthRefusal.INVALID_REQUEST, "'code_verifier' is required (PKCE)");
        }
        String hash = Credentials.hash(g.getAuthorizationCode().getValue());
        Instant now = now();
        OAuthCodeStore.Code code = codes.claim(hash, now).orElse(null);
        if (code == null) {
            codes.reused(hash);
            throw grantInvalid("the code is unknown or was used already");
        }
        if (!now.isBefore(code.expiresAt())) {
            throw grantInvalid("the code expired: a code is good for " + CODE_LIFETIME.toSeconds() + " s");
        }
        if (!code.clientId().equals(request.getClientID().getValue())) {
            throw grantInvalid("the code was granted to another client_id");
        }
        if (!code.redirectUri().equals(g.getRedirectionURI().toString())) {
            throw grantInvalid("'redirect_uri' is not exactly the one of the authorization request");
        }
        String computed = CodeChallenge.compute(CodeChallengeMethod.S256, verifier).getValue();
        if (!MessageDigest.isEqual(computed.getBytes(StandardCharsets.US_ASCII),
                code.codeChallenge().getBytes(StandardCharsets.US_ASCII))) {
            throw grantInvalid("the code_verifier does not match the code_challenge (S256)");
        }
        IssuedToken issued;
        try {
            issued = tokens.issue(code.playerId(), code.clientId(), code.scopes(), now.plus(TOKEN_LIFETIME), code.clientId());
        } catch (GameException e) {
            throw grantInvalid("the code cannot be exchanged: " + e.getMessage());
        }
        codes.exchanged(hash, issued.info().id());
        return new GrantedToken(issued.token(), "Bearer", TOKEN_LIFETIME.toSeconds(), String.join(" ", code.scopes()));
    }

    /**
     * Revokes a token by its text (RFC 7009 2.1): any token, personal or granted by OAuth, whoever
     * sends it; an unknown text is no error (RFC 7009 2.2).
     *
     * @param contentType the request's {@code Content-Type}
     * @param body        its body: {@code token=…}, optionally {@code token_type_hint=…}
     * @throws OAuthRefusal {@code invalid_request} without {@code token}
     */
    public void revoke(String contentType, String body) {
        Map<String, List<String>> params = form(contentType, body, "token");
        String token = one(params, "token");
        if (token == null || token.isBlank()) {
            throw new OAuthRefusal(OAuthRefusal.INVALID_REQUEST, "'token' is required: the token to revoke");
        }
        tokens.revokeText(token);
    }

    /**
     * The authorization server's metadata (RFC 8414 2) for a server at {@code origin}.
     *
     * @param origin this server's origin, {@code scheme://host[:port]}
     * @return the metadata document, as JSON text
     */
    public String metadata(String origin) {
        AuthorizationServerMetadata m = new AuthorizationServerMetadata(new Issuer(origin));
        m.setAuthorizationEndpointURI(URI.create(origin + "/oauth/authorize"));
        m.setTokenEndpointURI(URI.create(origin + "/api/oauth/token"));
        m.setRevocationEndpointURI(URI.create(origin + "/api/oauth/revoke"));
        m.setResponseTypes(List.of(ResponseType.CODE));
        m.setGrantTypes(List.of(GrantType.AUTHORIZATION_CODE));
        m.setCodeChallengeMethods(List.of(CodeChallengeMethod.S256));
        m.setTokenEndpointAuthMethods(List.of(ClientAuthenticationMethod.NONE));
        m.setRevocationEndpointAuthMethods(List.of(ClientAuthenticationMethod.NONE));
        m.setScopes(new com.nimbusds.oauth2.sdk.Scope(Tokens.grantableNames().toArray(String[]::new)));
        return m.toJSONObject().toJSONString();
    }

    /** The parameters of a form body; a body of another type, or none, is {@code invalid_request}. */
    private static Map<String, List<String>> form(String contentType, String body, String expected) {
        if (body == null || body.isBlank()) {
            throw new OAuthRefusal(OAuthRefusal.INVALID_REQUEST, "a form body (application/x-www-form-urlencoded) with "
                    + expected + " is required");
        }
        String type = contentType == null ? "" : contentType.split(";")[0].strip().toLowerCase(Locale.ROOT);
        if (!type.equals("application/x-www-form-urlencoded")) {
            throw new OAuthRefusal(OAuthRefusal.INVALID_REQUEST, "the body must be a form "
                    + "(Content-Type: application/x-www-form-urlencoded), as RFC 6749 says");
        }
        Map<String, List<String>> params;
        try {
            params = URLUtils.parseParameters(body);
        } catch (RuntimeException e) {
            throw new OAuthRefusal(OAuthRefusal.INVALID_REQUEST, "the form body does not parse");
        }
        for (Map.Entry<String, List<String>> p : params.entrySet()) {
            if (p.getValue() != null && p.getValue().size() > 1) {
                throw new OAuthRefusal(OAuthRefusal.INVALID_REQUEST, "'" + p.getKey() + "' is sent more than once");
            }
        }
        return params;
    }

    private static String one(Map<String, List<String>> params, String name) {
        List<String> v = params.get(name);
        return v == null || v.isEmpty() ? null : v.getFirst();
    }

    private static OAuthRefusal grantInvalid(String description) {
        return new OAuthRefusal(OAuthRefusal.INVALID_GRANT, description);
    }

    private static GameException invalid(String detail) {
        return new GameException(Failure.OAUTH_REQUEST_INVALID, detail);
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }
}
