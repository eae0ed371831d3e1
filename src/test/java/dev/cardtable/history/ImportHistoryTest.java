package dev.cardtable.history;

import dev.cardtable.platform.game.Sweep;
import dev.cardtable.players.PlayersTest;
import dev.cardtable.records.RecordTest;
import dev.cardtable.support.Api;
import dev.cardtable.support.MovableClock;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.cardtable.support.Api.as;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * An imported game is in its players' histories and statistics by the rules of {@code docs/api.md},
 * "History" and "Players and keys": a name nobody registered has every seat under it, imported ones
 * included; a registered name only the seats its player took with its key, so never an imported
 * one. After each import the read models agree with their base tables
 * ({@code read_model_disagreements()}).
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class ImportHistoryTest {

    @Inject
    MovableClock clock;

    @Inject
    Sweep sweep;

    @AfterEach
    void clockBack() {
        clock.reset();
    }

    @Test
    void aFinishedImportIsInTheHistoryAndStatisticsOfAnUnregisteredName() throws Exception {
        String name = PlayersTest.unique("fi");
        String id = imported(renamed(RecordTest.record(HistoryTest.won(PlayersTest.unique("src"))), name))
                .then().statusCode(201).body("status", equalTo("finished")).extract().path("id");

        as(null).get("/api/games?player=" + name).then().statusCode(200)
                .body("items.size()", equalTo(1)).body("items[0].id", equalTo(id))
                .body("items[0].seats[0].verified", equalTo(false));
        as(null).get("/api/games?player=" + name + "&result=won").then().body("items[0].id", equalTo(id));
        stats(name).body("verified", equalTo(false)).body("types[0].played", equalTo(1))
                .body("types[0].won", equalTo(1)).body("types[0].bestScore", equalTo(20));
        assertEquals(List.of(), ReadModelUpkeepTest.disagreements(id, name));
    }

    @Test
    void aFinishedImportUnderARegisteredNameIsNotItsPlayers() throws Exception {
        String registered = PlayersTest.unique("fr");
        PlayersTest.register(registered);
        String id = imported(renamed(RecordTest.record(HistoryTest.won(PlayersTest.unique("src"))), registered))
                .then().statusCode(201).extract().path("id");

        // Listed among all games, but not the registered player's: nothing verified it.
        as(null).get("/api/games?player=" + registered).then().statusCode(200)
                .body("items.id", not(hasItem(id)));
        stats(registered).body("verified", equalTo(true)).body("types.size()", equalTo(0));
        assertEquals(List.of(), ReadModelUpkeepTest.disagreements(id, registered));
    }

    @Test
    void aCutShortImportIsInTheHistoryAsRunningAndNotYetCounted() throws Exception {
        String name = PlayersTest.unique("ci");
        Response r = imported(cutShort(name));
        String id = r.then().statusCode(201).body("status", equalTo("active")).extract().path("id");

        as(null).get("/api/games?player=" + name).then().statusCode(200)
                .body("items.size()", equalTo(1)).body("items[0].id", equalTo(id))
                .body("items[0].status", equalTo("active"));
        as(null).get("/api/games?player=" + name + "&status=active").then().body("items[0].id", equalTo(id));
        stats(name).body("types.size()", equalTo(0));
        assertEquals(List.of(), ReadModelUpkeepTest.disagreements(id, name));
    }

    @Test
    void aCutShortImportPlayedToItsEndIsCountedOnce() throws Exception {
        String name = PlayersTest.unique("pi");
        Response r = imported(cutShort(name));
        String id = r.then().statusCode(201).extract().path("id");
        String token = r.path("credentials[0].token");
        JsonPath game = as(token).get("/api/games/" + id).then().statusCode(200).extract().jsonPath();
        while (game.getString("status").equals("active")) {
            game = Api.move(id, token, game.getMap("legalMoves[0]")).then().statusCode(200).extract().jsonPath();
        }
        String outcome = game.getString("result.standings[0].outcome");

        as(null).get("/api/games?player=" + name + "&status=finished").then().statusCode(200)
                .body("items.size()", equalTo(1)).body("items[0].id", equalTo(id));
        as(null).get("/api/games?player=" + name + "&result=" + outcome).then().body("items[0].id", equalTo(id));
        stats(name).body("types[0].played", equalTo(1)).body("types[0]." + outcome, equalTo(1));
        assertEquals(List.of(), ReadModelUpkeepTest.disagreements(id, name));
    }

    @Test
    void anImportTheAbandonmentSweepEndsIsCountedAsAbandoned() throws Exception {
        String name = PlayersTest.unique("ai");
        String id = imported(cutShort(name)).then().statusCode(201).extract().path("id");

        clock.advance(Duration.ofDays(8));
        sweep.sweep();
        as(null).get("/api/games/" + id).then().statusCode(200).body("status", equalTo("finished"))
                .body("result.ending", equalTo("abandoned"));

        as(null).get("/api/games?player=" + name + "&result=abandoned").then().statusCode(200)
                .body("items.size()", equalTo(1)).body("items[0].id", equalTo(id));
        stats(name).body("types[0].played", equalTo(0)).body("types[0].abandoned", equalTo(1));
        assertEquals(List.of(), ReadModelUpkeepTest.disagreements(id, name));
    }

    /** The record of a Scoundrel game one move in, under a fresh seed, its one seat named {@code name}. */
    private static Map<String, Object> cutShort(String name) {
        Api.Created g = Api.scoundrel("cut-" + name, PlayersTest.unique("src"));
        Api.move(g.id(), g.token(), g.response().path("legalMoves[0]")).then().statusCode(200);
        Map<String, Object> record = renamed(RecordTest.record(g.id()), name);
        record.put("seed", "cut-" + name); // a running game's record leaves its seed out
        return record;
    }

    private static Response imported(Map<String, Object> record) {
        return as(null).body(record).post("/api/games/import");
    }

    /** {@code record} with its one seat seated under {@code name}. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> renamed(Map<String, Object> record, String name) {
        Map<String, Object> copy = new HashMap<>(record);
        Map<String, Object> seat = new HashMap<>(((List<Map<String, Object>>) record.get("seats")).getFirst());
        seat.put("name", name);
        copy.put("seats", List.of(seat));
        return copy;
    }

    private static io.restassured.response.ValidatableResponse stats(String name) {
        return as(null).get("/api/players/" + name + "/stats").then().statusCode(200);
    }
}
