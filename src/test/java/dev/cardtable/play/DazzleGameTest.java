package dev.cardtable.play;

import dev.cardtable.support.Api;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.cardtable.support.Api.as;
import static dev.cardtable.support.Api.move;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Dazzle over HTTP: a human against each computer level, two humans, and two computers. */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
public class DazzleGameTest {

    /** Plays {@code token}'s first legal move whenever it is that seat's turn, until the game ends. */
    public static JsonPath playOut(String id, JsonPath game, String... tokens) {
        int guard = 0;
        while (game.getString("status").equals("active")) {
            int toAct = game.getInt("toAct[0]");
            String token = tokens.length == 1 ? tokens[0] : tokens[toAct];
            JsonPath mine = as(token).get("/api/games/" + id).then().statusCode(200).extract().jsonPath();
            Map<String, Object> m = mine.getMap("legalMoves[0]");
            assertNotNull(m, "seat " + toAct + " has a legal move");
            game = move(id, token, m).then().statusCode(200).extract().jsonPath();
            assertTrue(++guard <= 36, "a game has 36 moves");
        }
        return game;
    }

    @Test
    void aHumanPlaysAHeuristicOpponentToTheEndAndTheComputerRepliesInTheSameResponse() {
        Response created = Api.create(Map.of("type", "dazzle", "seed", "7",
                "seats", List.of(Map.of("name", "alice"), Map.of("ai", "heuristic"))));
        created.then().body("status", equalTo("active")).body("toAct", equalTo(List.of(0)))
                .body("view.seats[0].hand", hasSize(8))
                .body("view.seats[1].hand", nullValue())
                .body("view.seats[1].handValues", hasSize(8))
                .body("credentials", hasSize(1))
                .body("seats[1].kind", equalTo("ai")).body("seats[1].ai", equalTo("heuristic"));
        String id = created.path("id");
        String token = created.path("credentials[0].token");
        Map<String, Object> present = created.jsonPath().getMap("legalMoves[0]");
        // Seat 0 presents; the computer owns one card and presents back: three entries in one response.
        Response r = move(id, token, present);
        r.then().statusCode(200).body("applied", hasSize(3)).body("applied[0].seat", equalTo(0))
                .body("applied[1].seat", equalTo(1)).body("applied[1].move.action", equalTo("own"))
                .body("applied[2].seat", equalTo(1)).body("applied[2].move.action", equalTo("present"))
                .body("toAct", equalTo(List.of(0)));
        JsonPath end = playOut(id, r.jsonPath(), token);
        assertEquals("finished", end.getString("status"));
        assertEquals(36, end.getInt("version"));
        List<Integer> scores = end.getList("result.standings.score");
        List<String> outcomes = end.getList("result.standings.outcome");
        assertEquals(List.of(0, 1), end.getList("result.standings.seat"));
        int a = scores.get(0), b = scores.get(1);
        assertEquals(a == b ? List.of("drawn", "drawn") : a > b ? List.of("won", "lost") : List.of("lost", "won"), outcomes);
        assertEquals("completed", end.getString("result.ending"));
        assertEquals(List.of("B", "G", "R", "Y"), List.copyOf(end.getMap("result.detail.colors").keySet()));
        assertEquals(36, end.getInt("moveCount"));
        // Everything is revealed at the end, the removed cards included.
        assertEquals(12, end.getList("view.removedCards").size());
        assertEquals("7", end.getString("seed"));
        as(null).get("/api/players/alice/stats").then().statusCode(200)
                .body("types.find { it.type == 'dazzle' }.played", greaterThanOrEqualTo(1));
    }

    @Test
    void eachComputerLevelPlaysAWholeGameAgainstAnother() {
        for (List<String> pair : List.of(List.of("random", "heuristic"), List.of("ismcts", "random"))) {
            Map<String, Object> second = pair.get(1).equals("ismcts") ? Map.of("ai", "ismcts", "aiBudget", 50) : Map.of("ai", pair.get(1));
            Map<String, Object> first = pair.get(0).equals("ismcts") ? Map.of("ai", "ismcts", "aiBudget", 50) : Map.of("ai", pair.get(0));
            Response created = Api.create(Map.of("type", "dazzle", "seed", "ai-" + pair, "seats", List.of(first, second)));
            created.then().body("status", equalTo("finished")).body("version", equalTo(36))
                    .body("credentials", hasSize(0)).body("result.standings", hasSize(2))
                    .body("seed", equalTo("ai-" + pair));
            as(null).get("/api/games/" + created.path("id") + "/record").then().statusCode(200)
                    .body("moves", hasSize(36)).body("seats.ai", equalTo(pair));
        }
    }

    @Test
    void twoHumansPlayThroughAnOpenSeat() {
        // A name of this test's own: the history below lists every game of it.
        String benName = "ben-" + java.util.UUID.randomUUID().toString().substring(0, 8);
        Response created = Api.create(Map.of("type", "dazzle", "seats", List.of(Map.of("name", "ann"), Map.of("open", true))));
        created.then().body("status", equalTo("waiting")).body("toAct", equalTo(List.of()))
                .body("seats[1].kind", equalTo("open")).body("legalMoves", equalTo(List.of()))
                .body("version", equalTo(0)).header("ETag", equalTo("\"0-s0\""));
        // Every seat has the same keys, null where they do not apply.
        for (int s = 0; s < 2; s++) {
            Map<String, Object> seat = created.path("seats[" + s + "]");
            assertEquals(java.util.Set.of("seat", "kind", "name", "ai", "aiBudget", "verified", "rating", "ratingDiff"),
                    seat.keySet());
        }
        String id = created.path("id");
        String ann = created.path("credentials[0].token");
        move(id, ann, Map.of("action", "present", "cards", List.of("B1", "B2"))).then().statusCode(409)
                .body("code", equalTo("game-not-started"));
        as(null).body(Map.of("name", "ann")).post("/api/games/" + id + "/seats/0").then().statusCode(409)
                .body("code", equalTo("seat-taken"));
        as(null).body(Map.of("name", benName)).post("/api/games/" + id + "/seats/2").then().statusCode(400);
        Response taken = as(null).body(Map.of("name", benName)).post("/api/games/" + id + "/seats/1");
        // Taking the seat is a change: the version and the tag move on, though no move was made.
        taken.then().statusCode(200).body("status", equalTo("active")).body("viewer", equalTo(1))
                .body("version", equalTo(1)).body("moveCount", equalTo(0)).header("ETag", equalTo("\"1-s1\""))
                .body("credentials[0].seat", equalTo(1)).body("credentials[0].token", notNullValue())
                .body("view.seats[1].hand", hasSize(8)).body("view.seats[0].hand", nullValue());
        String ben = taken.path("credentials[0].token");
        // A move made at the new version applies: If-Match speaks of the same version as the tag.
        as(ann).header("If-Match", "\"0\"").body(Map.of("action", "present", "cards", List.of("B1", "B2")))
                .post("/api/games/" + id + "/moves").then().statusCode(412).body("currentVersion", equalTo(1));
        as(null).body(Map.of("name", "cat")).post("/api/games/" + id + "/seats/1").then().statusCode(409)
                .body("code", equalTo("seat-taken"));
        // Ben may not present first; Ann may not choose before anything is offered.
        Map<String, Object> bensMove = as(ben).get("/api/games/" + id).then().extract().jsonPath().getMap("legalMoves[0]");
        assertNull(bensMove, "seat 1 has no legal move while seat 0 is to present");
        List<String> benHand = taken.path("view.seats[1].hand");
        move(id, ben, Map.of("action", "present", "cards", benHand.subList(0, 2))).then().statusCode(409)
                .body("code", equalTo("not-your-turn"));
        JsonPath end = playOut(id, taken.jsonPath(), ann, ben);
        assertEquals("finished", end.getString("status"));
        as(null).get("/api/games?player=" + benName + "&type=dazzle").then().statusCode(200)
                .body("items.id", equalTo(List.of(id)));
    }

    @Test
    void onePersonMayHoldBothTokensAndEachTokenActsOnlyForItsSeat() {
        Response created = Api.create(Map.of("type", "dazzle", "seed", "both",
                "seats", List.of(Map.of("name", "solo"), Map.of("name", "solo"))));
        String id = created.path("id");
        String t0 = created.path("credentials[0].token");
        String t1 = created.path("credentials[1].token");
        as(t1).get("/api/games/" + id).then().body("viewer", equalTo(1)).body("legalMoves", equalTo(List.of()));
        Map<String, Object> present = as(t0).get("/api/games/" + id).then().body("viewer", equalTo(0))
                .extract().jsonPath().getMap("legalMoves[0]");
        move(id, t1, present).then().statusCode(409).body("code", equalTo("not-your-turn"));
        move(id, t0, present).then().statusCode(200).body("toAct", equalTo(List.of(1)));
        move(id, t0, Map.of("action", "own", "card", ((List<?>) present.get("cards")).get(0))).then().statusCode(409)
                .body("code", equalTo("not-your-turn"));
    }

    @Test
    void badDazzleMovesAndDealsAreRefused() {
        Response created = Api.create(Map.of("type", "dazzle", "seed", "bad",
                "seats", List.of(Map.of("name", "eve"), Map.of("ai", "random"))));
        String id = created.path("id");
        String token = created.path("credentials[0].token");
        move(id, token, Map.of("action", "present", "cards", List.of("B1"))).then().statusCode(400)
                .body("code", equalTo("malformed-request"));
        move(id, token, Map.of("action", "present", "cards", List.of("X9", "B1"))).then().statusCode(400);
        move(id, token, Map.of("action", "own", "card", "B1")).then().statusCode(422).body("code", equalTo("illegal-move"));
        as(null).body(Map.of("type", "dazzle", "deal", Map.of("decks", List.of(List.of("B1")), "removed", List.of()),
                "seats", List.of(Map.of("name", "eve"), Map.of("ai", "random")))).post("/api/games").then().statusCode(400)
                .body("code", equalTo("malformed-request"));
        as(null).body(Map.of("type", "dazzle", "seats", List.of(Map.of("name", "eve"), Map.of("ai", "grandmaster"))))
                .post("/api/games").then().statusCode(400).body("code", equalTo("malformed-request"));
        as(null).body(Map.of("type", "dazzle", "seats", List.of(Map.of("name", "eve"), Map.of("ai", "ismcts", "aiBudget", 0))))
                .post("/api/games").then().statusCode(400).body("code", equalTo("malformed-request"));
        as(null).body(Map.of("type", "dazzle", "seats", List.of(Map.of("name", "eve"))))
                .post("/api/games").then().statusCode(400);
        as(token).get("/api/games/" + id).then().body("version", equalTo(0));
    }
}
