package dev.cardtable.history;

import dev.cardtable.play.DazzleGameTest;
import dev.cardtable.players.PlayersTest;
import dev.cardtable.support.Api;
import dev.cardtable.support.Db;
import dev.cardtable.support.FilledSchema;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static dev.cardtable.support.Api.as;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Migrations V11 and V12_1 fill the history's read models (rated games marked) from the games
 * already stored, exactly as the server keeps them as games are played: the tables the server wrote equal those the migration
 * writes again from the same games.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class ReadModelMigrationTest {

    /** This test's rows of a table like player_games (%s), by name (%s: the names, quoted). */
    private static final String GAMES = "select name, game_id, created_at, game_type, status, outcome, score, player_id,"
            + " rated from %s where name in (%s) order by name, game_id";
    /** This test's rows of a table like player_stats (%s), by name or by its registered player (%s, %s). */
    private static final String STATS = "select name, player_id, game_type, played, won, lost, drawn, abandoned,"
            + " best_score, score_sum, scored from %s where name in (%s) or player_id in (select id from players"
            + " where name = %s) order by name nulls first, player_id, game_type";

    @Test
    void theMigrationWritesWhatTheServerKeeps() throws Exception {
        String name = "m" + UUID.randomUUID().toString().substring(0, 8);
        HistoryTest.won(name);
        HistoryTest.lost(name);
        Api.scoundrel("running", name);
        Response self = Api.create(Map.of("type", "dazzle", "seed", "self-play-1",
                "seats", List.of(Map.of("name", name), Map.of("name", name))));
        DazzleGameTest.playOut(self.path("id"), self.jsonPath(), self.path("credentials[0].token"),
                self.path("credentials[1].token"));
        String registered = PlayersTest.unique("v");
        String key = PlayersTest.register(registered);
        Response verified = as(null).header("X-Player-Key", key).body(Map.of("type", "dazzle", "seed", "v",
                "seats", List.of(Map.of("name", registered), Map.of("ai", "random")))).post("/api/games")
                .then().statusCode(201).extract().response();
        String verifiedToken = verified.path("credentials[0].token");
        DazzleGameTest.playOut(verified.path("id"), verified.jsonPath(), verifiedToken);
        Response rated = as(null).header("X-Player-Key", key).body(Map.of("type", "dazzle", "rated", true,
                "seats", List.of(Map.of("name", registered), Map.of("ai", "random")))).post("/api/games")
                .then().statusCode(201).extract().response();
        String ratedToken = rated.path("credentials[0].token");
        DazzleGameTest.playOut(rated.path("id"), rated.jsonPath(), ratedToken);
        Response daily = as(null).header("X-Player-Key", key).post("/api/daily/standard/attempts")
                .then().statusCode(201).extract().response();
        playToTheEnd(daily.path("id"), daily.path("credentials[0].token"));
        Response waiting = Api.create(Map.of("type", "dazzle", "seats", List.of(Map.of("name", name), Map.of("open", true))));
        as(waiting.path("credentials[0].token")).post("/api/games/" + waiting.path("id") + "/cancel").then().statusCode(200);

        String names = "'" + name + "', '" + registered + "'";
        String player = "'" + registered + "'";
        try (Connection c = Db.connect(); Statement st = c.createStatement()) {
            // Written again from the same games, beside the tables the server kept.
            st.executeUpdate("create temp table migrated_games (like player_games including defaults)");
            st.executeUpdate("create temp table migrated_stats (like player_stats including defaults)");
            st.executeUpdate("create temp table migrated_attempts as select day, ruleset, player_id, game_id, started_at,"
                    + " false counted, null::int score, null::int moves, null::text outcome, null::timestamptz finished_at"
                    + " from daily_attempts");
            st.executeUpdate("create temp table migrated_standings (like daily_standings including defaults)");
            for (String insert : FilledSchema.readModelBackfill()) {
                st.executeUpdate(insert.replace("player_games", "migrated_games").replace("player_stats", "migrated_stats")
                        .replace("daily_attempts", "migrated_attempts").replace("daily_standings", "migrated_standings"));
            }
            List<List<String>> kept = rows(st, GAMES.formatted("player_games", names));
            assertEquals(8, kept.size(), "the server kept one row per name per game: " + kept);
            assertEquals(1, kept.stream().filter(r -> "t".equals(r.get(8))).count(), "one of them rated: " + kept);
            assertEquals(kept, rows(st, GAMES.formatted("migrated_games", names)));
            List<List<String>> stats = rows(st, STATS.formatted("player_stats", names, player));
            assertEquals(6, stats.size(), "by name and by the registered player, each: scoundrel and dazzle");
            assertEquals(stats, rows(st, STATS.formatted("migrated_stats", names, player)));
            String attempts = "select day, ruleset, game_id, counted, score, moves, outcome, finished_at from %s"
                    + " where player_id = (select id from players where name = " + player + ") order by day, ruleset";
            List<List<String>> attempted = rows(st, attempts.formatted("daily_attempts"));
            assertEquals(1, attempted.size(), "the daily attempt");
            assertEquals("t", attempted.getFirst().get(3), "it finished within its day: " + attempted);
            assertEquals(attempted, rows(st, attempts.formatted("migrated_attempts")));
            String standings = "select ruleset, player_id, name, played, won, total, best from %s"
                    + " where name = " + player;
            assertEquals(1, rows(st, standings.formatted("daily_standings")).size());
            assertEquals(rows(st, standings.formatted("daily_standings")), rows(st, standings.formatted("migrated_standings")));
        }
    }


    /** Plays the first legal move until the game is over. */
    private static void playToTheEnd(String id, String token) {
        io.restassured.path.json.JsonPath game = as(token).get("/api/games/" + id).then().statusCode(200).extract().jsonPath();
        while (game.getString("status").equals("active")) {
            game = Api.move(id, token, game.getMap("legalMoves[0]")).then().statusCode(200).extract().jsonPath();
        }
    }

    private static List<List<String>> rows(Statement st, String sql) throws Exception {
        List<List<String>> out = new ArrayList<>();
        try (ResultSet rs = st.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<String> row = new ArrayList<>();
                for (int i = 1; i <= n; i++) {
                    row.add(rs.getString(i));
                }
                out.add(row);
            }
        }
        return out;
    }
}
