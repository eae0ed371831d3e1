package dev.cardtable.history;

import dev.cardtable.play.DazzleGameTest;
import dev.cardtable.platform.game.ReadModelUpkeep;
import dev.cardtable.players.PlayersTest;
import dev.cardtable.records.RecordTest;
import dev.cardtable.support.Api;
import dev.cardtable.support.Db;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static dev.cardtable.support.Api.as;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Read models whatever build wrote the change (migration V20, {@link ReadModelUpkeep}): this build's
 * own changes leave no mark and agree with their base tables ({@code read_model_disagreements()});
 * changes written as a build that keeps no read models writes them (plain SQL on games and seats,
 * as a build from before V11 does) are marked by the database, listed as disagreements, and
 * brought back by the reconcile step exactly once, ratings included.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class ReadModelUpkeepTest {

    @Inject
    ReadModelUpkeep upkeep;

    @Test
    void thisBuildsChangesLeaveNoMarkAndAgree() throws Exception {
        String name = PlayersTest.unique("u");
        List<String> games = new ArrayList<>(List.of(HistoryTest.won(name), HistoryTest.lost(name),
                Api.scoundrel("running", name).id()));
        String registered = PlayersTest.unique("r");
        String key = PlayersTest.register(registered);
        games.add(rated(key, registered));
        Response waiting = Api.create(Map.of("type", "dazzle", "seats", List.of(Map.of("name", name), Map.of("open", true))));
        as(waiting.path("credentials[0].token")).post("/api/games/" + waiting.path("id") + "/cancel").then().statusCode(200);
        games.add(waiting.path("id"));
        Response daily = as(null).header("X-Player-Key", key).post("/api/daily/standard/attempts")
                .then().statusCode(201).extract().response();
        games.add(playedOut(daily.path("id"), daily.path("credentials[0].token")));
        // Imported: finished, and cut short then played here to its end.
        String imported = PlayersTest.unique("i");
        Map<String, Object> record = new java.util.HashMap<>(RecordTest.record(games.get(1)));
        record.put("seats", renamed(record, imported));
        games.add(as(null).body(record).post("/api/games/import").then().statusCode(201).extract().path("id"));
        Map<String, Object> cut = new java.util.HashMap<>(RecordTest.record(Api.scoundrel("cut-" + imported, imported).id()));
        cut.put("seed", "cut-" + imported);
        cut.put("seats", renamed(cut, imported + "-c"));
        Response resumed = as(null).body(cut).post("/api/games/import").then().statusCode(201).extract().response();
        games.add(playedOut(resumed.path("id"), resumed.path("credentials[0].token")));
        // Seated in an open seat (the start's status change comes after the seat's announcement),
        // and an import left running.
        Response open = Api.create(Map.of("type", "dazzle", "seats", List.of(Map.of("name", name), Map.of("open", true))));
        as(null).body(Map.of("name", name + "-s")).post("/api/games/" + open.path("id") + "/seats/1").then().statusCode(200);
        games.add(open.path("id"));
        Map<String, Object> running = new java.util.HashMap<>(RecordTest.record(Api.scoundrel("run-" + imported, imported).id()));
        running.put("seed", "run-" + imported);
        running.put("seats", renamed(running, imported + "-r"));
        games.add(as(null).body(running).post("/api/games/import").then().statusCode(201).extract().path("id"));

        for (String id : games) {
            assertEquals("0", Db.scalar("select count(*) from read_model_marks where game_id = ?::uuid", id), id);
        }
        assertEquals(List.of(), disagreements(name, registered, playerId(registered), imported));
    }

    /** The one seat of a Scoundrel {@code record}, seated under {@code name}. */
    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> renamed(Map<String, Object> record, String name) {
        Map<String, Object> seat = new java.util.HashMap<>(((List<Map<String, Object>>) record.get("seats")).getFirst());
        seat.put("name", name);
        return List.of(seat);
    }

    /** Plays the first legal move of game {@code id} until it is over; its id. */
    private static String playedOut(String id, String token) {
        io.restassured.path.json.JsonPath game = as(token).get("/api/games/" + id).then().statusCode(200).extract().jsonPath();
        while (game.getString("status").equals("active")) {
            game = Api.move(id, token, game.getMap("legalMoves[0]")).then().statusCode(200).extract().jsonPath();
        }
        return id;
    }

    @Test
    void aGameEndedByABuildWithoutReadModelsIsCountedOnceByTheReconcile() throws Exception {
        String name = PlayersTest.unique("o");
        String running = Api.scoundrel("old-writer", name).id();
        HistoryTest.won(name);
        // Ended as a build without read models ends it: the game and its seat, nothing else.
        Db.update("update games set status = 'finished', finished_at = now(), updated_at = now() where id = ?::uuid", running);
        Db.update("update seats set outcome = 'lost', score = -7 where game_id = ?::uuid", running);

        assertEquals("1", Db.scalar("select count(*) from read_model_marks where game_id = ?::uuid", running));
        List<String> before = disagreements(name, running);
        assertTrue(before.stream().anyMatch(d -> d.startsWith("player_games " + running)), before.toString());
        assertTrue(before.stream().anyMatch(d -> d.startsWith("pending " + running)), before.toString());
        stats(name).body("types[0].played", equalTo(1));

        assertTrue(upkeep.reconcile() >= 1);
        assertEquals(List.of(), disagreements(name));
        stats(name).body("types[0].played", equalTo(2)).body("types[0].lost", equalTo(1))
                .body("types[0].bestScore", equalTo(20));
        as(null).get("/api/games?player=" + name + "&result=lost").then().statusCode(200)
                .body("items.size()", equalTo(1)).body("items[0].id", equalTo(running));

        // Marked again (a second old writer's change, or a run cut short): counted still once.
        Db.update("insert into read_model_marks (game_id, generation) values (?::uuid, 1)", running);
        assertTrue(upkeep.reconcile() >= 1);
        stats(name).body("types[0].played", equalTo(2));
        assertEquals(List.of(), disagreements(name));
    }

    /**
     * Generations (migration {@code V26}): a change by the release before, which keeps the read
     * models it knows and so clears its own marks ({@code read_model_pending}) in the change's
     * transaction, stays marked for this build's newer read models; a mark of a later generation
     * than this build's is neither removed by its changes nor taken by its reconcile.
     */
    @Test
    void aChangeByTheReleaseBeforeStaysMarkedForThisOneAndALaterGenerationsMarkIsLeftAlone() throws Exception {
        String name = PlayersTest.unique("g");
        String game = Api.scoundrel("generations", name).id();
        HistoryTest.won(name);
        // The release before ends it in one transaction with its read models, and clears its mark.
        Db.update("update games set status = 'finished', finished_at = now(), updated_at = now() where id = ?::uuid", game);
        Db.update("update seats set outcome = 'lost', score = -7 where game_id = ?::uuid", game);
        Db.update("delete from read_model_pending where game_id = ?::uuid", game);
        assertEquals(String.valueOf(ReadModelUpkeep.GENERATION),
                Db.scalar("select max(generation) from read_model_marks where game_id = ?::uuid", game));
        assertTrue(upkeep.reconcile() >= 1);
        assertEquals("0", Db.scalar("select count(*) from read_model_marks where game_id = ?::uuid", game));
        assertEquals(List.of(), disagreements(name));

        // A later release's mark on another game: this build's changes and reconcile leave it.
        String later = Api.scoundrel("generations-later", name).id();
        Db.update("insert into read_model_marks (game_id, generation) values (?::uuid, ?)", later, ReadModelUpkeep.GENERATION + 1);
        upkeep.announced(UUID.fromString(later)); // as this build's change of it does
        upkeep.reconcile();
        assertEquals(String.valueOf(ReadModelUpkeep.GENERATION + 1),
                Db.scalar("select string_agg(generation::text, ',') from read_model_marks where game_id = ?::uuid", later));
        Db.update("delete from read_model_marks where game_id = ?::uuid", later);
    }

    @Test
    void aRatedGameWrittenByABuildWithoutReadModelsIsListedAndRatedOnce() throws Exception {
        String registered = PlayersTest.unique("q");
        String key = PlayersTest.register(registered);
        String original = rated(key, registered);
        String player = playerId(registered);
        // The same game written again, whole, by a build that keeps no read models.
        String copy = UUID.randomUUID().toString();
        try (Connection c = Db.connect(); var st = c.createStatement()) {
            c.setAutoCommit(false);
            st.execute("create temp table g on commit drop as select * from games where id = '" + original + "'");
            st.execute("update g set id = '" + copy + "'");
            st.execute("create temp table s on commit drop as select * from seats where game_id = '" + original + "'");
            st.execute("update s set game_id = '" + copy + "', token_hash = null, rating = null, rating_diff = null");
            st.execute("create temp table m on commit drop as select * from moves where game_id = '" + original + "'");
            st.execute("update m set game_id = '" + copy + "'");
            st.execute("insert into games select * from g");
            st.execute("insert into seats select * from s");
            st.execute("insert into moves select * from m");
            c.commit();
        }
        List<String> before = disagreements(registered, player);
        assertTrue(before.contains("rating_history " + copy + " " + player + ": no rating change stored for the seat"),
                before.toString());
        assertTrue(before.stream().anyMatch(d -> d.startsWith("player_games " + copy)), before.toString());
        String games = "select games from ratings where player_id = ?::uuid";
        assertEquals("1", Db.scalar(games, player));

        assertTrue(upkeep.reconcile() >= 1);
        assertEquals(List.of(), disagreements(registered, player));
        assertEquals("2", Db.scalar(games, player));
        Db.update("insert into read_model_marks (game_id, generation) values (?::uuid, 1)", copy);
        upkeep.reconcile();
        assertEquals("2", Db.scalar(games, player), "rated once");
        assertEquals(List.of(), disagreements(registered, player));
        assertEquals("0", Db.scalar("select count(*) from read_model_marks where game_id = ?::uuid", copy));
    }

    /** A rated Dazzle game of {@code name} (key {@code key}) against the random level, played out; its id. */
    private static String rated(String key, String name) {
        Response rated = as(null).header("X-Player-Key", key).body(Map.of("type", "dazzle", "rated", true,
                "seats", List.of(Map.of("name", name), Map.of("ai", "random")))).post("/api/games")
                .then().statusCode(201).extract().response();
        String id = rated.path("id");
        String token = rated.path("credentials[0].token");
        DazzleGameTest.playOut(id, rated.jsonPath(), token);
        return id;
    }

    private static io.restassured.response.ValidatableResponse stats(String name) {
        return as(null).get("/api/players/" + name + "/stats").then().statusCode(200);
    }

    private static String playerId(String name) throws Exception {
        return Db.scalar("select id from players where name = ?", name);
    }

    /** The rows of {@code read_model_disagreements()} about any of {@code subjects}, as "model subject: detail". */
    static List<String> disagreements(String... subjects) throws Exception {
        List<String> out = new ArrayList<>();
        try (Connection c = Db.connect();
             PreparedStatement ps = c.prepareStatement("select model, subject, detail from read_model_disagreements()");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                String subject = rs.getString(2);
                for (String s : subjects) {
                    if (subject.contains(s)) {
                        out.add(rs.getString(1) + " " + subject + ": " + rs.getString(3));
                        break;
                    }
                }
            }
        }
        return out;
    }
}
