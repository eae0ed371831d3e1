package dev.cardtable.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.cardtable.players.PlayersTest;
import dev.cardtable.support.Browser;
import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.RawHttp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static dev.cardtable.support.Api.as;
import static dev.cardtable.web.WebFeaturesTest.accessible;
import static dev.cardtable.web.WebFeaturesTest.desktop;
import static dev.cardtable.web.WebFeaturesTest.phone;
import static dev.cardtable.web.WebFeaturesTest.type;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * OAuth 2.0 from another origin (docs/api.md, "Tokens and OAuth", "The consent page"): a front end
 * served by a second HTTP server on {@code 127.0.0.1} (another host and port than the Card Table
 * server's {@code localhost}: another origin) makes a PKCE verifier and its S256 challenge with
 * WebCrypto and sends the browser to {@code /oauth/authorize} asking {@code game:play}. The player
 * signs in on the consent page, sees the front end's origin and the scope, and authorizes; back on
 * the front end, the code is traded for a token by a cross-origin fetch, and the token creates a
 * Scoundrel game of its player and moves in it, while a challenge is refused with
 * {@code 403 scope-missing} naming {@code challenge:write}. "Deny" returns {@code access_denied};
 * an invalid request is explained on the page and sends the browser nowhere. axe finds nothing on
 * the consent page's steps at either size.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class WebOAuthTest extends BrowserTest {

    private static final String PASSWORD = "a password for oauth";

    @TestHTTPResource("/")
    URL root;

    private HttpServer frontEnd;

    /** The Card Table server's origin, {@code http://localhost:<port>}. */
    private String server() {
        return "http://localhost:" + root.getPort();
    }

    /** The other front end's origin, {@code http://127.0.0.1:<another port>}. */
    private String frontEndOrigin() {
        return "http://127.0.0.1:" + frontEnd.getAddress().getPort();
    }

    @BeforeEach
    void serveTheFrontEnd() throws IOException {
        String page;
        try (InputStream in = getClass().getResourceAsStream("/oauth/front-end.html")) {
            page = new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("__SERVER__", server());
        }
        byte[] body = page.getBytes(StandardCharsets.UTF_8);
        frontEnd = HttpServer.create(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0), 0);
        frontEnd.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            boolean known = path.equals("/app") || path.equals("/callback");
            exchange.getResponseHeaders().set("Content-Type", "text/html;charset=utf-8");
            exchange.sendResponseHeaders(known ? 200 : 404, known ? body.length : -1);
            if (known) {
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
            exchange.close();
        });
        frontEnd.start();
    }

    @AfterEach
    void stopTheFrontEnd() {
        frontEnd.stop(0);
    }

    private static String registerWithPassword() {
        String name = PlayersTest.unique("oauth").toLowerCase();
        String key = PlayersTest.register(name);
        as(null).header("X-Player-Key", key).body(Map.of("password", PASSWORD)).post("/api/account/password")
                .then().statusCode(204);
        return name;
    }

    private static JsonNode result(Browser b) throws IOException {
        String text;
        try {
            text = b.await(d -> {
                String t = d.findElement(org.openqa.selenium.By.id("result")).getText();
                return t.isBlank() ? null : t;
            });
        } catch (org.openqa.selenium.TimeoutException e) {
            throw new AssertionError("no result on the front end: at " + b.driver().getCurrentUrl() + ", the page says "
                    + b.driver().findElement(org.openqa.selenium.By.tagName("body")).getText()
                    + "; its console: " + b.consoleErrors(), e);
        }
        return new ObjectMapper().readTree(text);
    }

    private static String origin(String url) {
        URI u = URI.create(url);
        return u.getScheme() + "://" + u.getHost() + ":" + u.getPort();
    }

    private static void signIn(Browser b, String name) {
        type(b, "#sign-in-name", name);
        type(b, "#sign-in-password", PASSWORD);
        b.click("#sign-in-button");
        b.visible("#authorize");
    }

    @Test
    void anotherOriginSignsItsPlayerInPlaysWithTheTokenAndIsRefusedWhatItDidNotAsk() throws IOException {
        assertNotEquals(origin(server()), frontEndOrigin(), "the front end is on another origin");
        String name = registerWithPassword();
        try (Browser b = desktop()) {
            b.open(frontEndOrigin() + "/app?player=" + name);
            b.visible("#sign-in-button");
            assertTrue(b.driver().getCurrentUrl().startsWith(server() + "/oauth/authorize?"), b.driver().getCurrentUrl());
            assertEquals(frontEndOrigin(), b.text("#client-origin"), "the page says who asks before signing in");
            accessible(b, "the consent page, signed out (desktop)");
            signIn(b, name);
            assertEquals(frontEndOrigin(), b.text("#client-origin"));
            assertEquals(name, b.text("#consent-name"));
            assertEquals(frontEndOrigin() + "/app", b.text("#client-id"));
            assertEquals(frontEndOrigin() + "/callback", b.text("#redirect-uri"));
            assertEquals(1, b.all("#scopes tbody tr").size(), "one scope asked");
            assertTrue(b.text("#scopes tbody tr").contains("game:play"));
            assertTrue(b.text("#scopes tbody tr").contains("Play your games"), "the scope's description");
            accessible(b, "the consent page, signed in (desktop)");
            b.click("#authorize");

            JsonNode r = result(b);
            assertTrue(b.driver().getCurrentUrl().startsWith(frontEndOrigin() + "/callback?"), b.driver().getCurrentUrl());
            List<String> console = b.consoleErrors();
            assertEquals(200, r.path("tokenStatus").asInt(), () -> r + "; the front end's console: " + console);
            assertEquals("Bearer", r.path("tokenType").asText(), r::toString);
            assertEquals("cto_", r.path("tokenPrefix").asText(), r::toString);
            assertEquals("game:play", r.path("scope").asText(), r::toString);
            assertEquals(201, r.path("createStatus").asInt(), r::toString);
            assertEquals(200, r.path("moveStatus").asInt(), r::toString);
            assertEquals(1, r.path("moveCount").asInt(), r::toString);
            Response game = as(null).get("/api/games/" + r.path("game").asText());
            assertEquals(name, game.path("seats[0].name"));
            assertEquals(Boolean.TRUE, game.path("seats[0].verified"), "the token seats its player verified");
            assertEquals(1, (int) game.path("moveCount"));
            assertEquals(403, r.path("challengeStatus").asInt(), r::toString);
            assertEquals("scope-missing", r.path("challengeCode").asText(), r::toString);
            assertEquals("challenge:write", r.path("challengeScope").asText(), r::toString);

            // An invalid request (a method other than S256) is explained, and the browser stays.
            String invalid = server() + "/oauth/authorize?response_type=code&client_id=" + frontEndOrigin() + "/app&redirect_uri="
                    + frontEndOrigin() + "/callback&scope=game:play&state=s&code_challenge=abc&code_challenge_method=plain";
            b.open(invalid);
            b.click("#authorize");
            assertFalse(b.text("#oauth-error").isBlank());
            assertTrue(b.driver().getCurrentUrl().startsWith(server() + "/oauth/authorize?"), b.driver().getCurrentUrl());
            accessible(b, "an invalid request (desktop)");

            // A request without a client_id is refused by the page itself.
            b.open(server() + "/oauth/authorize");
            assertTrue(b.text("#oauth-error").contains("client_id"));
        }
    }

    @Test
    void onAPhoneThePlayerDeniesAndTheFrontEndHearsAccessDenied() throws IOException {
        String name = registerWithPassword();
        try (Browser b = phone()) {
            b.open(frontEndOrigin() + "/app?player=" + name);
            b.visible("#sign-in-button");
            accessible(b, "the consent page, signed out (phone)");
            signIn(b, name);
            assertEquals(frontEndOrigin(), b.text("#client-origin"));
            accessible(b, "the consent page, signed in (phone)");
            b.click("#deny");
            JsonNode r = result(b);
            assertEquals("access_denied", r.path("error").asText(), r::toString);
        }
    }

    @Test
    void theConsentPageIsServedWhateverTheQuery() {
        for (String query : new String[] {"", "?&&=&client_id=&scope=%20%20&state", "?client_id=" + "a".repeat(3000)}) {
            RawHttp.Response r = RawHttp.send(root.getPort(), "GET /oauth/authorize" + query
                    + " HTTP/1.1\r\nHost: localhost\r\nConnection: close", null);
            assertEquals(200, r.status(), query);
            assertTrue(r.header("Content-Type").startsWith("text/html"), r.header("Content-Type"));
            assertTrue(r.header("Content-Security-Policy").contains("script-src 'self'"), r.header("Content-Security-Policy"));
            assertTrue(r.body().contains("/js/oauth.js"), r.body());
        }
        // A query that does not decode is the server's usual problem, never a stack trace.
        RawHttp.Response bad = RawHttp.send(root.getPort(), "GET /oauth/authorize?x=%zz HTTP/1.1\r\nHost: localhost\r\nConnection: close", null);
        assertEquals(400, bad.status());
        assertTrue(bad.body().contains("malformed-request") && !bad.body().contains("Exception"), bad.body());
        given().head("/oauth/authorize?response_type=code").then().statusCode(200)
                .contentType(org.hamcrest.Matchers.startsWith("text/html"));
    }
}
