package dev.cardtable.platform.http;

import dev.cardtable.play.ScoundrelGameTest;
import dev.cardtable.play.ServerRestartIT;
import dev.cardtable.support.Api;
import dev.cardtable.support.Db;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static dev.cardtable.support.Api.as;
import static dev.cardtable.support.Api.move;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Per-client rate limits with low settings: beyond its allowance a client gets {@code 429
 * rate-limited} with a truthful {@code Retry-After}, and the refused request changes nothing.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
@TestProfile(RateLimitTest.LowLimits.class)
class RateLimitTest {

    /** Limits a test can exhaust in a few requests; one token back every 2.5 s for creates. */
    public static class LowLimits implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("cardtable.rate-limit.period", "10s",
                    "cardtable.rate-limit.create", "4",
                    "cardtable.rate-limit.seat", "2",
                    "cardtable.rate-limit.import", "1",
                    "cardtable.rate-limit.move", "5",
                    "cardtable.rate-limit.register", "2",
                    "cardtable.rate-limit.challenge", "2",
                    "cardtable.rate-limit.seek", "2",
                    "cardtable.rate-limit.arena", "2");
        }
    }

    /** Every test starts with full shared buckets, and leaves none behind for other test classes. */
    @BeforeEach
    @AfterEach
    void emptySharedBuckets() throws Exception {
        Db.update("delete from rate_limit_buckets");
    }

    private static Response createFor(String name) {
        return as(null).body(Map.of("type", "scoundrel", "seed", "limit-" + UUID.randomUUID(),
                "seats", List.of(Map.of("name", name)))).post("/api/games").then().extract().response();
    }

    private static void assertLimited(Response r, String what) {
        r.then().statusCode(429).contentType("application/problem+json")
                .body("code", equalTo("rate-limited")).body("status", equalTo(429))
                .body("detail", containsString(what));
        long retryAfter = Long.parseLong(r.header("Retry-After"));
        assertTrue(retryAfter >= 1 && retryAfter <= 10, "Retry-After " + retryAfter);
        assertEquals(retryAfter, ((Number) r.path("retryAfter")).longValue());
    }

    @Test
    void aPlayerKeyIsCountedForItsPlayerWhateverTheAddressAndRegistrationsPerAddress() {
        String alice = "rl-a-" + UUID.randomUUID().toString().substring(0, 8);
        String bob = "rl-b-" + UUID.randomUUID().toString().substring(0, 8);
        String aliceKey = as(null).body(Map.of("name", alice)).post("/api/players").then().statusCode(201).extract().path("key");
        String bobKey = as(null).body(Map.of("name", bob)).post("/api/players").then().statusCode(201).extract().path("key");
        assertLimited(as(null).body(Map.of("name", "rl-c")).post("/api/players").then().extract().response(),
                "name registrations from this address");

        for (int i = 0; i < 4; i++) {
            createWithKey(alice, aliceKey).then().statusCode(201);
        }
        assertLimited(createWithKey(alice, aliceKey), "game creations from this player");
        // A new key is the same player: its allowance is not renewed by rotating.
        String rotated = as(null).header("X-Player-Key", aliceKey).post("/api/players/" + alice + "/key").then()
                .statusCode(200).extract().path("key");
        assertLimited(createWithKey(alice, rotated), "game creations from this player");
        // Another player on the same address, and the address itself, have their own allowances.
        createWithKey(bob, bobKey).then().statusCode(201);
        createFor("rl-anon-" + UUID.randomUUID().toString().substring(0, 8)).then().statusCode(201);
        // A key that opens nothing is counted for the address, and refused.
        createWithKey(alice, "forged").then().statusCode(401).body("code", equalTo("player-key-invalid"));
    }

    private static Response createWithKey(String name, String key) {
        return as(null).header("X-Player-Key", key).body(Map.of("type", "scoundrel", "seed", "limit-" + UUID.randomUUID(),
                "seats", List.of(Map.of("name", name)))).post("/api/games").then().extract().response();
    }

    @Test
    void creatingGamesBeyondTheLimitIsRefusedChangesNothingAndIsAllowedAgainAfterRetryAfter() throws Exception {
        String name = "limited-" + UUID.randomUUID().toString().substring(0, 8);
        List<Integer> statuses = new ArrayList<>();
        Response refused = null;
        for (int i = 0; i < 12 && refused == null; i++) {
            Response r = createFor(name);
            statuses.add(r.statusCode());
            if (r.statusCode() == 429) {
                refused = r;
            } else {
                assertEquals(201, r.statusCode(), r.asString());
            }
        }
        assertTrue(refused != null, "never limited: " + statuses);
        // The allowance is 4 at once (a token comes back only every 2.5 s, so a slow machine may get one more).
        long created = statuses.stream().filter(s -> s == 201).count();
        assertTrue(created >= 4 && created <= 6, statuses.toString());
        assertLimited(refused, "game creations");
        // A forwarded address is not believed unless proxy address forwarding is configured.
        as(null).header("X-Forwarded-For", "203.0.113.7").body(Map.of("type", "scoundrel",
                "seats", List.of(Map.of("name", name)))).post("/api/games").then().statusCode(429);
        // The refused request stored nothing: the player has exactly the games that were created.
        assertEquals(Long.toString(created), Db.scalar("select count(*) from seats where name = ?", name));
        // The shared bucket lives in the database, where every instance counts against it.
        assertEquals("1", Db.scalar("select count(*) from rate_limit_buckets where id like 'create:%'"));
        // Retry-After is truthful: after it, the client may create again.
        Thread.sleep(Long.parseLong(refused.header("Retry-After")) * 1000 + 200);
        createFor(name).then().statusCode(201);
    }

    @Test
    void movesBeyondTheLimitAreRefusedAndTheGameIsUnchanged() {
        // The winnable deal, playing its first "play" move each time, lasts well beyond the limit.
        Response last = Api.create(Map.of("type", "scoundrel", "deal", ScoundrelGameTest.WINNABLE,
                "seats", List.of(Map.of("name", "mover"))));
        Api.Created g = new Api.Created(last.path("id"), last.path("credentials[0].token"), last);
        String id = g.id();
        int applied = 0;
        Response refused = null;
        for (int i = 0; i < 12 && refused == null; i++) {
            Response r = move(id, g.token(), ServerRestartIT.firstPlay(last.jsonPath()));
            if (r.statusCode() == 429) {
                refused = r;
            } else {
                assertEquals(200, r.statusCode(), r.asString());
                applied++;
                last = r;
            }
        }
        assertTrue(refused != null, "moves were never limited");
        assertTrue(applied >= 5 && applied <= 6, "applied " + applied);
        assertLimited(refused, "moves");
        as(g.token()).get("/api/games/" + id).then().statusCode(200).body("version", equalTo(applied));
        as(null).get("/api/games/" + id + "/moves").then().statusCode(200).body("items.size()", equalTo(applied));
        // Reading costs one token of a budget far above ten reads.
        for (int i = 0; i < 10; i++) {
            as(g.token()).get("/api/games/" + id).then().statusCode(200);
        }
    }

    @Test
    void takingSeatsAndImportingAreLimitedToo() {
        Response created = Api.create(Map.of("type", "dazzle", "seats", List.of(Map.of("name", "host"), Map.of("open", true))));
        String id = created.path("id");
        as(null).body(Map.of("name", "guest")).post("/api/games/" + id + "/seats/1").then().statusCode(200);
        // A refused attempt counts too: the seat is taken now.
        as(null).body(Map.of("name", "late")).post("/api/games/" + id + "/seats/1").then().statusCode(409);
        assertLimited(as(null).body(Map.of("name", "later")).post("/api/games/" + id + "/seats/1").then().extract().response(),
                "seats taken");
        as(null).get("/api/games/" + id).then().body("seats[1].name", equalTo("guest"));

        Map<String, Object> record = as(null).get("/api/games/" + id + "/record").then().statusCode(200)
                .extract().jsonPath().getMap("$");
        int first = as(null).body(record).post("/api/games/import").statusCode();
        assertNotEquals(429, first);
        assertLimited(as(null).body(record).post("/api/games/import").then().extract().response(), "record imports");
    }

    @Test
    void limitedRoutesAreTheWritesNamedInTheApi() {
        assertEquals(RateLimits.Route.CREATE, RateLimitFilter.route("POST", "/api/games"));
        assertEquals(RateLimits.Route.CREATE, RateLimitFilter.route("POST", "/api/games/"));
        assertEquals(RateLimits.Route.IMPORT, RateLimitFilter.route("POST", "/api/games/import"));
        assertEquals(RateLimits.Route.SEAT, RateLimitFilter.route("POST", "/api/games/abc/seats/1"));
        assertEquals(RateLimits.Route.MOVE, RateLimitFilter.route("POST", "/api/games/abc/moves"));
        assertEquals(RateLimits.Route.CREATE, RateLimitFilter.route("POST", "/api/games/abc/rematch"));
        assertEquals(RateLimits.Route.MOVE, RateLimitFilter.route("POST", "/api/games/abc/cancel"));
        assertEquals(RateLimits.Route.CHALLENGE, RateLimitFilter.route("POST", "/api/challenges"));
        assertEquals(RateLimits.Route.SEEK, RateLimitFilter.route("POST", "/api/seeks"));
        assertEquals(RateLimits.Route.ARENA, RateLimitFilter.route("POST", "/api/arenas"));
        assertEquals(null, RateLimitFilter.route("POST", "/api/arenas/abc/join"));
        assertEquals(null, RateLimitFilter.route("POST", "/api/challenges/abc/accept"));
        assertEquals(null, RateLimitFilter.route("GET", "/api/games"));
        assertEquals(null, RateLimitFilter.route("GET", "/api/games/abc/moves"));
        assertEquals(null, RateLimitFilter.route("POST", "/api/games/abc/states/1"));
    }

    /** Challenges and seeks are limited per player, before their own caps (10 pending, 5 open). */
    @Test
    void challengesAndSeeksAreLimitedPerPlayer() throws Exception {
        String alice = "rlA" + UUID.randomUUID().toString().substring(0, 6);
        String bob = "rlB" + UUID.randomUUID().toString().substring(0, 6);
        String aliceKey = as(null).body(Map.of("name", alice)).post("/api/players").then().statusCode(201).extract().path("key");
        String bobKey = as(null).body(Map.of("name", bob)).post("/api/players").then().statusCode(201).extract().path("key");
        for (int i = 0; i < 2; i++) {
            as(null).header("X-Player-Key", aliceKey).body(Map.of("player", bob, "type", "dazzle")).post("/api/challenges")
                    .then().statusCode(201);
        }
        String before = Db.scalar("select count(*) from challenges");
        as(null).header("X-Player-Key", aliceKey).body(Map.of("player", bob, "type", "dazzle")).post("/api/challenges")
                .then().statusCode(429).body("code", equalTo("rate-limited")).header("Retry-After", org.hamcrest.Matchers.notNullValue())
                .body("detail", containsString("challenges from this player"));
        assertEquals(before, Db.scalar("select count(*) from challenges"));
        for (int i = 0; i < 2; i++) {
            as(null).header("X-Player-Key", aliceKey).body(Map.of("type", "dazzle")).post("/api/seeks").then().statusCode(201);
        }
        as(null).header("X-Player-Key", aliceKey).body(Map.of("type", "dazzle")).post("/api/seeks").then().statusCode(429)
                .body("code", equalTo("rate-limited"));
        // Another player's allowance is its own.
        as(null).header("X-Player-Key", bobKey).body(Map.of("type", "dazzle", "ratingRange", Map.of("min", 3999)))
                .post("/api/seeks").then().statusCode(201);
        as(null).header("X-Player-Key", bobKey).body(Map.of("player", alice, "type", "dazzle")).post("/api/challenges")
                .then().statusCode(201);
    }

    /** Arenas are limited per player too: the third in a period is refused and makes nothing. */
    @Test
    void arenaCreationsAreLimitedPerPlayer() throws Exception {
        String carol = "rlC" + UUID.randomUUID().toString().substring(0, 6);
        String dan = "rlD" + UUID.randomUUID().toString().substring(0, 6);
        String carolKey = as(null).body(Map.of("name", carol)).post("/api/players").then().statusCode(201).extract().path("key");
        String danKey = as(null).body(Map.of("name", dan)).post("/api/players").then().statusCode(201).extract().path("key");
        Map<String, Object> arena = Map.of("name", "Limited", "minutes", 30, "rated", false,
                "clock", Map.of("type", "fischer", "initial", "PT3M", "increment", "PT2S"));
        for (int i = 0; i < 2; i++) {
            as(null).header("X-Player-Key", carolKey).body(arena).post("/api/arenas").then().statusCode(201);
        }
        String before = Db.scalar("select count(*) from arenas");
        as(null).header("X-Player-Key", carolKey).body(arena).post("/api/arenas").then().statusCode(429)
                .contentType("application/problem+json").body("code", equalTo("rate-limited"))
                .body("limitName", equalTo("arena")).body("detail", containsString("arena creations from this player"));
        assertEquals(before, Db.scalar("select count(*) from arenas"));
        as(null).header("X-Player-Key", danKey).body(arena).post("/api/arenas").then().statusCode(201);
    }
}
