package dev.cardtable.records;

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
import java.util.function.Consumer;

import static dev.cardtable.support.Api.as;
import static dev.cardtable.support.Api.move;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Portable records: export, import with every move replayed and checked, and tampering refused. */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
public class RecordTest {

    public static String finishedScoundrel() {
        // A fresh name each time: the same record may be stored only once.
        Api.Created g = Api.scoundrel("reveal-me", "rex-" + java.util.UUID.randomUUID().toString().substring(0, 8));
        JsonPath game = g.response().jsonPath();
        while (game.getString("status").equals("active")) {
            game = move(g.id(), g.token(), game.getMap("legalMoves[0]")).then().statusCode(200).extract().jsonPath();
        }
        return g.id();
    }

    public static String finishedDazzle() {
        return Api.create(Map.of("type", "dazzle", "seed", "record-dazzle-" + java.util.UUID.randomUUID(),
                "seats", List.of(Map.of("ai", "heuristic"), Map.of("ai", "random")))).path("id");
    }

    public static Map<String, Object> record(String id) {
        return as(null).get("/api/games/" + id + "/record").then().statusCode(200).extract().jsonPath().getMap("$");
    }

    @Test
    void exportImportExportGivesTheSameRecordForBothGames() throws Exception {
        for (String id : List.of(finishedScoundrel(), finishedDazzle())) {
            Map<String, Object> first = record(id);
            assertEquals("cardtable-record", first.get("format"));
            // The same record cannot be stored twice: history and statistics would count it twice.
            as(null).body(first).post("/api/games/import").then().statusCode(409)
                    .body("code", equalTo("record-exists")).body("gameId", equalTo(id));
            // Moved to another server (here: the original removed), it imports and exports unchanged.
            Db.update("delete from games where id = ?::uuid", id);
            Response imported = as(null).body(first).post("/api/games/import");
            imported.then().statusCode(201).body("status", equalTo("finished")).body("credentials", hasSize(0))
                    .body("result", equalTo(first.get("result")));
            Map<String, Object> second = record(imported.path("id"));
            assertEquals(first, second);
            as(null).body(first).post("/api/games/import").then().statusCode(409).body("code", equalTo("record-exists"));
        }
    }

    /** A seat may resign on the other seat's turn; the record of that game imports as it was played. */
    @Test
    void aResignationOnTheOtherSeatsTurnImports() throws Exception {
        Response g = Api.create(Map.of("type", "dazzle", "seats", List.of(Map.of("name", "r0"), Map.of("name", "r1"))));
        String id = g.path("id"), token = g.path("credentials[0].token");
        move(id, token, g.jsonPath().getMap("legalMoves[0]")).then().statusCode(200).body("toAct", equalTo(List.of(1)));
        move(id, token, Map.of("action", "resign")).then().statusCode(200).body("result.ending", equalTo("resigned"));
        Map<String, Object> first = record(id);
        Db.update("delete from games where id = ?::uuid", id);
        Response imported = as(null).body(first).post("/api/games/import");
        imported.then().statusCode(201).body("result", equalTo(first.get("result")));
        assertEquals(first, record(imported.path("id")));
    }

    @Test
    @SuppressWarnings("unchecked")
    void aComputerSeatsResignationDoesNotImport() throws Exception {
        Map<String, Object> rec = new HashMap<>(record(finishedDazzle()));
        List<Map<String, Object>> moves = new ArrayList<>((List<Map<String, Object>>) rec.get("moves"));
        Map<String, Object> third = moves.get(2);
        List<Map<String, Object>> cut = new ArrayList<>(moves.subList(0, 3));
        cut.add(Map.of("seq", 4, "seat", 1, "move", Map.of("action", "resign"), "at", third.get("at")));
        rec.put("moves", cut);
        rec.remove("status");
        rec.remove("result");
        rec.put("finishedAt", null);
        String before = Db.scalar("select count(*) from games");
        as(null).body(rec).post("/api/games/import").then().statusCode(422).body("code", equalTo("invalid-record"))
                .body("move", equalTo(4)).body("detail", equalTo("move 4: a computer seat never plays 'resign'"));
        assertEquals(before, Db.scalar("select count(*) from games"));
    }

    @Test
    void anActiveGamesRecordHasNoSeedAndCannotBeReplayedByOthers() {
        Api.Created g = Api.scoundrel("secret-seed", "sam");
        Map<String, Object> rec = record(g.id());
        assertEquals(null, rec.get("seed"));
        as(null).body(rec).post("/api/games/import").then().statusCode(422).body("code", equalTo("invalid-record"));
    }

    @Test
    void anUnfinishedRecordWithItsSeedResumesWithFreshTokens() {
        Map<String, Object> rec = new HashMap<>(record(finishedScoundrel()));
        List<?> moves = (List<?>) rec.get("moves");
        rec.put("moves", moves.subList(0, 2));
        rec.put("result", null);
        rec.put("status", "active");
        rec.put("finishedAt", null);
        Response r = as(null).body(rec).post("/api/games/import");
        r.then().statusCode(201).body("status", equalTo("active")).body("version", equalTo(2))
                .body("credentials[0].token", notNullValue());
        move(r.path("id"), r.path("credentials[0].token"), r.jsonPath().getMap("legalMoves[0]")).then().statusCode(200)
                .body("version", equalTo(3));
    }

    @Test
    void everyKindOfTamperingIsRefusedNamingTheFirstBadMoveAndStoresNothing() throws Exception {
        Map<String, Object> good = record(finishedScoundrel());
        List<Consumer<Map<String, Object>>> tamperings = new ArrayList<>();
        List<Integer> badMove = new ArrayList<>();
        // A move changed to another card.
        tamperings.add(r -> setMove(r, 3, Map.of("action", "play", "card", "AH")));
        badMove.add(3);
        // A move changed to one that is well-formed but illegal there.
        tamperings.add(r -> setMove(r, 2, Map.of("action", "avoid")));
        badMove.add(null);
        // A move by a seat that does not exist.
        tamperings.add(r -> ((Map<String, Object>) ((List<?>) r.get("moves")).get(1)).put("seat", 1));
        badMove.add(2);
        // A gap in the sequence.
        tamperings.add(r -> ((List<?>) r.get("moves")).remove(4));
        badMove.add(5);
        // Another seed (with the commitment fixed up, so only the replay can tell).
        tamperings.add(r -> {
            r.put("seed", "another");
            r.put("seedCommitment", dev.cardtable.engine.Rng.commitment("another"));
        });
        badMove.add(null);
        // A seed that does not match its commitment.
        tamperings.add(r -> r.put("seed", "reveal-me-not"));
        badMove.add(null);
        // A better score than was played.
        tamperings.add(r -> standing(r).put("score", 30));
        badMove.add(null);
        // Another outcome.
        tamperings.add(r -> standing(r).put("outcome", "won"));
        badMove.add(null);
        // Another ending.
        tamperings.add(r -> ((Map<String, Object>) r.get("result")).put("ending", "resigned"));
        badMove.add(null);
        // A version 1 record gives the game's own result shape: the shared shape does not match it.
        tamperings.add(r -> r.put("formatVersion", 1));
        badMove.add(null);
        // A status that is none, or not the one the moves leave; no result for a game they end.
        tamperings.add(r -> r.put("status", "bogus"));
        badMove.add(null);
        tamperings.add(r -> r.put("status", "active"));
        badMove.add(null);
        tamperings.add(r -> r.put("result", null));
        badMove.add(null);
        tamperings.add(r -> {
            r.put("moves", ((List<?>) r.get("moves")).subList(0, 2));
            r.put("result", null);
        });
        badMove.add(null);
        // Another end time.
        tamperings.add(r -> r.put("finishedAt", "2001-01-01T00:00:00Z"));
        badMove.add(null);
        // Neither seed nor deal.
        tamperings.add(r -> r.put("seed", null));
        badMove.add(null);
        // Another format.
        tamperings.add(r -> r.put("formatVersion", 4));
        badMove.add(null);
        String before = Db.scalar("select count(*) from games");
        for (int i = 0; i < tamperings.size(); i++) {
            Map<String, Object> r = deepCopy(good);
            tamperings.get(i).accept(r);
            Response resp = as(null).body(r).post("/api/games/import");
            resp.then().statusCode(422).contentType("application/problem+json").body("code", equalTo("invalid-record"));
            if (badMove.get(i) != null) {
                resp.then().body("move", equalTo(badMove.get(i))).body("detail", containsString("move " + badMove.get(i)));
            }
        }
        assertEquals(before, Db.scalar("select count(*) from games"), "a refused import stores nothing");
    }

    @Test
    @SuppressWarnings("unchecked")
    void aVersionOneRecordWithTheGamesOwnResultShapeStillImports() throws Exception {
        String id = finishedScoundrel();
        Map<String, Object> rec = new HashMap<>(record(id));
        Map<String, Object> standing = ((List<Map<String, Object>>) ((Map<String, Object>) rec.get("result"))
                .get("standings")).get(0);
        rec.put("formatVersion", 1);
        rec.put("result", Map.of("outcome", standing.get("outcome"), "score", standing.get("score")));
        Db.update("delete from games where id = ?::uuid", id);
        String imported = as(null).body(rec).post("/api/games/import").then().statusCode(201)
                .body("result.standings[0]", equalTo(standing)).extract().path("id");
        as(null).get("/api/games/" + imported + "/record").then().body("formatVersion", equalTo(3))
                .body("result.standings[0]", equalTo(standing));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> standing(Map<String, Object> record) {
        return ((List<Map<String, Object>>) ((Map<String, Object>) record.get("result")).get("standings")).get(0);
    }

    @SuppressWarnings("unchecked")
    private static void setMove(Map<String, Object> record, int seq, Map<String, Object> move) {
        ((Map<String, Object>) ((List<?>) record.get("moves")).get(seq - 1)).put("move", move);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> deepCopy(Map<String, Object> m) {
        return (Map<String, Object>) copy(m);
    }

    @SuppressWarnings("unchecked")
    private static Object copy(Object o) {
        if (o instanceof Map<?, ?> m) {
            Map<String, Object> out = new HashMap<>();
            m.forEach((k, v) -> out.put((String) k, copy(v)));
            return out;
        }
        if (o instanceof List<?> l) {
            List<Object> out = new ArrayList<>();
            l.forEach(v -> out.add(copy(v)));
            return out;
        }
        return o;
    }
}
