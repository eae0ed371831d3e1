package dev.cardtable.accounts;

import dev.cardtable.players.PlayersTest;
import dev.cardtable.support.Db;
import dev.cardtable.support.MovableClock;
import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.Race;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * OAuth 2.0 over HTTP (docs/api.md, "OAuth 2.0 for other front ends"): a player approves a client on
 * the consent page's call, the client exchanges the code with its PKCE verifier for a {@code cto_}
 * token that holds exactly the scopes granted; every refusal (a wrong verifier, a code used again,
 * late, or with another redirect URI; no S256; a client id that is not a URL; a redirect URI of
 * another origin) issues nothing; revoking the token ends it; the metadata document names it all.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
public class OAuthTest {

    static final String CLIENT = "https://cards.example.org/";
    static final String REDIRECT = "https://cards.example.org/callback";

    @Inject
    MovableClock clock;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    /** A PKCE verifier and its S256 challenge, computed here without the server's library. */
    record Pkce(String verifier, String challenge) {
        static Pkce fresh() {
            byte[] b = new byte[32];
            new SecureRandom().nextBytes(b);
            String verifier = Base64.getUrlEncoder().withoutPadding().encodeToString(b);
            try {
                byte[] sha = MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
                return new Pkce(verifier, Base64.getUrlEncoder().withoutPadding().encodeToString(sha));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

    static String form(Map<String, String> params) {
        return params.entrySet().stream().map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8)).collect(Collectors.joining("&"));
    }

    /** The consent page's query string for {@code client}, {@code redirect}, {@code scope} and {@code pkce}. */
    static String query(String client, String redirect, String scope, Pkce pkce, String method) {
        Map<String, String> q = new LinkedHashMap<>();
        q.put("response_type", "code");
        q.put("client_id", client);
        q.put("redirect_uri", redirect);
        q.put("scope", scope);
        q.put("state", "st-42 x");
        q.put("code_challenge", pkce.challenge());
        if (method != null) {
            q.put("code_challenge_method", method);
        }
        return form(q);
    }

    static Response authorize(String key, String query, boolean approve) {
        return given().contentType(ContentType.JSON).accept(ContentType.JSON).header("X-Player-Key", key)
                .body(Map.of("query", query, "approve", approve)).post("/api/oauth/authorize").then().extract().response();
    }

    /** Approves {@code scope} for {@link #CLIENT} as {@code key}; returns the code of the redirect. */
    static String code(String key, String scope, Pkce pkce) {
        Response r = authorize(key, query(CLIENT, REDIRECT, scope, pkce, "S256"), true);
        assertEquals(200, r.statusCode(), r.asString());
        String to = r.path("redirectTo");
        assertTrue(to.startsWith(REDIRECT + "?"), to);
        assertEquals("st-42 x", param(to, "state"), to);
        return param(to, "code");
    }

    static String param(String uri, String name) {
        Matcher m = Pattern.compile("[?&]" + name + "=([^&]*)").matcher(uri);
        return m.find() ? URLDecoder.decode(m.group(1), StandardCharsets.UTF_8) : null;
    }

    static Response exchange(String code, String redirect, String client, String verifier) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("grant_type", "authorization_code");
        p.put("code", code);
        p.put("redirect_uri", redirect);
        p.put("client_id", client);
        p.put("code_verifier", verifier);
        return given().contentType("application/x-www-form-urlencoded").accept(ContentType.JSON).body(form(p))
                .post("/api/oauth/token").then().extract().response();
    }

    static int tokens() throws Exception {
        return Integer.parseInt(Db.scalar("select count(*) from access_tokens"));
    }

    static RequestSpecification bearer(String token) {
        return given().contentType(ContentType.JSON).accept(ContentType.JSON).header("Authorization", "Bearer " + token);
    }

    static void assertRefused(Response r, String error) {
        assertEquals(400, r.statusCode(), r.asString());
        assertTrue(r.contentType().startsWith("application/json"), r.contentType());
        assertEquals(error, r.path("error"), r.asString());
        assertNotNull(r.path("error_description"), r.asString());
        assertEquals("no-store", r.header("Cache-Control"));
    }

    @Test
    void aClientApprovedWithPkceGetsATokenOfExactlyItsScopes() throws Exception {
        String name = PlayersTest.unique("oauth");
        String key = PlayersTest.register(name);
        String other = PlayersTest.unique("oauthB");
        PlayersTest.register(other);
        Pkce pkce = Pkce.fresh();
        String code = code(key, "game:play events:read", pkce);

        Response r = exchange(code, REDIRECT, CLIENT, pkce.verifier());
        assertEquals(200, r.statusCode(), r.asString());
        assertEquals("no-store", r.header("Cache-Control"));
        String token = r.path("access_token");
        assertTrue(token.startsWith("cto_"), token);
        assertEquals("Bearer", r.path("token_type"));
        assertEquals(365 * 86_400, ((Number) r.path("expires_in")).intValue());
        assertEquals("game:play events:read", r.path("scope"));

        // game:play: the token creates a game for its player; challenge:write it does not hold.
        bearer(token).body(Map.of("type", "scoundrel", "seats", List.of(Map.of("name", name))))
                .post("/api/games").then().statusCode(201);
        bearer(token).body(Map.of("player", other, "type", "dazzle")).post("/api/challenges")
                .then().statusCode(403).body("code", equalTo("scope-missing"));
        // The player sees it among its tokens, granted to the client.
        given().accept(ContentType.JSON).header("X-Player-Key", key).get("/api/account/tokens").then().statusCode(200)
                .body("items[0].clientId", equalTo(CLIENT)).body("items[0].description", equalTo(CLIENT));
        // A token may not approve clients: that is for the key or a session.
        bearer(token).body(Map.of("query", query(CLIENT, REDIRECT, "game:play", Pkce.fresh(), "S256"), "approve", true))
                .post("/api/oauth/authorize").then().statusCode(403).body("code", equalTo("scope-missing"));
    }

    @Test
    void aRefusedClientIsSentBackWithAccessDeniedAndNoCode() throws Exception {
        String key = PlayersTest.register(PlayersTest.unique("oauthN"));
        Response r = authorize(key, query(CLIENT, REDIRECT + "?app=1", "game:play", Pkce.fresh(), "S256"), false);
        assertEquals(200, r.statusCode(), r.asString());
        assertEquals(REDIRECT + "?app=1&error=access_denied&state=st-42+x", r.path("redirectTo"));
        Response ok = authorize(key, query(CLIENT, REDIRECT + "?app=1", "game:play", Pkce.fresh(), "S256"), true);
        String to = ok.path("redirectTo");
        assertTrue(to.startsWith(REDIRECT + "?app=1&code="), to);
    }

    @Test
    void aWrongVerifierIsRefusedAndIssuesNothing() throws Exception {
        String key = PlayersTest.register(PlayersTest.unique("oauthV"));
        String code = code(key, "game:play", Pkce.fresh());
        int before = tokens();
        assertRefused(exchange(code, REDIRECT, CLIENT, Pkce.fresh().verifier()), "invalid_grant");
        assertEquals(before, tokens());
    }

    @Test
    void aCodeServesOneExchangeAndItsReuseRevokesTheToken() throws Exception {
        String key = PlayersTest.register(PlayersTest.unique("oauthR"));
        Pkce pkce = Pkce.fresh();
        String code = code(key, "account:read", pkce);
        Response first = exchange(code, REDIRECT, CLIENT, pkce.verifier());
        assertEquals(200, first.statusCode(), first.asString());
        String token = first.path("access_token");
        bearer(token).get("/api/account").then().statusCode(200);
        int before = tokens();
        assertRefused(exchange(code, REDIRECT, CLIENT, pkce.verifier()), "invalid_grant");
        // Nothing new was issued, and the token the code was exchanged for is revoked (RFC 6749 4.1.2).
        assertEquals(before - 1, tokens());
        bearer(token).get("/api/account").then().statusCode(401).body("code", equalTo("token-invalid"));
    }

    @Test
    void exchangesOfOneCodeAtOnceIssueOneTokenAtMost() throws Exception {
        String key = PlayersTest.register(PlayersTest.unique("oauthC"));
        Pkce pkce = Pkce.fresh();
        String code = code(key, "game:play", pkce);
        int before = tokens();
        List<Callable<Integer>> calls = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            calls.add(() -> exchange(code, REDIRECT, CLIENT, pkce.verifier()).statusCode());
        }
        List<Integer> statuses = Race.run(calls);
        assertEquals(1, statuses.stream().filter(s -> s == 200).count(), statuses.toString());
        assertEquals(5, statuses.stream().filter(s -> s == 400).count(), statuses.toString());
        // The losers presented a used code: the winner's token may be revoked by them (RFC 6749 4.1.2), never doubled.
        assertTrue(tokens() <= before + 1, "at most one token was issued");
    }

    @Test
    void aCodeOlderThanAMinuteIsRefused() throws Exception {
        String key = PlayersTest.register(PlayersTest.unique("oauthE"));
        Pkce pkce = Pkce.fresh();
        String code = code(key, "game:play", pkce);
        clock.advance(Duration.ofSeconds(61));
        int before = tokens();
        Response r = exchange(code, REDIRECT, CLIENT, pkce.verifier());
        assertRefused(r, "invalid_grant");
        assertTrue(r.<String>path("error_description").contains("expired"), r.asString());
        assertEquals(before, tokens());
    }

    @Test
    void aChangedRedirectUriOrClientIsRefused() throws Exception {
        String key = PlayersTest.register(PlayersTest.unique("oauthU"));
        Pkce pkce = Pkce.fresh();
        int before = tokens();
        assertRefused(exchange(code(key, "game:play", pkce), REDIRECT + "/", CLIENT, pkce.verifier()), "invalid_grant");
        assertRefused(exchange(code(key, "game:play", pkce), REDIRECT, "https://cards.example.org/other",
                pkce.verifier()), "invalid_grant");
        assertEquals(before, tokens());
    }

    @Test
    void malformedTokenRequestsAreRefusedAsRfc6749Says() throws Exception {
        int before = tokens();
        assertRefused(given().contentType("application/x-www-form-urlencoded").body("grant_type=password&username=a"
                + "&password=b&client_id=x").post("/api/oauth/token").then().extract().response(), "unsupported_grant_type");
        assertRefused(given().contentType("application/x-www-form-urlencoded").body("grant_type=authorization_code"
                + "&client_id=" + CLIENT).post("/api/oauth/token").then().extract().response(), "invalid_request");
        assertRefused(exchange("no-such-code", REDIRECT, CLIENT, Pkce.fresh().verifier()), "invalid_grant");
        assertRefused(exchange("no-such-code", REDIRECT, CLIENT, "short"), "invalid_request");
        assertRefused(given().contentType(ContentType.JSON).body("{\"grant_type\":\"authorization_code\"}")
                .post("/api/oauth/token").then().extract().response(), "invalid_request");
        assertEquals(before, tokens());
    }

    @Test
    void authorizationRequestsThisServerDoesNotGrantAreRefusedBeforeAnyCode() throws Exception {
        String key = PlayersTest.register(PlayersTest.unique("oauthQ"));
        Pkce pkce = Pkce.fresh();
        int codes = Integer.parseInt(Db.scalar("select count(*) from oauth_codes"));
        List<String> refused = List.of(
                query(CLIENT, REDIRECT, "game:play", pkce, "plain"),
                query(CLIENT, REDIRECT, "game:play", pkce, null),
                query("cards-app", REDIRECT, "game:play", pkce, "S256"),
                query("http://cards.example.org/", "http://cards.example.org/cb", "game:play", pkce, "S256"),
                query(CLIENT, "https://elsewhere.example.org/callback", "game:play", pkce, "S256"),
                query(CLIENT, "https://cards.example.org:8443/callback", "game:play", pkce, "S256"),
                query(CLIENT, REDIRECT + "#frag", "game:play", pkce, "S256"),
                query(CLIENT, REDIRECT, "", pkce, "S256"),
                query(CLIENT, REDIRECT, "game:play admin", pkce, "S256"),
                query(CLIENT, REDIRECT, "game:play", new Pkce("v", "too-short"), "S256"),
                query(CLIENT, REDIRECT, "game:play", pkce, "S256").replace("response_type=code", "response_type=token"),
                query(CLIENT, REDIRECT, "game:play", pkce, "S256") + "&response_mode=fragment",
                query(CLIENT, REDIRECT, "game:play", pkce, "S256") + "&redirect_uri=" + URLEncoder.encode(
                        "https://cards.example.org/other", StandardCharsets.UTF_8),
                "client_id=%zz&%%",
                "");
        for (String q : refused) {
            for (boolean approve : new boolean[]{true, false}) {
                Response r = authorize(key, q, approve);
                assertEquals(422, r.statusCode(), q + ": " + r.asString());
                assertEquals("oauth-request-invalid", r.path("code"), q);
            }
        }
        assertEquals(codes, Integer.parseInt(Db.scalar("select count(*) from oauth_codes")));
        // A loopback client may use http.
        Response local = authorize(key, query("http://localhost:5173/", "http://localhost:5173/cb", "game:play", pkce,
                "S256"), true);
        assertEquals(200, local.statusCode(), local.asString());
        // No player, no code.
        given().contentType(ContentType.JSON).body(Map.of("query", query(CLIENT, REDIRECT, "game:play", pkce, "S256"),
                "approve", true)).post("/api/oauth/authorize").then().statusCode(401);
    }

    @Test
    void oddInputIsAClearErrorNeverAFault() {
        String key = PlayersTest.register(PlayersTest.unique("oauthO"));
        Pkce pkce = Pkce.fresh();
        for (String q : List.of(query(CLIENT, REDIRECT + "%00", "game:play", pkce, "S256"),
                query(CLIENT + "%00", REDIRECT, "game:play", pkce, "S256"),
                query(CLIENT, REDIRECT, "game:play%00", pkce, "S256"),
                query(CLIENT, REDIRECT, "game:play", pkce, "S256") + "&state=%FF%FE",
                "response_type=code&client_id=" + "x".repeat(5000))) {
            // A real NUL once decoded (the helper encodes '%' itself).
            Response r = authorize(key, q.replace("%2500", "%00"), true);
            assertEquals(422, r.statusCode(), q + ": " + r.asString());
        }
        given().contentType(ContentType.JSON).header("X-Player-Key", key).body("{\"query\":5,\"approve\":\"yes\"}")
                .post("/api/oauth/authorize").then().statusCode(400).body("code", equalTo("malformed-request"));
        given().contentType(ContentType.JSON).header("X-Player-Key", key).body(Map.of("query", "response_type=code"))
                .post("/api/oauth/authorize").then().statusCode(422).body("code", equalTo("oauth-request-invalid"));
        for (String body : List.of("grant_type=authorization_code&code=%00&redirect_uri=%FF&client_id=%00&code_verifier="
                        + pkce.verifier(), "grant_type=authorization_code&grant_type=authorization_code", "=&&=%", "%%%")) {
            Response r = given().contentType("application/x-www-form-urlencoded").body(body).post("/api/oauth/token")
                    .then().extract().response();
            assertEquals(400, r.statusCode(), body + ": " + r.asString());
        }
        given().contentType("application/x-www-form-urlencoded").body("token=%FF%00").post("/api/oauth/revoke")
                .then().statusCode(200);
        given().contentType("text/plain").body("token=x").post("/api/oauth/revoke").then().statusCode(415);
    }

    @Test
    void aRevokedTokenIsInvalidAndRevocationAnswersAnyText() {
        String key = PlayersTest.register(PlayersTest.unique("oauthX"));
        Pkce pkce = Pkce.fresh();
        String token = exchange(code(key, "account:read", pkce), REDIRECT, CLIENT, pkce.verifier()).path("access_token");
        bearer(token).get("/api/account").then().statusCode(200);
        given().contentType("application/x-www-form-urlencoded").body("token=" + token + "&token_type_hint=access_token")
                .post("/api/oauth/revoke").then().statusCode(200);
        bearer(token).get("/api/account").then().statusCode(401).body("code", equalTo("token-invalid"));
        given().contentType("application/x-www-form-urlencoded").body("token=" + token).post("/api/oauth/revoke")
                .then().statusCode(200);
        given().contentType("application/x-www-form-urlencoded").body("token=nonsense").post("/api/oauth/revoke")
                .then().statusCode(200);
        assertRefused(given().contentType("application/x-www-form-urlencoded").body("token_type_hint=access_token")
                .post("/api/oauth/revoke").then().extract().response(), "invalid_request");
    }

    @Test
    void theMetadataDocumentNamesTheEndpointsAndWhatTheyTake() {
        String origin = "http://localhost:" + RestAssured.port;
        Response r = given().accept(ContentType.JSON).get("/.well-known/oauth-authorization-server")
                .then().statusCode(200).extract().response();
        assertEquals(origin, r.path("issuer"));
        assertEquals(origin + "/oauth/authorize", r.path("authorization_endpoint"));
        assertEquals(origin + "/api/oauth/token", r.path("token_endpoint"));
        assertEquals(origin + "/api/oauth/revoke", r.path("revocation_endpoint"));
        assertEquals(List.of("code"), r.path("response_types_supported"));
        assertEquals(List.of("authorization_code"), r.path("grant_types_supported"));
        assertEquals(List.of("S256"), r.path("code_challenge_methods_supported"));
        assertEquals(List.of("none"), r.path("token_endpoint_auth_methods_supported"));
        assertEquals(List.of("none"), r.path("revocation_endpoint_auth_methods_supported"));
        assertEquals(List.of("game:play", "challenge:read", "challenge:write", "seek:write", "tournament:write", "events:read", "account:read"),
                r.path("scopes_supported"));
    }
}
