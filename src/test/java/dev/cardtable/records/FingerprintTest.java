package dev.cardtable.records;

import dev.cardtable.support.Api;
import dev.cardtable.support.Db;
import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.Race;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;

import static dev.cardtable.support.Api.as;
import static dev.cardtable.support.Api.move;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * One game, one fingerprint, decided by the database: concurrent imports of one record store it
 * once, games that end alike never fail to end, and a game imported cut short and finished here is
 * the same game as its finished record.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
@SuppressWarnings("unchecked")
class FingerprintTest {

    @Test
    void concurrentImportsOfOneNewRecordStoreItOnceAndRefuseTheRest() throws Exception {
        for (int round = 0; round < 5; round++) {
            String id = RecordTest.finishedScoundrel();
            Map<String, Object> record = RecordTest.record(id);
            Db.update("delete from games where id = ?::uuid", id);
            List<Callable<Integer>> calls = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                calls.add(() -> as(null).body(record).post("/api/games/import").statusCode());
            }
            List<Integer> statuses = Race.run(calls);
            assertEquals(1, statuses.stream().filter(s -> s == 201).count(), "one import stores it: " + statuses);
            assertEquals(2, statuses.stream().filter(s -> s == 409).count(), "the others find it stored: " + statuses);
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void aMoveSpelledTwoWaysIsLoggedOneWaySoItsRecordCannotBeImportedTwice() {
        Api.Created g = Api.scoundrel("42", "spell-" + UUID.randomUUID().toString().substring(0, 8));
        // No weapon yet: a barehanded fight with KS is the plain play, and is logged as one.
        move(g.id(), g.token(), Map.of("action", "play", "card", "KS", "barehanded", true)).then().statusCode(200)
                .body("applied[0].move", equalTo(Map.of("action", "play", "card", "KS")));
        move(g.id(), g.token(), Map.of("action", "resign")).then().statusCode(200);
        Map<String, Object> record = new HashMap<>(as(null).get("/api/games/" + g.id() + "/record").then().extract()
                .jsonPath().getMap(""));
        List<Map<String, Object>> moves = new ArrayList<>();
        for (Map<String, Object> m : (List<Map<String, Object>>) record.get("moves")) {
            moves.add(new HashMap<>(m));
        }
        assertEquals(Map.of("action", "play", "card", "KS"), moves.get(0).get("move"));
        moves.get(0).put("move", Map.of("action", "play", "card", "KS", "barehanded", true));
        record.put("moves", moves);
        as(null).body(record).post("/api/games/import").then().statusCode(409).body("code", equalTo("record-exists"))
                .body("gameId", equalTo(g.id()));
    }

    @Test
    void twoGamesThatEndAlikeAtTheSameMomentBothEnd() throws Exception {
        // A line of play to the end, found on a first game.
        Api.Created probe = Api.scoundrel("twins", "twin");
        JsonPath game = probe.response().jsonPath();
        List<Map<String, Object>> line = new ArrayList<>();
        while (game.getString("status").equals("active")) {
            line.add(game.getMap("legalMoves[0]"));
            game = move(probe.id(), probe.token(), line.get(line.size() - 1)).then().statusCode(200).extract().jsonPath();
        }
        for (int round = 0; round < 3; round++) {
            Api.Created a = Api.scoundrel("twins", "twin");
            Api.Created b = Api.scoundrel("twins", "twin");
            for (Map<String, Object> m : line.subList(0, line.size() - 1)) {
                move(a.id(), a.token(), m).then().statusCode(200);
                move(b.id(), b.token(), m).then().statusCode(200);
            }
            Map<String, Object> last = line.get(line.size() - 1);
            List<Integer> statuses = Race.run(List.of(
                    () -> move(a.id(), a.token(), last).statusCode(),
                    () -> move(b.id(), b.token(), last).statusCode()));
            assertEquals(List.of(200, 200), statuses, "finishing never fails on duplicate detection");
            as(null).get("/api/games/" + a.id()).then().body("status", equalTo("finished"));
            as(null).get("/api/games/" + b.id()).then().body("status", equalTo("finished"));
        }
    }

    @Test
    void aRecordImportedCutShortAndFinishedHereIsTheSameGameAsItsFinishedRecord() throws Exception {
        String player = "cut-" + UUID.randomUUID().toString().substring(0, 8);
        Api.Created g = Api.scoundrel("cut-short-" + player, player);
        Map<String, Object> cut = new HashMap<>(RecordTest.record(g.id()));
        Db.update("delete from games where id = ?::uuid", g.id());
        // The record as exported before any move: no moves, no seed; give the seed as a holder would.
        cut.put("seed", "cut-short-" + player);
        JsonPath game = as(null).body(cut).post("/api/games/import").then().statusCode(201).extract().jsonPath();
        String id = game.getString("id");
        String token = game.getString("credentials[0].token");
        while (game.getString("status").equals("active")) {
            game = move(id, token, game.getMap("legalMoves[0]")).then().statusCode(200).extract().jsonPath();
        }
        Map<String, Object> finished = RecordTest.record(id);
        as(null).body(finished).post("/api/games/import").then().statusCode(409)
                .body("code", equalTo("record-exists")).body("gameId", equalTo(id));
        as(null).get("/api/players/" + player + "/stats").then().statusCode(200).body("types[0].played", equalTo(1));
    }

    @Test
    void aStoredGameImportedCutShortAndReplayedToTheSameEndIsCountedOnce() throws Exception {
        String player = "again-" + UUID.randomUUID().toString().substring(0, 8);
        Api.Created g = Api.scoundrel("again-" + player, player);
        JsonPath game = g.response().jsonPath();
        while (game.getString("status").equals("active")) {
            game = move(g.id(), g.token(), game.getMap("legalMoves[0]")).then().statusCode(200).extract().jsonPath();
        }
        Map<String, Object> full = RecordTest.record(g.id());
        List<Map<String, Object>> moves = (List<Map<String, Object>>) full.get("moves");
        // Random seeds: about one game in ten of this line of play is over within three moves.
        int cutAt = Math.min(3, moves.size() - 1);
        Map<String, Object> cut = new HashMap<>(full);
        cut.put("moves", moves.subList(0, cutAt));
        cut.put("status", "active");
        cut.put("result", null);
        cut.put("finishedAt", null);
        JsonPath imported = as(null).body(cut).post("/api/games/import").then().statusCode(201).extract().jsonPath();
        String id = imported.getString("id");
        String token = imported.getString("credentials[0].token");
        for (Map<String, Object> m : moves.subList(cutAt, moves.size())) {
            move(id, token, (Map<String, Object>) m.get("move")).then().statusCode(200);
        }
        as(null).get("/api/games/" + id).then().body("status", equalTo("finished"));
        as(null).get("/api/players/" + player + "/stats").then().statusCode(200).body("types[0].played", equalTo(1));
    }
}
