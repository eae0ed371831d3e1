package dev.cardtable.lobby;

import dev.cardtable.support.Api;
import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.SseClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.cardtable.support.Api.as;
import static dev.cardtable.support.Api.move;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The lobby, cancelling a waiting game, its live events, and rematches, over HTTP. */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class LobbyTest {

    private static Response waiting(String name, Map<String, String> clock) {
        Map<String, Object> body = new java.util.HashMap<>(Map.of("type", "dazzle",
                "seats", List.of(Map.of("name", name), Map.of("open", true))));
        if (clock != null) {
            body.put("clock", clock);
        }
        return Api.create(body);
    }

    @Test
    void theLobbyListsWaitingGamesNewestFirstPageByPageAndForgetsThemOnceTaken() {
        Response a = waiting("lobby-a", Map.of("type", "correspondence", "perMove", "PT24H"));
        Response b = waiting("lobby-b", null);
        Response c = waiting("lobby-c", null);
        JsonPath first = as(null).get("/api/lobby?type=dazzle&limit=2").then().statusCode(200).extract().jsonPath();
        assertEquals(List.of(c.path("id"), b.path("id")), first.getList("items.id"));
        assertEquals(List.of(1), first.getList("items[0].openSeats"));
        assertEquals(List.of("lobby-c"), first.getList("items[0].waiting"));
        assertEquals(c.path("createdAt"), first.getString("items[0].since"));
        assertNotNull(first.getString("nextCursor"));
        JsonPath second = as(null).get("/api/lobby?type=dazzle&limit=2&cursor=" + first.getString("nextCursor"))
                .then().statusCode(200).extract().jsonPath();
        assertEquals(a.path("id"), second.getString("items[0].id"));
        Map<String, Object> clock = new java.util.HashMap<>(Map.of("type", "correspondence", "perMove", "PT24H"));
        clock.put("initial", null);
        clock.put("increment", null);
        assertEquals(clock, second.getMap("items[0].clock"), "a clock has the same keys everywhere");
        assertNull(first.get("items[0].clock"));

        as(null).body(Map.of("name", "lobby-d")).post("/api/games/" + c.path("id") + "/seats/1").then().statusCode(200)
                .body("status", equalTo("active"));
        as(null).get("/api/lobby?type=dazzle&limit=100").then().body("items.id", not(hasItem((String) c.path("id"))));
        as(null).get("/api/lobby?limit=0").then().statusCode(400).body("code", equalTo("malformed-request"));
        as(null).get("/api/lobby?type=chess").then().statusCode(400).body("code", equalTo("malformed-request"));
        as(null).get("/api/lobby?cursor=nonsense").then().statusCode(400).body("code", equalTo("malformed-request"));
    }

    @Test
    void theCreatorCancelsAWaitingGameAndOnlyAWaitingOne() {
        Response g = waiting("cancel-a", null);
        String id = g.path("id");
        String token = g.path("credentials[0].token");
        as(null).post("/api/games/" + id + "/cancel").then().statusCode(401).body("code", equalTo("unauthenticated"));
        as(token).post("/api/games/" + id + "/cancel").then().statusCode(200).body("status", equalTo("finished"))
                .body("result.ending", equalTo("aborted")).body("result.standings[0].outcome", nullValue());
        as(null).get("/api/games/" + id + "/moves").then().body("items[0].move.action", equalTo("abort"));
        as(null).get("/api/lobby?limit=100").then().body("items.id", not(hasItem(id)));
        as(token).post("/api/games/" + id + "/cancel").then().statusCode(409).body("code", equalTo("not-waiting"));
        as(null).body(Map.of("name", "late")).post("/api/games/" + id + "/seats/1").then().statusCode(409);
    }

    @Test
    void aGameCreatedWithEverySeatOpenGivesItsCreatorATokenThatOnlyCancelsIt() {
        Response g = Api.create(Map.of("type", "dazzle", "seats", List.of(Map.of("open", true), Map.of("open", true))));
        g.then().statusCode(201).body("status", equalTo("waiting")).body("viewer", nullValue())
                .body("credentials.seat", equalTo(List.of(1)));
        String id = g.path("id");
        String creator = g.path("credentials[0].token");
        // It opens no seat: reading with it is a spectator's read, and it cannot act.
        as(creator).get("/api/games/" + id).then().statusCode(200).body("viewer", nullValue())
                .body("view.seats[0].hand", nullValue()).body("view.seats[1].hand", nullValue());
        as(creator).post("/api/games/" + id + "/stream-tickets").then().statusCode(401).body("code", equalTo("unauthenticated"));
        // Someone takes a seat; the creator still cancels the game while it waits.
        as(null).body(Map.of("name", "first-taker")).post("/api/games/" + id + "/seats/0").then().statusCode(200);
        as(creator).post("/api/games/" + id + "/cancel").then().statusCode(200).body("status", equalTo("finished"))
                .body("result.ending", equalTo("aborted"));

        // Once the seat that held it is taken, the creator's token opens nothing.
        Response h = Api.create(Map.of("type", "dazzle", "seats", List.of(Map.of("ai", "random"), Map.of("open", true))));
        String creator2 = h.path("credentials[0].token");
        as(null).body(Map.of("name", "taker")).post("/api/games/" + h.path("id") + "/seats/1").then().statusCode(200)
                .body("status", equalTo("active"));
        as(creator2).get("/api/games/" + h.path("id")).then().statusCode(401).body("code", equalTo("unauthenticated"));
    }

    @Test
    void theLobbyStreamTellsOfGamesOpenedFilledAndCancelled() throws Exception {
        try (SseClient sse = SseClient.connect("http://localhost:" + RestAssured.port + "/api/lobby/events", null, null)) {
            assertEquals(200, sse.status());
            Response filled = waiting("sse-a", null);
            Response cancelled = waiting("sse-b", null);
            Map<String, Object> listed = as(null).get("/api/lobby?limit=100").then().extract().jsonPath()
                    .getMap("items.find { it.id == '" + filled.path("id") + "' }");
            as(null).body(Map.of("name", "sse-c")).post("/api/games/" + filled.path("id") + "/seats/1").then().statusCode(200);
            as((String) cancelled.path("credentials[0].token")).post("/api/games/" + cancelled.path("id") + "/cancel")
                    .then().statusCode(200);
            List<String> seen = new ArrayList<>();
            Map<String, Object> opened = null;
            for (int i = 0; i < 20 && seen.size() < 4; i++) {
                SseClient.Event e = sse.poll(Duration.ofSeconds(10));
                if (e == null) {
                    break;
                }
                assertEquals(List.of(), e.others(), "a lobby event has only its name and data");
                if (e.data() != null && (e.data().contains(filled.path("id")) || e.data().contains(cancelled.path("id")))) {
                    boolean a = e.data().contains(filled.path("id"));
                    seen.add(e.name() + " " + (a ? "a" : "b"));
                    if (a && e.name().equals("opened")) {
                        opened = JsonPath.from(e.data()).getMap("");
                    }
                }
            }
            assertTrue(seen.containsAll(List.of("opened a", "opened b", "filled a", "cancelled b")), seen.toString());
            assertEquals(listed, opened, "an opened game is sent as the lobby lists it");
            assertEquals(List.of(1), listed.get("openSeats"));
        }
    }

    @Test
    void aRematchSwapsTheSeatsAndWaitsForTheOtherPlayer() {
        Response g = Api.create(Map.of("type", "dazzle", "seats", List.of(Map.of("name", "rm-alice"), Map.of("name", "rm-bob")),
                "clock", Map.of("type", "correspondence", "perMove", "PT48H")));
        String id = g.path("id");
        String alice = g.path("credentials[0].token");
        String bob = g.path("credentials[1].token");
        as(alice).post("/api/games/" + id + "/rematch").then().statusCode(409).body("code", equalTo("game-not-over"));
        move(id, bob, Map.of("action", "resign")).then().statusCode(200);
        Response over = as(null).get("/api/games/" + id).then().statusCode(200).body("rematch", nullValue()).extract().response();
        String overTag = over.header("ETag");

        Response r = as(alice).post("/api/games/" + id + "/rematch").then().statusCode(201).extract().response();
        String next = r.path("id");
        // The finished game now names its rematch: a change, so a cached copy is not revalidated as current.
        as(null).header("If-None-Match", overTag).get("/api/games/" + id).then().statusCode(200)
                .body("version", equalTo((Integer) over.path("version") + 1)).body("rematch", equalTo(next))
                .header("ETag", not(equalTo(overTag)));
        r.then().body("status", equalTo("waiting")).body("rematchOf", equalTo(id))
                .body("seats[0].kind", equalTo("open")).body("seats[1].name", equalTo("rm-alice"))
                .body("credentials[0].seat", equalTo(1)).body("clock.perMove", equalTo("PT48H"));
        as(null).get("/api/games/" + id).then().body("rematch", equalTo(next));
        // The open seat is kept for bob: not in the lobby, and nobody else (not even under his name) takes it.
        as(null).get("/api/lobby?limit=100").then().body("items.id", not(hasItem(next)));
        as(null).body(Map.of("name", "rm-bob")).post("/api/games/" + next + "/seats/0").then().statusCode(403)
                .body("code", equalTo("seat-reserved")).body("gameId", equalTo(id));
        as(null).get("/api/games/" + next).then().body("seats[0].kind", equalTo("open"));

        // Bob accepts with his token of the finished game: he sits, under his name, and the rematch starts.
        Response accepted = as(bob).post("/api/games/" + id + "/rematch").then().statusCode(200).extract().response();
        accepted.then().body("id", equalTo(next)).body("status", equalTo("active"))
                .body("seats[0].name", equalTo("rm-bob")).body("credentials[0].seat", equalTo(0));
        as((String) accepted.path("credentials[0].token")).get("/api/games/" + next).then().statusCode(200)
                .body("viewer", equalTo(0));
        as(bob).post("/api/games/" + id + "/rematch").then().statusCode(409).body("code", equalTo("rematch-exists"))
                .body("gameId", equalTo(next));
        as(alice).post("/api/games/" + id + "/rematch").then().statusCode(409).body("code", equalTo("rematch-exists"));
    }

    @Test
    void aRematchAgainstTheComputerKeepsItsLevelAndStartsAtOnce() {
        Api.Created g = new Api.Created(null, null, Api.create(Map.of("type", "dazzle", "seed", "rm-ai",
                "seats", List.of(Map.of("name", "rm-carol"), Map.of("ai", "heuristic")))));
        String id = g.response().path("id");
        String carol = g.response().path("credentials[0].token");
        move(id, carol, Map.of("action", "resign")).then().statusCode(200);
        as(carol).post("/api/games/" + id + "/rematch").then().statusCode(201)
                .body("seats[0].ai", equalTo("heuristic")).body("seats[1].name", equalTo("rm-carol"))
                .body("status", equalTo("active")).body("toAct", equalTo(List.of(1)));
    }
}
