package dev.cardtable.bots;

import dev.cardtable.support.Bot;
import dev.cardtable.support.MovableClock;
import dev.cardtable.support.PostgresResource;
import dev.cardtable.tournaments.ArenaPairing;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.cardtable.players.PlayersTest.register;
import static dev.cardtable.players.PlayersTest.unique;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The example bot's arena mode ({@code --arena}, docs/bots.md "Play an arena"): three bots holding
 * tokens with {@code tournament:write} join a five-minute arena, play every game it pairs them into,
 * and exit with status 0 once it is final. The arena's end is reached by moving the server's clock
 * on. The final standings agree with the games: each player's points are the sum of their sheet's
 * results, their games, wins, draws and losses count those results, each result is the game's
 * outcome for that player, and the table is in the order of docs/tournaments.md.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class DazzleBotArenaTest {

    @Inject
    ArenaPairing pairing;

    @Inject
    MovableClock clock;

    @AfterEach
    void systemTime() {
        clock.reset();
    }

    private static String server() {
        return "http://localhost:" + RestAssured.port;
    }

    private static String token(String key) {
        return given().contentType("application/json").header("X-Player-Key", key)
                .body(Map.of("description", "arena bot", "scopes", List.of("game:play", "events:read", "tournament:write")))
                .post("/api/account/tokens").then().statusCode(201).extract().path("token");
    }

    private static JsonPath get(String path) {
        return given().accept("application/json").get(path).then().statusCode(200).extract().jsonPath();
    }

    @Test
    void threeBotsPlayAShortArenaThroughAndTheStandingsAgreeWithTheirGames() throws Exception {
        String creator = unique("arenaHost");
        String creatorKey = register(creator);
        String id = given().contentType("application/json").header("X-Player-Key", creatorKey)
                .body(Map.of("name", "Bots' arena", "type", "dazzle", "minutes", 5, "rated", true,
                        "clock", Map.of("type", "fischer", "initial", "PT1M", "increment", "PT1S")))
                .post("/api/arenas").then().statusCode(201).extract().path("id");

        List<String> names = List.of(unique("arenaBotA"), unique("arenaBotB"), unique("arenaBotC"));
        List<Bot> bots = new ArrayList<>();
        try {
            for (String name : names) {
                bots.add(Bot.start(server(), name, token(register(name)), "--arena", id));
            }
            // The bots join (each compiles and starts first, which a busy machine makes slow).
            for (int i = 0; i < 600 && get("/api/arenas/" + id).getInt("players") < 3; i++) {
                Thread.sleep(200);
            }
            assertEquals(3, get("/api/arenas/" + id).getInt("players"), bots.get(0).output());
            // The arena pairs them, as the server's job would, until three games have ended (or a minute passed).
            long until = System.currentTimeMillis() + 60_000;
            while (System.currentTimeMillis() < until && counted(id) < 6) {
                pairing.run();
                Thread.sleep(200);
            }
            // The arena's end: its games in progress are played out (or time out), and then it is final.
            clock.advance(Duration.ofMinutes(5));
            for (int i = 0; i < 300 && !get("/api/arenas/" + id).getBoolean("final"); i++) {
                pairing.run();
                Thread.sleep(200);
            }
            JsonPath arena = get("/api/arenas/" + id);
            assertEquals("finished", arena.getString("status"));
            assertTrue(arena.getBoolean("final"), "the arena is final: " + arena.prettify());
            for (Bot bot : bots) {
                assertEquals(0, bot.awaitExit(Duration.ofSeconds(30)), bot.output());
            }
        } finally {
            bots.forEach(Bot::close);
        }

        List<Map<String, Object>> table = get("/api/arenas/" + id + "/standings").getList("items");
        assertEquals(3, table.size());
        int games = 0;
        for (int i = 0; i < table.size(); i++) {
            Map<String, Object> entry = table.get(i);
            String name = (String) entry.get("player");
            assertTrue(names.contains(name), name);
            assertEquals(i + 1, entry.get("rank"));
            JsonPath sheet = get("/api/arenas/" + id + "/players/" + name);
            List<Map<String, Object>> results = sheet.getList("results");
            int points = results.stream().mapToInt(r -> (Integer) r.get("points")).sum();
            assertEquals(points, entry.get("points"), name + "'s points are the sum of their sheet's");
            assertEquals(points, sheet.getInt("points"));
            assertEquals(results.size(), entry.get("games"));
            assertEquals(count(results, "won"), entry.get("wins"));
            assertEquals(count(results, "drawn"), entry.get("draws"));
            assertEquals(count(results, "lost"), entry.get("losses"));
            for (Map<String, Object> r : results) {
                JsonPath game = get("/api/games/" + r.get("gameId"));
                assertEquals("finished", game.getString("status"));
                int seat = game.getList("seats.name").indexOf(name);
                assertTrue(seat >= 0, name + " plays " + r.get("gameId"));
                assertEquals(r.get("result"), game.getString("result.standings.find { it.seat == " + seat + " }.outcome"),
                        "the sheet's result is the game's outcome");
                assertEquals(r.get("opponent"), game.getList("seats.name").get(1 - seat));
            }
            games += results.size();
            if (i > 0) {
                Map<String, Object> above = table.get(i - 1);
                assertTrue((Integer) above.get("points") >= (Integer) entry.get("points"), "the table is ordered by points");
            }
        }
        assertTrue(games >= 2, "each game counts for both of its players, and the bots played some: " + games);
        assertEquals(0, games % 2, "each game counts once for each of its two players");
    }

    /** The games counted in the arena's standings, each once for each of its two players. */
    private static int counted(String id) {
        List<Integer> games = get("/api/arenas/" + id + "/standings").getList("items.games");
        return games.stream().mapToInt(Integer::intValue).sum();
    }

    private static int count(List<Map<String, Object>> results, String outcome) {
        return (int) results.stream().filter(r -> outcome.equals(r.get("result"))).count();
    }
}
