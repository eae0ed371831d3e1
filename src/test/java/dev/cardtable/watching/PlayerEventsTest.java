package dev.cardtable.watching;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.SseClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.cardtable.players.PlayersTest.register;
import static dev.cardtable.players.PlayersTest.unique;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A player's event stream (docs/api.md, "A player's event stream"): a snapshot, then every
 * challenge, game start, turn and finish of the player, once each and in order; a reconnect with
 * Last-Event-ID resumes after it; only the player's key or ticket opens it.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class PlayerEventsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(10);

    static RequestSpecification as(String key) {
        RequestSpecification r = given().contentType(ContentType.JSON).accept(ContentType.JSON);
        return key == null ? r : r.header("X-Player-Key", key);
    }

    private static String events(String name) {
        return "http://localhost:" + RestAssured.port + "/api/players/" + name + "/events";
    }

    /** The next event, failing when none comes in time. */
    private static SseClient.Event next(SseClient sse) throws InterruptedException {
        SseClient.Event e = sse.poll(WAIT);
        assertNotNull(e, "an event within " + WAIT);
        return e;
    }

    private static JsonNode data(SseClient.Event e) throws Exception {
        return JSON.readTree(e.data());
    }

    @Test
    void aPlayersStreamTellsChallengesGameStartsTurnsAndFinishesOnce() throws Exception {
        String alice = unique("evA"), bob = unique("evB");
        String aliceKey = register(alice), bobKey = register(bob);
        String bobTicket = as(bobKey).post("/api/players/" + bob + "/events/tickets").then().statusCode(201)
                .extract().path("ticket");
        try (SseClient a = SseClient.connectAs(events(alice), null, aliceKey);
             SseClient b = SseClient.connect(events(bob) + "?ticket=" + bobTicket, null, null)) {
            assertEquals(200, a.status());
            assertEquals(200, b.status());
            SseClient.Event snapshot = next(a);
            assertEquals("snapshot", snapshot.name());
            assertNull(snapshot.id());
            assertEquals(0, data(snapshot).path("games").size());
            assertEquals("snapshot", next(b).name());

            String challengeId = as(aliceKey).body(Map.of("player", bob, "type", "dazzle", "rated", true, "challengerSeat", 0,
                            "clock", Map.of("type", "fischer", "initial", "PT5M", "increment", "PT2S")))
                    .post("/api/challenges").then().statusCode(201).extract().path("id");
            for (SseClient s : List.of(a, b)) {
                SseClient.Event e = next(s);
                assertEquals("challenge", e.name());
                assertEquals(challengeId, data(e).path("id").asText());
                assertNotNull(e.id());
            }
            String gameId = as(bobKey).post("/api/challenges/" + challengeId + "/accept").then().statusCode(201)
                    .extract().path("game.id");
            SseClient.Event aStart = next(a);
            assertEquals("gameStart", aStart.name());
            assertEquals(gameId, data(aStart).path("gameId").asText());
            assertEquals(0, data(aStart).path("seat").asInt());
            SseClient.Event aTurn = next(a);
            assertEquals("yourTurn", aTurn.name());
            assertEquals(gameId, data(aTurn).path("gameId").asText());
            // The clock runs from the start: the first turn names its deadline, as the game does.
            String deadline = as(aliceKey).get("/api/games/" + gameId).then().extract().path("clock.deadline");
            assertNotNull(deadline);
            assertEquals(Instant.parse(deadline), Instant.parse(data(aTurn).path("deadline").asText()).truncatedTo(ChronoUnit.MILLIS),
                    aTurn.data());
            SseClient.Event bStart = next(b);
            assertEquals("gameStart", bStart.name());
            assertEquals(1, data(bStart).path("seat").asInt());

            // Alice moves with her key; bob's turn comes; then bob resigns.
            Map<String, Object> move = as(aliceKey).get("/api/games/" + gameId).then().extract().jsonPath().getMap("legalMoves[0]");
            as(aliceKey).body(move).post("/api/games/" + gameId + "/moves").then().statusCode(200);
            SseClient.Event bTurn = next(b);
            assertEquals("yourTurn", bTurn.name());
            // The game's version, as If-Match takes it.
            int version = as(bobKey).get("/api/games/" + gameId).then().extract().path("version");
            assertEquals(version, data(bTurn).path("version").asInt());
            as(bobKey).body(Map.of("action", "resign")).post("/api/games/" + gameId + "/moves").then().statusCode(200);
            SseClient.Event aFinish = next(a);
            assertEquals("gameFinish", aFinish.name());
            assertEquals("won", data(aFinish).path("outcome").asText());
            assertTrue(data(aFinish).path("ratingDiff").asDouble() > 0, aFinish.data());
            SseClient.Event bFinish = next(b);
            assertEquals("gameFinish", bFinish.name());
            assertEquals("lost", data(bFinish).path("outcome").asText());
            // Nothing more: every event came once.
            assertNull(a.poll(Duration.ofMillis(500)));
            assertNull(b.poll(Duration.ofMillis(500)));

            // A reconnect after the challenge event gets what followed, without a snapshot.
            List<String> names = new ArrayList<>();
            try (SseClient again = SseClient.connectAs(events(alice), aStart.id(), aliceKey)) {
                assertEquals(200, again.status());
                for (SseClient.Event e : again.take(2, WAIT)) {
                    names.add(e.name());
                }
            }
            assertEquals(List.of("yourTurn", "gameFinish"), names);
        }
    }

    @Test
    void theSnapshotListsPendingChallengesAndRunningGamesWithWhoseTurnItIs() throws Exception {
        String alice = unique("evC"), bob = unique("evD");
        String aliceKey = register(alice), bobKey = register(bob);
        String pending = as(aliceKey).body(Map.of("player", bob, "type", "dazzle")).post("/api/challenges").then()
                .statusCode(201).extract().path("id");
        String accepted = as(aliceKey).body(Map.of("player", bob, "type", "dazzle", "challengerSeat", 1))
                .post("/api/challenges").then().statusCode(201).extract().path("id");
        String gameId = as(bobKey).post("/api/challenges/" + accepted + "/accept").then().statusCode(201).extract().path("game.id");
        try (SseClient b = SseClient.connectAs(events(bob), null, bobKey)) {
            SseClient.Event e = next(b);
            assertEquals("snapshot", e.name());
            JsonNode d = data(e);
            assertEquals(pending, d.path("challenges").path("in").get(0).path("id").asText());
            assertEquals(0, d.path("challenges").path("out").size());
            JsonNode game = d.path("games").get(0);
            assertEquals(gameId, game.path("gameId").asText());
            assertEquals(0, game.path("seat").asInt());
            assertTrue(game.path("yourTurn").asBoolean(), e.data());

            as(bobKey).body(Map.of("reason", "later")).post("/api/challenges/" + pending + "/decline").then().statusCode(200);
            SseClient.Event declined = next(b);
            assertEquals("challengeDeclined", declined.name());
            assertEquals("later", data(declined).path("declineReason").asText());
        }
    }

    @Test
    void onlyThePlayersKeyOrTicketOpensItsStream() throws Exception {
        String alice = unique("evE"), bob = unique("evF");
        String aliceKey = register(alice), bobKey = register(bob);
        given().accept("text/event-stream").get("/api/players/" + alice + "/events").then().statusCode(401)
                .body("code", equalTo("player-key-required"));
        given().accept("text/event-stream").header("X-Player-Key", bobKey).get("/api/players/" + alice + "/events")
                .then().statusCode(403).body("code", equalTo("player-key-mismatch"));
        given().accept("text/event-stream").header("X-Player-Key", "nope").get("/api/players/" + alice + "/events")
                .then().statusCode(401).body("code", equalTo("player-key-invalid"));
        given().accept("text/event-stream").header("X-Player-Key", aliceKey).get("/api/players/" + unique("none") + "/events")
                .then().statusCode(404).body("code", equalTo("player-not-found"));
        String bobTicket = as(bobKey).post("/api/players/" + bob + "/events/tickets").then().statusCode(201).extract().path("ticket");
        given().accept("text/event-stream").queryParam("ticket", bobTicket).get("/api/players/" + alice + "/events")
                .then().statusCode(403).body("code", equalTo("player-key-mismatch"));
        given().accept("text/event-stream").queryParam("ticket", "forged.ticket").get("/api/players/" + alice + "/events")
                .then().statusCode(401).body("code", equalTo("unauthenticated"));
        as(bobKey).post("/api/players/" + alice + "/events/tickets").then().statusCode(403);
        // A seat's ticket opens no player's stream, and a player's ticket no game's.
        String gameId = as(aliceKey).body(Map.of("type", "dazzle", "seats", List.of(Map.of("name", alice), Map.of("ai", "random"))))
                .post("/api/games").then().statusCode(201).extract().path("id");
        String seatTicket = as(aliceKey).post("/api/games/" + gameId + "/stream-tickets").then().statusCode(201).extract().path("ticket");
        given().accept("text/event-stream").queryParam("ticket", seatTicket).get("/api/players/" + alice + "/events")
                .then().statusCode(401).body("code", equalTo("unauthenticated"));
        String aliceTicket = as(aliceKey).post("/api/players/" + alice + "/events/tickets").then().statusCode(201).extract().path("ticket");
        given().accept("text/event-stream").queryParam("ticket", aliceTicket).get("/api/games/" + gameId + "/events")
                .then().statusCode(401).body("code", equalTo("unauthenticated"));
    }

    @Test
    void aResumeAfterEveryEventWasPrunedGetsAFreshSnapshot() throws Exception {
        String alice = unique("evH"), bob = unique("evI");
        String aliceKey = register(alice), bobKey = register(bob);
        String lastId;
        try (SseClient a = SseClient.connectAs(events(alice), null, aliceKey)) {
            assertEquals("snapshot", next(a).name());
            as(bobKey).body(Map.of("player", alice, "type", "dazzle")).post("/api/challenges").then().statusCode(201);
            SseClient.Event challenge = next(a);
            assertEquals("challenge", challenge.name());
            lastId = challenge.id();
        }
        // Retention pruned every event kept (of anyone): what followed the id may be gone too.
        dev.cardtable.support.Db.update("delete from player_events");
        try (SseClient a = SseClient.connectAs(events(alice), lastId, aliceKey)) {
            SseClient.Event e = next(a);
            assertEquals("snapshot", e.name());
            assertEquals(1, data(e).path("challenges").path("in").size(), e.data());
        }
    }

    @Test
    void aRotatedOrRevokedKeyClosesThePlayersStreamsAndItsOldTicketsOpenNothing() throws Exception {
        String alice = unique("evJ");
        String oldKey = register(alice);
        String ticket = as(oldKey).post("/api/players/" + alice + "/events/tickets").then().statusCode(201)
                .extract().path("ticket");
        String newKey;
        try (SseClient byKey = SseClient.connectAs(events(alice), null, oldKey);
             SseClient byTicket = SseClient.connect(events(alice) + "?ticket=" + ticket, null, null)) {
            assertEquals("snapshot", next(byKey).name());
            assertEquals("snapshot", next(byTicket).name());
            newKey = as(oldKey).post("/api/players/" + alice + "/key").then().statusCode(200).extract().path("key");
            awaitEnd(byKey);
            awaitEnd(byTicket);
        }
        given().accept("text/event-stream").queryParam("ticket", ticket).get("/api/players/" + alice + "/events")
                .then().statusCode(401).body("code", equalTo("unauthenticated"));
        String fresh = as(newKey).post("/api/players/" + alice + "/events/tickets").then().statusCode(201)
                .extract().path("ticket");
        try (SseClient again = SseClient.connect(events(alice) + "?ticket=" + fresh, null, null)) {
            assertEquals("snapshot", next(again).name());
            as(newKey).delete("/api/players/" + alice + "/key").then().statusCode(204);
            awaitEnd(again);
        }
    }

    /** Waits until the server closes the stream. */
    private static void awaitEnd(SseClient sse) throws InterruptedException {
        long until = System.nanoTime() + WAIT.toNanos();
        while (!sse.ended() && System.nanoTime() < until) {
            Thread.sleep(50);
        }
        assertTrue(sse.ended(), "the stream was closed within " + WAIT);
    }

    /** Events are sent in the order of their transactions as numbers (9 before 10 before 100), on a resume too. */
    @Test
    void aResumeSendsEventsInTheOrderOfTheirTransactions() throws Exception {
        String alice = unique("evG");
        String aliceKey = register(alice);
        String id = dev.cardtable.support.Db.scalar("select id from players where name = ?", alice);
        String max = dev.cardtable.support.Db.scalar("select coalesce(max(id), 0) from player_events");
        for (String tx : List.of("100", "9", "10")) {
            dev.cardtable.support.Db.update("insert into player_events (player_id, kind, data, created_at, tx) values "
                    + "(?::uuid, 'challengeCanceled', ?, now(), ?::xid8)", id, "{\"n\":" + tx + "}", tx);
        }
        try (SseClient a = SseClient.connectAs(events(alice), "1-" + max, aliceKey)) {
            assertEquals(200, a.status());
            List<String> seen = new ArrayList<>();
            for (SseClient.Event e : a.take(3, WAIT)) {
                seen.add(data(e).path("n").asText());
            }
            assertEquals(List.of("9", "10", "100"), seen);
        }
        // An id of a transaction this database never began gets a fresh snapshot, not silence.
        try (SseClient a = SseClient.connectAs(events(alice), "99999999999-1", aliceKey)) {
            assertEquals("snapshot", next(a).name());
        }
    }
}
