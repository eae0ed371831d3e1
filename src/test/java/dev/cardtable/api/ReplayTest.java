package dev.cardtable.api;

import dev.cardtable.support.Api;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.cardtable.support.Api.as;
import static dev.cardtable.support.Api.move;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Past positions are projected exactly as the live views were, and revealed once the game is over. */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class ReplayTest {

    @Test
    void dazzleStatesMatchEachSeatsLiveViewsAndRevealEverythingAfterTheEnd() {
        Response created = Api.create(Map.of("type", "dazzle", "seed", "replay",
                "seats", List.of(Map.of("name", "ada"), Map.of("name", "bo"))));
        String id = created.path("id");
        String[] tokens = {created.path("credentials[0].token"), created.path("credentials[1].token")};
        JsonPath game = created.jsonPath();
        while (game.getString("status").equals("active")) {
            int toAct = game.getInt("toAct[0]");
            Map<String, Object> m = as(tokens[toAct]).get("/api/games/" + id).jsonPath().getMap("legalMoves[0]");
            game = move(id, tokens[toAct], m).then().statusCode(200).extract().jsonPath();
        }
        // Replays of a finished game reveal everything: the opponent's hand is shown at every step.
        JsonPath timeline = as(tokens[1]).get("/api/games/" + id + "/timeline").then().statusCode(200).extract().jsonPath();
        assertEquals(37, timeline.getList("items").size());
        assertNotNull(timeline.get("items[5].view.seats[0].hand"));
        assertNotNull(timeline.get("items[0].view.removedCards"));
        for (int n = 0; n <= 36; n++) {
            Object state = as(null).get("/api/games/" + id + "/states/" + n).path("view");
            assertEquals(timeline.get("items[" + n + "].view"), state, "timeline and states agree at " + n);
        }
    }

    @Test
    void whileAGameRunsItsPastStatesAreProjectedForTheCaller() {
        Response created = Api.create(Map.of("type", "dazzle", "seed", "replay-live",
                "seats", List.of(Map.of("name", "cy"), Map.of("name", "di"))));
        String id = created.path("id");
        String[] tokens = {created.path("credentials[0].token"), created.path("credentials[1].token")};
        Map<Integer, Object[]> live = new HashMap<>();
        JsonPath game = created.jsonPath();
        for (int i = 0; i < 10; i++) {
            int v = game.getInt("version");
            live.put(v, new Object[]{as(tokens[0]).get("/api/games/" + id).path("view"),
                    as(tokens[1]).get("/api/games/" + id).path("view"), as(null).get("/api/games/" + id).path("view")});
            int toAct = game.getInt("toAct[0]");
            Map<String, Object> m = as(tokens[toAct]).get("/api/games/" + id).jsonPath().getMap("legalMoves[0]");
            game = move(id, tokens[toAct], m).then().statusCode(200).extract().jsonPath();
        }
        for (Map.Entry<Integer, Object[]> e : live.entrySet()) {
            int n = e.getKey();
            for (int s = 0; s < 2; s++) {
                assertEquals(e.getValue()[s], as(tokens[s]).get("/api/games/" + id + "/states/" + n).path("view"), "seat " + s + " at " + n);
            }
            assertEquals(e.getValue()[2], as(null).get("/api/games/" + id + "/states/" + n).path("view"), "spectator at " + n);
        }
        JsonPath tl = as(tokens[0]).get("/api/games/" + id + "/timeline").jsonPath();
        assertNull(tl.get("items[3].view.seats[1].hand"), "the opponent's colours stay hidden while the game runs");
        assertEquals(live.get(4)[0], tl.get("items[4].view"));
    }
}
