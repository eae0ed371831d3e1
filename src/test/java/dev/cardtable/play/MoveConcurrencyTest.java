package dev.cardtable.play;

import dev.cardtable.support.Api;
import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.Race;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import static dev.cardtable.support.Api.as;
import static dev.cardtable.support.Api.move;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Moves on one game are serialised by the database; retries with an Idempotency-Key apply once. */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class MoveConcurrencyTest {

    @Test
    void ofConcurrentMovesForTheSameVersionExactlyOneApplies() throws Exception {
        Api.Created g = Api.scoundrel("42", "racer");
        List<String> room = g.response().path("view.room");
        int clients = 8;
        List<Callable<Integer>> calls = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            // Different legal moves, all for version 0.
            Map<String, Object> m = i == 0 ? Map.of("action", "avoid") : Map.of("action", "play", "card", room.get(i % 4));
            calls.add(() -> as(g.token()).header("If-Match", "\"0\"").body(m).post("/api/games/" + g.id() + "/moves").statusCode());
        }
        List<Integer> codes = Race.run(calls);
        assertEquals(1, codes.stream().filter(c -> c == 200).count(), codes.toString());
        assertEquals(clients - 1, codes.stream().filter(c -> c == 412).count(), codes.toString());
        as(null).get("/api/games/" + g.id()).then().body("version", equalTo(1));
        as(null).get("/api/games/" + g.id() + "/moves").then().body("items", hasSize(1));
    }

    /** Several If-Match headers are one list (RFC 9110 5.3): a move applies if any of them names its version. */
    @Test
    void ifMatchHeadersAreOneList() {
        Api.Created g = Api.scoundrel("42", "lists");
        as(g.token()).header("If-Match", "\"7\"").header("If-Match", "\"0\"").body(Map.of("action", "avoid"))
                .post("/api/games/" + g.id() + "/moves").then().statusCode(200).body("version", equalTo(1));
        as(g.token()).header("If-Match", "\"7\"").header("If-Match", "W/\"1\"").body(Map.of("action", "avoid"))
                .post("/api/games/" + g.id() + "/moves").then().statusCode(412).body("currentVersion", equalTo(1));
        as(g.token()).header("If-Match", "W/\"1\"").body(Map.of("action", "avoid"))
                .post("/api/games/" + g.id() + "/moves").then().statusCode(412)
                .body("detail", containsString("names no version of the game (a weak tag, W/\"…\", never matches)"));
        as(g.token()).header("If-Match", "garbage").body(Map.of("action", "avoid"))
                .post("/api/games/" + g.id() + "/moves").then().statusCode(412)
                .body("detail", equalTo("If-Match garbage names no version of the game (a version is an entity tag"
                        + " such as \"7\") but the game is at version 1"));
    }

    /**
     * Moves read without the lock and written only if the game is still at the version read: a
     * move overtaken by another is tried again from the game as it is then, so none is lost, none
     * is applied twice, and the stored game agrees with its log.
     */
    @Test
    void concurrentMovesWithoutIfMatchAreEachAppliedOnceOrRefused() throws Exception {
        for (int round = 0; round < 5; round++) {
            Api.Created g = Api.scoundrel(Integer.toString(100 + round), "racer" + round);
            List<String> room = g.response().path("view.room");
            List<Callable<Integer>> calls = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                Map<String, Object> m = Map.of("action", "play", "card", room.get(i % 3));
                calls.add(() -> as(g.token()).body(m).post("/api/games/" + g.id() + "/moves").statusCode());
            }
            List<Integer> codes = Race.run(calls);
            long applied = codes.stream().filter(c -> c == 200).count();
            assertTrue(codes.stream().allMatch(c -> c == 200 || c == 409 || c == 422), codes.toString());
            // Each card can be played once, and at least the first request to be written applies.
            assertTrue(applied >= 1 && applied <= 3, codes.toString());
            as(null).get("/api/games/" + g.id()).then().body("version", equalTo((int) applied));
            List<String> played = as(null).get("/api/games/" + g.id() + "/moves").path("items.move.card");
            assertEquals(applied, played.size(), played.toString());
            assertEquals(played.size(), played.stream().distinct().count(), "no card played twice: " + played);
            // The stored position is the log's replay.
            assertEquals(as(null).get("/api/games/" + g.id()).path("view").toString(),
                    as(null).get("/api/games/" + g.id() + "/states/" + applied).path("view").toString());
        }
    }

    @Test
    void ofConcurrentRequestsForOneOpenSeatExactlyOneTakesIt() throws Exception {
        for (int round = 0; round < 3; round++) {
            String id = Api.create(Map.of("type", "dazzle", "seats", List.of(Map.of("name", "host" + round),
                    Map.of("open", true)))).path("id");
            List<Callable<Integer>> takers = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                String name = "taker" + round + "-" + i;
                takers.add(() -> as(null).body(Map.of("name", name)).post("/api/games/" + id + "/seats/1").statusCode());
            }
            List<Integer> statuses = Race.run(takers);
            assertEquals(1, statuses.stream().filter(s -> s == 200).count(), "one seat, one taker: " + statuses);
            assertEquals(7, statuses.stream().filter(s -> s == 409).count(), statuses.toString());
            as(null).get("/api/games/" + id).then().body("version", equalTo(1)).body("status", equalTo("active"));
        }
    }

    @Test
    void aRetryWithTheSameIdempotencyKeyReturnsTheFirstResponseAndAppliesOnce() {
        Api.Created g = Api.scoundrel("idem", "retry");
        List<String> room = g.response().path("view.room");
        Map<String, Object> m = Map.of("action", "play", "card", room.get(0));
        Response first = as(g.token()).header("Idempotency-Key", "k-1").body(m).post("/api/games/" + g.id() + "/moves");
        first.then().statusCode(200).body("version", equalTo(1));
        Response retry = as(g.token()).header("Idempotency-Key", "k-1").body(m).post("/api/games/" + g.id() + "/moves");
        retry.then().statusCode(200).header("Idempotent-Replayed", "true");
        assertEquals(first.asString(), retry.asString());
        assertEquals(first.header("ETag"), retry.header("ETag"));
        as(null).get("/api/games/" + g.id()).then().body("version", equalTo(1));
        // The same key with another body is refused and changes nothing.
        as(g.token()).header("Idempotency-Key", "k-1").body(Map.of("action", "play", "card", room.get(1)))
                .post("/api/games/" + g.id() + "/moves").then().statusCode(422).body("code", equalTo("idempotency-key-reused"));
        as(null).get("/api/games/" + g.id()).then().body("version", equalTo(1));
        // Two keys in one request are refused.
        as(g.token()).header("Idempotency-Key", "k-2").header("Idempotency-Key", "k-3").body(Map.of("action", "play", "card", room.get(1)))
                .post("/api/games/" + g.id() + "/moves").then().statusCode(400).body("code", equalTo("malformed-request"));
        as(null).get("/api/games/" + g.id()).then().body("version", equalTo(1));
        // An empty key is refused, not taken for no key (which would leave a retry unprotected).
        as(g.token()).header("Idempotency-Key", "").body(Map.of("action", "play", "card", room.get(1)))
                .post("/api/games/" + g.id() + "/moves").then().statusCode(400).body("code", equalTo("malformed-request"))
                .body("detail", containsString("1 to 255 characters"));
        as(g.token()).header("Idempotency-Key", "k".repeat(256)).body(Map.of("action", "play", "card", room.get(1)))
                .post("/api/games/" + g.id() + "/moves").then().statusCode(400).body("code", equalTo("malformed-request"))
                .body("detail", containsString("1 to 255 characters"));
        // Bytes beyond ASCII in the key (é in ISO-8859-1) are refused before the move is looked at.
        String body = "{\"action\":\"play\",\"card\":\"" + room.get(1) + "\"}";
        dev.cardtable.support.RawHttp.Response raw = dev.cardtable.support.RawHttp.send(io.restassured.RestAssured.port,
                "POST /api/games/" + g.id() + "/moves HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                        + "Authorization: Bearer " + g.token() + "\r\nContent-Type: application/json\r\n"
                        + "Idempotency-Key: \u00e9t\u00e9\r\nContent-Length: " + body.length(),
                body.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        assertEquals(400, raw.status(), raw.body());
        assertTrue(raw.body().contains("\"code\":\"malformed-request\"") && raw.body().contains("printable ASCII"), raw.body());
        as(null).get("/api/games/" + g.id()).then().body("version", equalTo(1));
        // A new key is a new move.
        move(g.id(), g.token(), Map.of("action", "play", "card", room.get(1))).then().statusCode(200).body("version", equalTo(2));
    }
}
