package dev.cardtable.bots;

import dev.cardtable.pairing.Pairing;
import dev.cardtable.support.Bot;
import dev.cardtable.support.Db;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static dev.cardtable.players.PlayersTest.register;
import static dev.cardtable.players.PlayersTest.unique;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The example bot ({@code examples/DazzleBot.java}) against the server: two bots challenge each
 * other and play 10 games at once to the end; a bot and a test client meet through quick pairing.
 * Every game's {@code gameStart} and {@code gameFinish} is stored once for each player.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class DazzleBotTest {

    @Inject
    Pairing pairing;

    private static String server() {
        return "http://localhost:" + RestAssured.port;
    }

    static RequestSpecification as(String key) {
        return given().contentType(ContentType.JSON).accept(ContentType.JSON).header("X-Player-Key", key);
    }

    /** Each of {@code player}'s finished games between the two, with one gameStart and one gameFinish event each. */
    static void assertEveryGameToldOnce(String player, int games) throws Exception {
        String id = Db.scalar("select id from players where name = ? and revoked_at is null", player);
        assertEquals(String.valueOf(games), Db.scalar("select count(*) from player_events where player_id = ?::uuid "
                + "and kind = 'gameStart'", id), player + "'s gameStart events");
        assertEquals(String.valueOf(games), Db.scalar("select count(distinct game_id) from player_events where "
                + "player_id = ?::uuid and kind = 'gameStart'", id));
        assertEquals(String.valueOf(games), Db.scalar("select count(*) from player_events where player_id = ?::uuid "
                + "and kind = 'gameFinish'", id), player + "'s gameFinish events");
        assertEquals(String.valueOf(games), Db.scalar("select count(distinct game_id) from player_events where "
                + "player_id = ?::uuid and kind = 'gameFinish'", id));
        assertEquals(String.valueOf(games), Db.scalar("select count(*) from seats s join games g on g.id = s.game_id "
                + "where s.player_id = ?::uuid and g.status = 'finished' and g.result is not null", id), player + "'s finished games");
    }

    @Test
    void twoBotsChallengeEachOtherAndPlayTenGamesAtOnce() throws Exception {
        String a = unique("botA"), b = unique("botB");
        String aKey = register(a), bKey = register(b);
        // The accepting bot holds the token docs/bots.md recommends, not its key.
        String bToken = given().contentType("application/json").header("X-Player-Key", bKey)
                .body(java.util.Map.of("description", "bot", "scopes", List.of("game:play", "challenge:write", "seek:write",
                        "events:read"))).post("/api/account/tokens").then().statusCode(201).extract().path("token");
        try (Bot accepting = Bot.start(server(), b, bToken, "--finish", "10");
             Bot challenging = Bot.start(server(), a, aKey, "--challenge", b, "--games", "10", "--rated", "--finish", "10")) {
            int first = challenging.awaitExit(Duration.ofMinutes(4));
            int second = accepting.awaitExit(Duration.ofMinutes(1));
            assertEquals(0, first, challenging.output());
            assertEquals(0, second, accepting.output());
        }
        assertEveryGameToldOnce(a, 10);
        assertEveryGameToldOnce(b, 10);
        // Each game is rated, and its two seats are the two bots.
        assertEquals("10", Db.scalar("select count(*) from games g where g.rated and exists (select 1 from seats s "
                + "join players p on p.id = s.player_id where s.game_id = g.id and p.name = ?) and exists (select 1 from "
                + "seats s join players p on p.id = s.player_id where s.game_id = g.id and p.name = ?)", a, b));
    }

    @Test
    void aBotAndATestClientMeetThroughQuickPairing() throws Exception {
        String botName = unique("botC"), human = unique("human");
        String botKey = register(botName), humanKey = register(human);
        try (Bot bot = Bot.start(server(), botName, botKey, "--seek", "1", "--rated", "--finish", "1")) {
            // The bot seeks once its stream is open; the human seeks too, and pairing runs as on a server.
            String seek = as(humanKey).body(Map.of("type", "dazzle", "rated", true)).post("/api/seeks").then()
                    .statusCode(201).extract().path("id");
            String gameId = null;
            for (int i = 0; i < 300 && gameId == null; i++) {
                pairing.run();
                gameId = as(humanKey).get("/api/seeks/" + seek).then().extract().path("gameId");
                if (gameId == null) {
                    Thread.sleep(100);
                }
            }
            assertEquals(true, gameId != null, "paired: " + bot.output());
            JsonPath game = as(humanKey).get("/api/games/" + gameId).then().statusCode(200).extract().jsonPath();
            List<String> names = game.getList("seats.name");
            assertEquals(true, names.contains(botName) && names.contains(human), names.toString());
            // The human plays its first legal move whenever it is its turn, with its key alone.
            for (int i = 0; i < 600 && !"finished".equals(game.getString("status")); i++) {
                List<Map<String, Object>> legal = game.getList("legalMoves");
                if (!legal.isEmpty()) {
                    as(humanKey).body(legal.get(0)).post("/api/games/" + gameId + "/moves").then().statusCode(200);
                } else {
                    Thread.sleep(50);
                }
                game = as(humanKey).get("/api/games/" + gameId).then().statusCode(200).extract().jsonPath();
            }
            assertEquals("finished", game.getString("status"), bot.output());
            assertEquals(0, bot.awaitExit(Duration.ofSeconds(30)), bot.output());
        }
        assertEveryGameToldOnce(botName, 1);
        assertEveryGameToldOnce(human, 1);
    }
}
