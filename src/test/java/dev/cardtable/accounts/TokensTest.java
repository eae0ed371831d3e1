package dev.cardtable.accounts;

import dev.cardtable.players.PlayersTest;
import dev.cardtable.support.Db;
import dev.cardtable.support.MovableClock;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * Personal tokens over HTTP: made with scopes, shown once and stored hashed, listed and revoked;
 * each acts for its player within its scopes only; an unknown, revoked or expired one is refused,
 * and bad requests change nothing.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
public class TokensTest {

    @Inject
    MovableClock clock;

    static RequestSpecification json() {
        return given().contentType(ContentType.JSON).accept(ContentType.JSON);
    }

    static RequestSpecification bearer(String token) {
        return json().header("Authorization", "Bearer " + token);
    }

    /** Makes a token with {@code scopes} with player key {@code key}; returns its text. */
    static String token(String key, List<String> scopes) {
        return json().header("X-Player-Key", key).body(Map.of("description", "test", "scopes", scopes))
                .post("/api/account/tokens").then().statusCode(201).extract().path("token");
    }

    private static Response scoundrel(String name, String token) {
        return bearer(token).body(Map.of("type", "scoundrel", "seats", List.of(Map.of("name", name))))
                .post("/api/games").then().extract().response();
    }

    @Test
    void aTokenIsShownOnceStoredHashedListedWithoutItsTextAndMarkedUsed() throws Exception {
        String name = PlayersTest.unique("Tok");
        String key = PlayersTest.register(name);
        Instant expires = Instant.now().plus(Duration.ofDays(30)).truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
        Response made = json().header("X-Player-Key", key)
                .body(Map.of("description", "my bot", "scopes", List.of("game:play", "events:read"), "expiresAt", expires.toString()))
                .post("/api/account/tokens").then().statusCode(201)
                .body("token", matchesPattern("^ctp_[A-Za-z0-9_-]{43}$"))
                .body("info.description", equalTo("my bot")).body("info.scopes", equalTo(List.of("events:read", "game:play")))
                .body("info.clientId", nullValue()).body("info.lastUsedAt", nullValue()).extract().response();
        String token = made.path("token");
        assertEquals(expires, Instant.parse(made.path("info.expiresAt")));
        assertEquals("0", Db.scalar("select count(*) from access_tokens where token_hash = ? or description = ?", token, token),
                "the text itself is never stored");
        assertEquals("1", Db.scalar("select count(*) from access_tokens where token_hash = encode(sha256(?::bytea), 'hex')",
                token));

        json().header("X-Player-Key", key).get("/api/account/tokens").then().statusCode(200)
                .body("items", hasSize(1)).body("items[0].lastUsedAt", nullValue())
                .body("items[0].token", nullValue()).body("items[0].id", equalTo(made.path("info.id")));
        // Used: it acts for its player, and the list shows when.
        scoundrel(name, token).then().statusCode(201).body("seats[0].verified", equalTo(true));
        json().header("X-Player-Key", key).get("/api/account/tokens").then().body("items[0].lastUsedAt", notNullValue());
    }

    @Test
    void aTokenActsForItsPlayerWithinItsScopesOnly() {
        String name = PlayersTest.unique("Scope");
        String key = PlayersTest.register(name);
        String play = token(key, List.of("game:play"));
        String events = token(key, List.of("events:read", "account:read"));

        // game:play: a game of its own, moves in it.
        Response g = scoundrel(name, play);
        assertEquals(201, g.statusCode(), g.asString());
        String id = g.path("id");
        Map<String, Object> first = g.path("legalMoves[0]");
        bearer(play).body(first).post("/api/games/" + id + "/moves").then().statusCode(200);
        // events:read cannot move, nor create a game.
        bearer(events).body(first).post("/api/games/" + id + "/moves").then().statusCode(403)
                .contentType("application/problem+json").body("code", equalTo("scope-missing")).body("scope", equalTo("game:play"));
        scoundrel(name, events).then().statusCode(403).body("scope", equalTo("game:play"));
        bearer(events).get("/api/account").then().statusCode(200).body("name", equalTo(name));
        // game:play cannot challenge, rotate the key, make tokens or end the registration.
        bearer(play).body(Map.of("opponent", PlayersTest.unique("x"))).post("/api/challenges").then().statusCode(403)
                .body("code", equalTo("scope-missing")).body("scope", equalTo("challenge:write"));
        bearer(play).post("/api/players/" + name + "/key").then().statusCode(403).body("scope", equalTo("player-key"));
        bearer(play).delete("/api/players/" + name + "/key").then().statusCode(403).body("scope", equalTo("player-key"));
        bearer(play).body(Map.of("description", "more", "scopes", List.of("game:play"))).post("/api/account/tokens")
                .then().statusCode(403).body("scope", equalTo("player-key"));
        bearer(play).get("/api/account").then().statusCode(403).body("scope", equalTo("account:read"));
        // The key still works, and still rotates.
        json().header("X-Player-Key", key).get("/api/account").then().statusCode(200);
        String rotated = json().header("X-Player-Key", key).post("/api/players/" + name + "/key").then().statusCode(200)
                .extract().path("key");
        assertNotNull(rotated);
        // A token outlives a rotated key: it is a credential of its own.
        bearer(play).get("/api/games/" + id).then().statusCode(200);
    }

    @Test
    void aRevokedExpiredOrUnknownTokenIsRefusedAndARevokedRegistrationTakesItsTokens() {
        String name = PlayersTest.unique("Rev");
        String key = PlayersTest.register(name);
        String a = token(key, List.of("account:read"));
        String b = token(key, List.of("account:read"));
        bearer(a).get("/api/account").then().statusCode(200);
        String id = json().header("X-Player-Key", key).get("/api/account/tokens").then().extract()
                .path("items.find { it.description == 'test' }.id");
        List<String> ids = json().header("X-Player-Key", key).get("/api/account/tokens").then().extract().path("items.id");
        assertEquals(2, ids.size());
        for (String t : ids) {
            json().header("X-Player-Key", key).delete("/api/account/tokens/" + t).then().statusCode(204);
        }
        bearer(a).get("/api/account").then().statusCode(401).contentType("application/problem+json")
                .body("code", equalTo("token-invalid"));
        bearer(b).get("/api/games/" + java.util.UUID.randomUUID()).then().statusCode(401).body("code", equalTo("token-invalid"));
        json().header("X-Player-Key", key).delete("/api/account/tokens/" + id).then().statusCode(404)
                .body("code", equalTo("token-not-found"));
        // Unknown, and the mark the edge uses sent by a client.
        bearer("ctp_" + "A".repeat(43)).get("/api/account").then().statusCode(401).body("code", equalTo("token-invalid"));
        json().header("X-Player-Key", "token:ctp_" + "A".repeat(43)).get("/api/account").then().statusCode(401)
                .body("code", equalTo("player-key-invalid"));
        // A revoked registration takes its tokens.
        String c = token(key, List.of("account:read"));
        json().header("X-Player-Key", key).delete("/api/players/" + name + "/key").then().statusCode(204);
        bearer(c).get("/api/account").then().statusCode(401).body("code", equalTo("token-invalid"));
    }

    @Test
    void aMistypedTokenIsATokenRefusedAndATokenSentAsAKeyIsToldWhereItGoes() {
        String key = PlayersTest.register(PlayersTest.unique("Typo"));
        String t = token(key, List.of("account:read"));
        for (String wrong : List.of(t + "x", t.substring(0, 20), "ctp_", "cto_" + "A".repeat(2000), "ctp_\u00fcml\u00e4ut")) {
            bearer(wrong).get("/api/account").then().statusCode(401).contentType("application/problem+json")
                    .body("code", equalTo("token-invalid"));
        }
        json().header("X-Player-Key", t).get("/api/account").then().statusCode(401)
                .body("code", equalTo("player-key-invalid"))
                .body("detail", org.hamcrest.Matchers.containsString("Authorization: Bearer"));
    }

    @Test
    void aStreamTicketTakenWithATokenEndsWithTheToken() {
        String name = PlayersTest.unique("Tick");
        String key = PlayersTest.register(name);
        String t = token(key, List.of("events:read"));
        String ticket = bearer(t).post("/api/players/" + name + "/events/tickets").then().statusCode(201)
                .extract().path("ticket");
        String keyTicket = json().header("X-Player-Key", key).post("/api/players/" + name + "/events/tickets").then()
                .statusCode(201).extract().path("ticket");
        // Good while the token stands (a ticket names no secret, and a key's ticket is unaffected by the token).
        assertEquals(200, streamStatus("/api/players/" + name + "/events?ticket=" + ticket));
        String id = json().header("X-Player-Key", key).get("/api/account/tokens").then().extract().path("items[0].id");
        json().header("X-Player-Key", key).delete("/api/account/tokens/" + id).then().statusCode(204);
        given().accept("text/event-stream").queryParam("ticket", ticket).get("/api/players/" + name + "/events").then()
                .statusCode(401).body("code", equalTo("unauthenticated"))
                .body("detail", org.hamcrest.Matchers.containsString("token"));
        assertNotNull(keyTicket);
    }

    /** The status an event stream answers with, its body closed at once. */
    private static int streamStatus(String path) {
        try {
            var r = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                            java.net.URI.create("http://localhost:" + io.restassured.RestAssured.port + path))
                    .header("Accept", "text/event-stream").timeout(Duration.ofSeconds(10)).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofInputStream());
            r.body().close();
            return r.statusCode();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aDescriptionCountsCharactersNotCodeUnits() {
        String key = PlayersTest.register(PlayersTest.unique("Emoji"));
        String face = new String(Character.toChars(0x1F600));
        json().header("X-Player-Key", key).body(Map.of("description", face.repeat(200), "scopes", List.of("game:play")))
                .post("/api/account/tokens").then().statusCode(201);
        json().header("X-Player-Key", key).body(Map.of("description", face.repeat(201), "scopes", List.of("game:play")))
                .post("/api/account/tokens").then().statusCode(422).body("code", equalTo("token-request-invalid"));
    }

    @Test
    void anExpiredTokenStopsWorking() {
        String key = PlayersTest.register(PlayersTest.unique("Exp"));
        String t = json().header("X-Player-Key", key).body(Map.of("description", "short", "scopes", List.of("account:read"),
                        "expiresAt", clock.instant().plus(Duration.ofHours(1)).toString()))
                .post("/api/account/tokens").then().statusCode(201).extract().path("token");
        bearer(t).get("/api/account").then().statusCode(200);
        try {
            clock.advance(Duration.ofMinutes(61));
            bearer(t).get("/api/account").then().statusCode(401).body("code", equalTo("token-invalid"));
            json().header("X-Player-Key", key).get("/api/account/tokens").then().body("items", hasSize(0));
        } finally {
            clock.reset();
        }
    }

    @Test
    void badTokenRequestsAreRefusedAndMakeNothing() {
        String key = PlayersTest.register(PlayersTest.unique("Bad"));
        List<Map<String, Object>> bad = List.of(
                Map.of("description", "x", "scopes", List.of()),
                Map.of("description", "x", "scopes", List.of("board:play")),
                Map.of("description", "x", "scopes", List.of("player-key")),
                Map.of("description", "x", "scopes", List.of("none")),
                Map.of("description", " ", "scopes", List.of("game:play")),
                Map.of("description", "x".repeat(201), "scopes", List.of("game:play")),
                Map.of("description", "x", "scopes", List.of("game:play"), "expiresAt", "2020-01-01T00:00:00Z"),
                Map.of("description", "x", "scopes", List.of("game:play"), "expiresAt", Instant.now().plus(Duration.ofDays(400)).toString()));
        for (Map<String, Object> body : bad) {
            json().header("X-Player-Key", key).body(body).post("/api/account/tokens").then().statusCode(422)
                    .contentType("application/problem+json").body("code", equalTo("token-request-invalid"));
        }
        Map<String, Object> noScopes = new HashMap<>(Map.of("description", "x"));
        json().header("X-Player-Key", key).body(noScopes).post("/api/account/tokens").then().statusCode(422);
        json().header("X-Player-Key", key).body("[]").post("/api/account/tokens").then().statusCode(400);
        // An expiry is an ISO-8601 string, never a number of seconds since 1970.
        json().header("X-Player-Key", key).body(Map.of("description", "x", "scopes", List.of("game:play"),
                        "expiresAt", Instant.now().plus(Duration.ofDays(1)).getEpochSecond()))
                .post("/api/account/tokens").then().statusCode(400).contentType("application/problem+json")
                .body("code", equalTo("malformed-request"));
        json().body(Map.of("description", "x", "scopes", List.of("game:play"))).post("/api/account/tokens").then()
                .statusCode(401).body("code", equalTo("player-key-required"));
        json().header("X-Player-Key", key).get("/api/account/tokens").then().statusCode(200).body("items", hasSize(0));
    }
}
