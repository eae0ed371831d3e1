package dev.cardtable.watching;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardtable.support.Api;
import dev.cardtable.support.Db;
import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.SseClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import static dev.cardtable.support.Api.as;
import static dev.cardtable.support.Api.move;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Live events as a browser uses them: a seat's stream opened with a stream ticket, each event
 * carrying the entry and the game exactly as a GET shows it to the same viewer.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class LiveEventsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static String events(String id) {
        return "http://localhost:" + RestAssured.port + "/api/games/" + id + "/events";
    }

    private static String ticket(String id, String token) {
        return as(token).post("/api/games/" + id + "/stream-tickets").then().statusCode(201)
                .contentType("application/json").body("ticket", notNullValue()).body("expiresAt", notNullValue())
                .extract().path("ticket");
    }

    private static JsonNode tree(String json) throws Exception {
        return JSON.readTree(json);
    }

    private static JsonNode get(String id, String token) throws Exception {
        return tree(as(token).get("/api/games/" + id).then().statusCode(200).extract().asString());
    }

    /** The move events of {@code n} moves, as data trees, in order. */
    private static List<JsonNode> moves(SseClient sse, int n) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        for (SseClient.Event e : sse.take(n, Duration.ofSeconds(20))) {
            assertEquals("move", e.name());
            JsonNode data = tree(e.data());
            assertEquals(e.id(), Integer.toString(data.path("entry").path("seq").asInt()), "event id = the entry's seq");
            out.add(data);
        }
        assertEquals(n, out.size(), "every move's event arrived");
        return out;
    }

    @Test
    void eachEventCarriesTheGameExactlyAsAGetShowsItToTheSameViewer() throws Exception {
        Api.Created g = Api.scoundrel("events-equal-get", "ena");
        String ticket = ticket(g.id(), g.token());
        List<JsonNode> seatGets = new ArrayList<>(), spectatorGets = new ArrayList<>();
        List<JsonNode> seatEvents, spectatorEvents;
        try (SseClient seat = SseClient.connect(events(g.id()) + "?ticket=" + ticket, null, null);
             SseClient spectator = SseClient.connect(events(g.id()), null, null)) {
            assertEquals(200, seat.status());
            assertEquals(200, spectator.status());
            JsonNode game = get(g.id(), g.token());
            for (int i = 0; i < 5; i++) {
                Map<String, Object> m = JSON.convertValue(game.path("legalMoves").get(0), Map.class);
                move(g.id(), g.token(), m).then().statusCode(200);
                game = get(g.id(), g.token());
                seatGets.add(game);
                spectatorGets.add(get(g.id(), null));
            }
            seatEvents = moves(seat, 5);
            spectatorEvents = moves(spectator, 5);
        }
        JsonNode seatLog = tree(as(g.token()).get("/api/games/" + g.id() + "/moves").then().extract().asString());
        for (int i = 0; i < 5; i++) {
            assertEquals(seatGets.get(i), seatEvents.get(i).path("game"), "seat's event " + (i + 1) + " = its GET");
            assertEquals(spectatorGets.get(i), spectatorEvents.get(i).path("game"), "spectator's event " + (i + 1) + " = GET");
            assertEquals(seatLog.path("items").get(i), seatEvents.get(i).path("entry"), "the entry as the log shows it");
        }
        assertEquals(0, seatEvents.get(0).path("game").path("viewer").asInt());
        assertTrue(spectatorEvents.get(0).path("game").path("viewer").isNull());
        assertFalse(seatEvents.get(4).path("game").path("legalMoves").isEmpty(), "the seat's legal moves come along");
        assertTrue(spectatorEvents.get(4).path("game").path("legalMoves").isEmpty());
    }

    @Test
    void aDazzleSeatsEventsMatchItsGetsAndHideTheOpponentsColours() throws Exception {
        Response created = Api.create(Map.of("type", "dazzle", "seed", "events-dazzle",
                "seats", List.of(Map.of("name", "dora"), Map.of("ai", "random"))));
        String id = created.path("id");
        String token = created.path("credentials[0].token");
        Map<Integer, JsonNode> gets = new HashMap<>();
        List<JsonNode> seatEvents, spectatorEvents;
        try (SseClient seat = SseClient.connect(events(id) + "?ticket=" + ticket(id, token), null, null);
             SseClient spectator = SseClient.connect(events(id), null, null)) {
            assertEquals(200, seat.status());
            JsonNode game = get(id, token);
            while (game.path("status").asText().equals("active")) {
                Map<String, Object> m = JSON.convertValue(game.path("legalMoves").get(0), Map.class);
                move(id, token, m).then().statusCode(200);
                game = get(id, token);
                gets.put(game.path("version").asInt(), game);
            }
            seatEvents = moves(seat, 36);
            spectatorEvents = moves(spectator, 36);
        }
        int compared = 0;
        for (JsonNode e : seatEvents) {
            JsonNode game = e.path("game");
            JsonNode get = gets.get(game.path("version").asInt());
            if (get != null) {
                assertEquals(get, game, "event " + e.path("entry").path("seq") + " = the GET at its version");
                compared++;
            }
            if (game.path("status").asText().equals("active")) {
                JsonNode opponent = game.path("view").path("seats").get(1);
                assertTrue(opponent.path("hand").isNull(), "the opponent's colours stay hidden");
                assertEquals(opponent.path("handSize").asInt(), opponent.path("handValues").size());
                assertTrue(opponent.path("deckCards").isNull());
                assertTrue(game.path("view").path("removedCards").isNull());
                for (JsonNode drawn : e.path("entry").path("drawn")) {
                    for (JsonNode card : drawn.path("cards")) {
                        assertEquals(drawn.path("seat").asInt() == 0, !card.asText().startsWith("?"),
                                "own draws as codes, the opponent's as values: " + drawn);
                    }
                }
            }
        }
        assertEquals(18, compared, "every position a GET saw after seat 0's request came as an event");
        for (JsonNode e : spectatorEvents) {
            JsonNode game = e.path("game");
            if (game.path("status").asText().equals("active")) {
                assertTrue(game.path("view").path("seats").get(0).path("hand").isNull());
                assertTrue(game.path("view").path("seats").get(1).path("hand").isNull());
                assertTrue(game.path("legalMoves").isEmpty());
            }
        }
        JsonNode last = seatEvents.get(35).path("game");
        assertEquals("finished", last.path("status").asText());
        assertFalse(last.path("view").path("seats").get(1).path("hand").isNull(), "the game is revealed at the end");
        assertEquals("completed", last.path("result").path("ending").asText());
    }

    @Test
    void eventsCaughtUpAfterTheEndAreTheEventsSentLive() throws Exception {
        Response created = Api.create(Map.of("type", "dazzle", "seed", "events-late",
                "seats", List.of(Map.of("name", "lena"), Map.of("ai", "random"))));
        String id = created.path("id");
        String token = created.path("credentials[0].token");
        JsonNode game = get(id, token);
        while (game.path("status").asText().equals("active")) {
            move(id, token, JSON.convertValue(game.path("legalMoves").get(0), Map.class)).then().statusCode(200);
            game = get(id, token);
        }
        // Nobody watched while it was played: the spectator's stream catches up from the log.
        List<JsonNode> late;
        try (SseClient spectator = SseClient.connect(events(id), null, null)) {
            late = moves(spectator, 36);
        }
        for (JsonNode e : late.subList(0, 35)) {
            JsonNode g = e.path("game");
            assertEquals("active", g.path("status").asText());
            assertTrue(g.path("seed").isNull(), "the seed only with the end");
            assertTrue(g.path("view").path("seats").get(0).path("hand").isNull(), "hands hidden as they were live");
            assertTrue(g.path("view").path("seats").get(1).path("hand").isNull());
            for (JsonNode drawn : e.path("entry").path("drawn")) {
                for (JsonNode card : drawn.path("cards")) {
                    assertTrue(card.asText().startsWith("?"), "a spectator saw only values: " + drawn);
                }
            }
        }
        JsonNode end = late.get(35).path("game");
        assertEquals("finished", end.path("status").asText());
        assertFalse(end.path("view").path("seats").get(0).path("hand").isNull(), "the end reveals everything");
        assertFalse(end.path("seed").isNull());
    }

    @Test
    void badTicketsAreRefusedAndTheTokenNeverNeedsAUrl() throws Exception {
        Api.Created g = Api.scoundrel("tickets", "tia");
        Api.Created other = Api.scoundrel("tickets-other", "tom");
        String good = ticket(g.id(), g.token());
        as(null).post("/api/games/" + g.id() + "/stream-tickets").then().statusCode(401)
                .contentType("application/problem+json").body("code", equalTo("unauthenticated"));
        as("no-such-token").post("/api/games/" + g.id() + "/stream-tickets").then().statusCode(401)
                .body("code", equalTo("unauthenticated"));
        as(g.token()).post("/api/games/" + java.util.UUID.randomUUID() + "/stream-tickets").then().statusCode(404)
                .body("code", equalTo("game-not-found"));
        String otherGames = ticket(other.id(), other.token());
        String[] parts = good.split("\\.");
        String forgedSeat = Base64.getUrlEncoder().withoutPadding().encodeToString(
                (g.id() + ":1:" + (Instant.now().getEpochSecond() + 300)).getBytes(StandardCharsets.US_ASCII)) + "." + parts[1];
        String expired = sign(g.id() + ":0:" + (Instant.now().getEpochSecond() - 1));
        for (String bad : List.of("garbage", "x.y", otherGames, forgedSeat, expired, good + "A")) {
            RestAssured.given().accept("text/event-stream").queryParam("ticket", bad).get("/api/games/" + g.id() + "/events")
                    .then().statusCode(401).contentType("application/problem+json").body("code", equalTo("unauthenticated"));
        }
        // A ticket signed with the server's secret but expired is refused; a fresh one opens the seat's stream.
        String fresh = sign(g.id() + ":0:" + (Instant.now().getEpochSecond() + 60));
        try (SseClient sse = SseClient.connect(events(g.id()) + "?ticket=" + fresh, null, null)) {
            assertEquals(200, sse.status());
            move(g.id(), g.token(), Map.of("action", "avoid")).then().statusCode(200);
            assertEquals(0, moves(sse, 1).get(0).path("game").path("viewer").asInt());
        }
        RestAssured.given().accept("text/event-stream").header("Authorization", "Bearer " + g.token())
                .queryParam("ticket", good).get("/api/games/" + g.id() + "/events")
                .then().statusCode(400).body("code", equalTo("malformed-request"));
        // Resuming with a cursor on the URL, as EventSource does after a new ticket.
        try (SseClient sse = SseClient.connect(events(g.id()) + "?ticket=" + good + "&cursor=0", null, null)) {
            assertEquals(200, sse.status());
            assertEquals(1, moves(sse, 1).get(0).path("entry").path("seq").asInt());
            assertNull(sse.poll(Duration.ofMillis(500)));
        }
    }

    /** A ticket for {@code payload} signed with the database's secret, as the server signs one. */
    private static String sign(String payload) throws Exception {
        byte[] secret;
        try (Connection c = Db.connect(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("select secret from stream_ticket_key where id = 1")) {
            assertTrue(rs.next(), "the server made its secret");
            secret = rs.getBytes(1);
        }
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        String p = b64.encodeToString(payload.getBytes(StandardCharsets.US_ASCII));
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret, "HmacSHA256"));
        return p + "." + b64.encodeToString(mac.doFinal(p.getBytes(StandardCharsets.US_ASCII)));
    }
}
