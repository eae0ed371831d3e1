package dev.cardtable.pairing;

import dev.cardtable.support.Db;
import dev.cardtable.support.MovableClock;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static dev.cardtable.players.PlayersTest.register;
import static dev.cardtable.players.PlayersTest.unique;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Quick pairing (docs/api.md, "Quick pairing"): compatible seeks make one game with both seats
 * verified, each seek paired once; seeks end cancelled, timed out or abandoned; refusals change
 * nothing.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
public class SeeksTest {

    @Inject
    Pairing pairing;

    @Inject
    MovableClock clock;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    static RequestSpecification as(String key) {
        RequestSpecification r = given().contentType(ContentType.JSON).accept(ContentType.JSON);
        return key == null ? r : r.header("X-Player-Key", key);
    }

    static String seek(String key, Map<String, ?> body) {
        return as(key).body(body).post("/api/seeks").then().statusCode(201).body("status", equalTo("open"))
                .extract().path("id");
    }

    /** Runs pairing until nothing more pairs; the games made. */
    private List<UUID> pairAll() {
        return pairing.run();
    }

    @Test
    void twoCompatibleSeeksMakeOneGameWithBothSeatsVerified() {
        // A clock of its own keeps these seeks apart from other tests' open seeks.
        Map<String, Object> clock = Map.of("type", "correspondence", "perMove", "PT" + (1000 + new java.util.Random().nextInt(8000)) + "S");
        String alice = unique("skA"), bob = unique("skB");
        String aliceKey = register(alice), bobKey = register(bob);
        String a = seek(aliceKey, Map.of("type", "dazzle", "rated", true, "clock", clock));
        as(aliceKey).get("/api/seeks/" + a).then().statusCode(200).body("rating", equalTo(1500))
                .body("ratingRange", nullValue()).body("gameId", nullValue());
        pairAll();
        as(aliceKey).get("/api/seeks/" + a).then().body("status", equalTo("open"));
        String b = seek(bobKey, Map.of("type", "dazzle", "rated", true, "clock", clock));
        pairAll();
        String gameId = as(aliceKey).get("/api/seeks/" + a).then().body("status", equalTo("paired"))
                .body("gameId", notNullValue()).extract().path("gameId");
        as(bobKey).get("/api/seeks/" + b).then().body("status", equalTo("paired")).body("gameId", equalTo(gameId));
        as(aliceKey).get("/api/games/" + gameId).then().statusCode(200).body("status", equalTo("active"))
                .body("rated", equalTo(true)).body("seats[0].verified", equalTo(true)).body("seats[1].verified", equalTo(true))
                .body("viewer", notNullValue());
        as(bobKey).get("/api/games/" + gameId).then().body("viewer", notNullValue());
        as(aliceKey).get("/api/seeks").then().body("items", hasSize(0));
        // A paired seek cannot be cancelled, and pairs no second time.
        as(aliceKey).delete("/api/seeks/" + a).then().statusCode(409).body("code", equalTo("seek-not-open"))
                .body("seekStatus", equalTo("paired")).body("gameId", equalTo(gameId));
        pairAll();
        try {
            assertEquals("1", Db.scalar("select count(distinct game_id) from seeks where id in (?::uuid, ?::uuid)", a, b));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void explicitRangesAreHardAndOneSeekPairsOnce() {
        Map<String, Object> clock = Map.of("type", "correspondence", "perMove", "PT" + (10000 + new java.util.Random().nextInt(8000)) + "S");
        String a = unique("skC"), b = unique("skD"), c = unique("skE");
        String aKey = register(a), bKey = register(b), cKey = register(c);
        // Every new player is 1500: a range that leaves 1500 out never pairs.
        String picky = seek(aKey, Map.of("type", "dazzle", "clock", clock, "ratingRange", Map.of("min", 1600)));
        String first = seek(bKey, Map.of("type", "dazzle", "clock", clock));
        String second = seek(cKey, Map.of("type", "dazzle", "clock", clock));
        List<UUID> made = pairAll();
        as(aKey).get("/api/seeks/" + picky).then().body("status", equalTo("open"))
                .body("ratingRange.min", equalTo(1600));
        // b's and c's seeks paired with each other, once.
        String g1 = as(bKey).get("/api/seeks/" + first).then().body("status", equalTo("paired")).extract().path("gameId");
        as(cKey).get("/api/seeks/" + second).then().body("gameId", equalTo(g1));
        assertTrue(made.contains(UUID.fromString(g1)));
        as(aKey).delete("/api/seeks/" + picky).then().statusCode(200).body("status", equalTo("cancelled"));
        as(aKey).delete("/api/seeks/" + picky).then().statusCode(409).body("seekStatus", equalTo("cancelled"));
    }

    @Test
    void seeksTimeOutOrAreAbandonedAndRefusalsChangeNothing() throws Exception {
        String a = unique("skF"), b = unique("skG");
        String aKey = register(a), bKey = register(b);
        String before = Db.scalar("select count(*) from seeks");
        as(null).body(Map.of("type", "dazzle")).post("/api/seeks").then().statusCode(401).body("code", equalTo("player-key-required"));
        as(aKey).body(Map.of("type", "scoundrel")).post("/api/seeks").then().statusCode(422).body("code", equalTo("two-player-game-type"));
        as(aKey).body(Map.of("type", "dazzle", "ratingRange", Map.of("min", 1700, "max", 1600))).post("/api/seeks").then()
                .statusCode(400).body("code", equalTo("malformed-request"));
        as(aKey).body(Map.of("type", "dazzle", "ratingRange", Map.of())).post("/api/seeks").then().statusCode(400);
        as(aKey).body(Map.of("type", "dazzle", "ruleset", "nope")).post("/api/seeks").then().statusCode(400);
        as(aKey).body(Map.of()).post("/api/seeks").then().statusCode(400);
        assertEquals(before, Db.scalar("select count(*) from seeks"));
        as(bKey).get("/api/seeks/" + UUID.randomUUID()).then().statusCode(404).body("code", equalTo("seek-not-found"));

        // Five open seeks at most.
        Map<String, Object> lonely = Map.of("type", "dazzle", "ratingRange", Map.of("min", 3900));
        String first = null;
        for (int i = 0; i < 5; i++) {
            String id = seek(aKey, lonely);
            first = first == null ? id : first;
        }
        as(aKey).body(lonely).post("/api/seeks").then().statusCode(429).body("code", equalTo("seek-limit")).body("limit", equalTo(5));
        as(bKey).get("/api/seeks/" + first).then().statusCode(404);

        // Kept alive by reading them; abandoned after the keep-alive without; timed out after 10 minutes.
        clock.advance(Duration.ofSeconds(50));
        as(aKey).get("/api/seeks").then().body("items", hasSize(5));
        clock.advance(Duration.ofSeconds(50));
        pairAll();
        as(aKey).get("/api/seeks/" + first).then().body("status", equalTo("open"));
        clock.advance(Duration.ofSeconds(61));
        pairAll();
        as(aKey).get("/api/seeks/" + first).then().body("status", equalTo("abandoned"));
        String timed = seek(bKey, lonely);
        for (int i = 0; i < 11; i++) {
            clock.advance(Duration.ofMinutes(1));
            as(bKey).get("/api/seeks").then().statusCode(200);
        }
        pairAll();
        as(bKey).get("/api/seeks/" + timed).then().body("status", equalTo("expired"));
    }

    /**
     * A read of an open seek keeps it alive, but must not write back what it read: a pairing that
     * commits while the read waits on the seek's row stays paired.
     */
    @Test
    void readingASeekWhileItIsPairedDoesNotUndoThePairing() throws Exception {
        Map<String, Object> clock = Map.of("type", "correspondence", "perMove", "PT" + (20000 + new java.util.Random().nextInt(8000)) + "S");
        String p = unique("skR");
        String key = register(p);
        String id = seek(key, Map.of("type", "dazzle", "clock", clock));
        UUID game = UUID.randomUUID();
        java.util.concurrent.ExecutorService reader = java.util.concurrent.Executors.newSingleThreadExecutor();
        try (java.sql.Connection pairer = Db.connect()) {
            pairer.setAutoCommit(false);
            // As Pairing does: the seek's row locked, then paired, not yet committed.
            try (var st = pairer.prepareStatement("update seeks set status = 'paired', game_id = ?, ended_at = now() "
                    + "where id = ?::uuid and status = 'open'")) {
                st.setObject(1, game);
                st.setString(2, id);
                assertEquals(1, st.executeUpdate());
            }
            String pid;
            try (var st = pairer.createStatement(); var rs = st.executeQuery("select pg_backend_pid()")) {
                rs.next();
                pid = rs.getString(1);
            }
            var read = reader.submit(() -> as(key).get("/api/seeks/" + id).then().extract().statusCode());
            // The read saw the seek open and now waits on its row.
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (!"1".equals(Db.scalar("select count(*) from pg_stat_activity where ?::int = any(pg_blocking_pids(pid))", pid))) {
                assertTrue(System.nanoTime() < deadline, "the read never waited on the seek's row");
                Thread.sleep(20);
            }
            pairer.commit();
            assertEquals(200, read.get(20, java.util.concurrent.TimeUnit.SECONDS));
        } finally {
            reader.shutdownNow();
        }
        assertEquals("paired", Db.scalar("select status from seeks where id = ?::uuid", id));
        assertEquals(game.toString(), Db.scalar("select game_id from seeks where id = ?::uuid", id));
        as(key).get("/api/seeks/" + id).then().body("status", equalTo("paired")).body("gameId", equalTo(game.toString()));
    }

    @Test
    void aPlayerInTooManyGamesCannotSeek() throws Exception {
        String a = unique("skH");
        String aKey = register(a);
        for (int i = 0; i < 20; i++) {
            as(aKey).body(Map.of("type", "dazzle", "seats", List.of(Map.of("name", a), Map.of("open", true))))
                    .post("/api/games").then().statusCode(201);
        }
        as(aKey).body(Map.of("type", "dazzle")).post("/api/seeks").then().statusCode(409)
                .body("code", equalTo("active-games-limit")).body("limit", equalTo(20));
    }
}
