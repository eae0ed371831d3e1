package dev.cardtable.platform.http;

import dev.cardtable.support.Api;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.cardtable.support.Api.as;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every response carries the security headers (docs/api.md, "Security headers"): the web client's
 * files a strict Content-Security-Policy, the API a policy that loads nothing, and all of them
 * nosniff, no referrer and no framing. CORS answers never grant the opaque origin {@code null} and
 * say {@code Vary: Origin}. That the page works under its policy is checked in a browser by
 * {@code dev.cardtable.web.WebFeaturesTest}.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class SecurityHeadersTest {

    private static final String PAGE_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    private static void common(Response r, String what) {
        assertEquals("nosniff", r.header("X-Content-Type-Options"), what);
        assertEquals("no-referrer", r.header("Referrer-Policy"), what);
        assertEquals("DENY", r.header("X-Frame-Options"), what);
        assertTrue(r.header("Content-Security-Policy").contains("frame-ancestors 'none'"), what);
        assertTrue(r.header("Vary") != null && r.header("Vary").toLowerCase().contains("origin"), what + ": " + r.header("Vary"));
    }

    @Test
    void thePageAndItsFilesHaveAStrictPolicy() {
        for (String path : List.of("/", "/index.html", "/app.css", "/js/app.js", "/js/api.js")) {
            Response r = given().get(path);
            r.then().statusCode(200);
            common(r, path);
            assertEquals(PAGE_POLICY, r.header("Content-Security-Policy"), path);
        }
        String page = given().get("/").asString();
        assertTrue(!page.contains("<script>") && !page.contains(" style=") && !page.contains("onclick="),
                "the page has no inline script, style or handler that its policy would block");
    }

    @Test
    void theApiItsErrorsAndPreflightsCarryTheHeadersToo() {
        Api.Created g = Api.scoundrel("headers", "hedy");
        for (Response r : List.of(as(null).get("/api/game-types"), as(g.token()).get("/api/games/" + g.id()),
                as(null).get("/api/games/nope"), as(null).body(Map.of("action", "avoid")).post("/api/games/" + g.id() + "/moves"),
                given().header("Origin", "https://cards.example").header("Access-Control-Request-Method", "POST")
                        .options("/api/games"))) {
            common(r, r.statusLine());
            assertEquals("default-src 'none'; frame-ancestors 'none'", r.header("Content-Security-Policy"), r.statusLine());
        }
    }

    @Test
    void anAnswerThatMayDependOnCredentialsIsKeptByNoSharedCache() {
        Api.Created g = Api.scoundrel("caching", "cleo");
        for (String path : List.of("/api/games/" + g.id(), "/api/games/" + g.id() + "/moves",
                "/api/games/" + g.id() + "/states/0", "/api/games/" + g.id() + "/timeline")) {
            Response seat = as(g.token()).get(path);
            seat.then().statusCode(200);
            List<String> vary = java.util.Arrays.stream(seat.header("Vary").split(",")).map(String::trim).toList();
            assertTrue(vary.containsAll(List.of("Origin", "Authorization", "X-Player-Key")), path + ": " + vary);
            assertEquals(vary.size(), vary.stream().distinct().count(), "each named once: " + vary);
            assertEquals("private, no-cache", seat.header("Cache-Control"), path);
            Response spectator = as(null).get(path);
            spectator.then().statusCode(200);
            assertEquals("no-cache", spectator.header("Cache-Control"), path);
            assertTrue(spectator.header("Vary").contains("X-Player-Key"), path + ": " + spectator.header("Vary"));
        }
        Response key = given().header("X-Player-Key", "not-a-key").get("/api/game-types");
        assertEquals("private, no-cache", key.header("Cache-Control"), "a player key makes an answer private too");
        String page = given().get("/").header("Cache-Control");
        assertTrue(page == null || !page.contains("private"), "the web client's files are not marked private: " + page);
    }

    @Test
    void corsNeverGrantsTheNullOriginAndSaysItVariesByOrigin() {
        Response fromNull = given().header("Origin", "null").get("/api/game-types");
        fromNull.then().statusCode(200);
        assertNull(fromNull.header("Access-Control-Allow-Origin"), "the opaque origin is not granted");
        Response preflight = given().header("Origin", "null").header("Access-Control-Request-Method", "POST")
                .options("/api/games");
        assertNull(preflight.header("Access-Control-Allow-Origin"));
        assertNull(preflight.header("Access-Control-Allow-Methods"));

        Response other = given().header("Origin", "https://cards.example").get("/api/game-types");
        assertEquals("https://cards.example", other.header("Access-Control-Allow-Origin"));
        assertTrue(other.header("Vary").contains("Origin"), other.header("Vary"));
        Response none = given().get("/api/game-types");
        assertNull(none.header("Access-Control-Allow-Origin"));
        assertTrue(none.header("Vary").contains("Origin"), "a cache must not give this answer to a request with an Origin");
    }
}
