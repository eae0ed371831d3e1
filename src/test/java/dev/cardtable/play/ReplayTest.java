package dev.cardtable.play;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardtable.engine.Deal;
import dev.cardtable.engine.Options;
import dev.cardtable.engine.Rules;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Setup;
import dev.cardtable.engine.dazzle.DazzleRules;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.records.RecordTest;
import dev.cardtable.support.Api;
import dev.cardtable.support.Db;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
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

    @Test
    void theStoredStateOfEveryKindOfGameIsTheReplayOfItsLog() throws Exception {
        List<String> ids = new ArrayList<>(List.of(RecordTest.finishedScoundrel(), RecordTest.finishedDazzle()));
        for (Map<String, Object> body : List.of(
                Map.of("type", "scoundrel", "ruleset", "simple", "seats", List.of(Map.of("name", "sim"))),
                Map.of("type", "scoundrel", "options", Map.of("weaponBinding", "strictlyLess"), "seats", List.of(Map.of("name", "sl"))),
                Map.of("type", "dazzle", "seats", List.of(Map.of("name", "hu"), Map.of("ai", "heuristic"))))) {
            Response created = Api.create(body);
            String id = created.path("id");
            String token = created.path("credentials[0].token");
            JsonPath game = created.jsonPath();
            for (int i = 0; game.getString("status").equals("active"); i++) {
                List<Map<String, Object>> legal = game.getList("legalMoves");
                game = move(id, token, legal.get(i % legal.size())).then().statusCode(200).extract().jsonPath();
                if (i == 5) {
                    assertStoredStateIsTheReplay(id);
                }
            }
            ids.add(id);
        }
        // An imported record: its stored state is the replay of the moves it brought.
        Map<String, Object> record = RecordTest.record(ids.get(1));
        Db.update("delete from games where id = ?::uuid", ids.get(1));
        ids.set(1, as(null).body(record).post("/api/games/import").then().statusCode(201).extract().path("id"));
        for (String id : ids) {
            assertStoredStateIsTheReplay(id);
        }
    }

    /** Compares the stored state with the engine's replay of the logged moves (the seed read from the database). */
    private static void assertStoredStateIsTheReplay(String id) throws Exception {
        JsonPath record = as(null).get("/api/games/" + id + "/record").jsonPath();
        String seed = Db.scalar("select seed from games where id = ?::uuid", id);
        Rules<Object, Object, Object> rules = rules(record.getString("type"));
        List<Rules.Play<Object>> plays = new ArrayList<>();
        for (Map<String, Object> m : record.<Map<String, Object>>getList("moves")) {
            @SuppressWarnings("unchecked")
            Map<String, Object> move = (Map<String, Object>) m.get("move");
            plays.add(new Rules.Play<>(Seat.of((Integer) m.get("seat")), rules.parseMove(move)));
        }
        Object replayed = rules.replay(new Setup(record.getString("ruleset"), new Options(record.getMap("options")),
                new Deal.Seeded(seed)), plays);
        String stored = Db.scalar("select state::text from games where id = ?::uuid", id);
        ObjectMapper json = new ObjectMapper();
        assertEquals(json.readTree(json.writeValueAsString(replayed)), json.readTree(stored), "game " + id);
    }

    @SuppressWarnings("unchecked")
    private static Rules<Object, Object, Object> rules(String type) {
        Rules<?, ?, ?> r = type.equals("scoundrel") ? new ScoundrelRules() : new DazzleRules();
        return (Rules<Object, Object, Object>) r;
    }
}
