package dev.cardtable.history;

import dev.cardtable.play.ScoundrelGameTest;
import dev.cardtable.play.ServerRestartIT;
import dev.cardtable.support.Api;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static dev.cardtable.support.Api.as;
import static dev.cardtable.support.Api.move;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** History queries and player statistics, against games with known results. */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class HistoryTest {

    private static String player() {
        return "p" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** A Scoundrel game for {@code name} from the winnable deal, played to a win (score 20). */
    static String won(String name) {
        var created = Api.create(Map.of("type", "scoundrel", "deal", ScoundrelGameTest.WINNABLE,
                "seats", List.of(Map.of("name", name))));
        JsonPath game = created.jsonPath();
        String id = game.getString("id");
        String token = game.getString("credentials[0].token");
        while (game.getString("status").equals("active")) {
            game = move(id, token, ServerRestartIT.firstPlay(game)).then().statusCode(200).extract().jsonPath();
        }
        return id;
    }

    /** A Scoundrel game for {@code name} lost at once (score -188). */
    static String lost(String name) {
        var created = Api.create(Map.of("type", "scoundrel", "deal", ScoundrelGameTest.deadly(),
                "seats", List.of(Map.of("name", name))));
        String id = created.path("id");
        String token = created.path("credentials[0].token");
        move(id, token, Map.of("action", "play", "card", "AS")).then().statusCode(200);
        move(id, token, Map.of("action", "play", "card", "KS")).then().statusCode(200).body("status", equalTo("finished"));
        return id;
    }

    @Test
    void statsCountWinsLossesAndScoresPerType() {
        String name = player();
        won(name);
        won(name);
        lost(name);
        Api.scoundrel("unfinished", name);
        as(null).get("/api/players/" + name + "/stats").then().statusCode(200)
                .body("player", equalTo(name))
                .body("types", hasSize(1))
                .body("types[0].type", equalTo("scoundrel"))
                .body("types[0].played", equalTo(3))
                .body("types[0].won", equalTo(2))
                .body("types[0].lost", equalTo(1))
                .body("types[0].drawn", equalTo(0))
                .body("types[0].bestScore", equalTo(20))
                .body("types[0].meanScore", equalTo(-49.33f));
        as(null).get("/api/players/nobody-" + name + "/stats").then().statusCode(200).body("types", hasSize(0));
        as(null).get("/api/players/bad name/stats").then().statusCode(400).body("code", equalTo("malformed-request"));
    }

    @Test
    void filtersSelectByTypeStatusPlayerAndResult() {
        String name = player();
        String w = won(name);
        String l = lost(name);
        String active = Api.scoundrel("history", name).id();
        as(null).queryParam("player", name).get("/api/games").then().statusCode(200)
                .body("items.id", equalTo(List.of(active, l, w)));
        as(null).queryParam("player", name).queryParam("result", "won").get("/api/games").then()
                .body("items.id", equalTo(List.of(w)));
        as(null).queryParam("player", name).queryParam("status", "active").get("/api/games").then()
                .body("items.id", equalTo(List.of(active)));
        as(null).queryParam("player", name).queryParam("type", "dazzle").get("/api/games").then()
                .body("items", hasSize(0));
        as(null).queryParam("type", "scoundrel").queryParam("status", "finished").queryParam("limit", 5).get("/api/games")
                .then().body("items.status", everyItem(equalTo("finished"))).body("items.type", everyItem(equalTo("scoundrel")));
        // A running game's listing shows no seed and no view.
        as(null).queryParam("player", name).queryParam("status", "active").get("/api/games").then()
                .body("items[0].view", equalTo(null)).body("items[0].seed", equalTo(null));
    }

    @Test
    void theRatedFilterKeepsRatedOrUnratedGames() {
        String name = dev.cardtable.players.PlayersTest.unique("hr");
        String key = dev.cardtable.players.PlayersTest.register(name);
        String casual = as(null).header("X-Player-Key", key).body(Map.of("type", "dazzle",
                "seats", List.of(Map.of("name", name), Map.of("ai", "random")))).post("/api/games")
                .then().statusCode(201).extract().path("id");
        String rated = as(null).header("X-Player-Key", key).body(Map.of("type", "dazzle", "rated", true,
                "seats", List.of(Map.of("name", name), Map.of("open", true)))).post("/api/games")
                .then().statusCode(201).extract().path("id");
        as(null).queryParam("player", name).get("/api/games").then().statusCode(200)
                .body("items.id", equalTo(List.of(rated, casual)));
        as(null).queryParam("player", name).queryParam("rated", "true").get("/api/games").then().statusCode(200)
                .body("items.id", equalTo(List.of(rated)));
        as(null).queryParam("player", name).queryParam("rated", "false").get("/api/games").then().statusCode(200)
                .body("items.id", equalTo(List.of(casual)));
        // Without a player: every rated game listed is rated, every other one is not; no Scoundrel game is rated.
        as(null).queryParam("rated", "true").queryParam("limit", 100).get("/api/games").then().statusCode(200)
                .body("items.rated", everyItem(equalTo(true))).body("items.id", org.hamcrest.Matchers.hasItem(rated));
        as(null).queryParam("rated", "false").queryParam("limit", 100).get("/api/games").then().statusCode(200)
                .body("items.rated", everyItem(equalTo(false))).body("items.id", org.hamcrest.Matchers.not(
                        org.hamcrest.Matchers.hasItem(rated)));
        as(null).queryParam("rated", "true").queryParam("status", "waiting").get("/api/games").then().statusCode(200)
                .body("items.id", org.hamcrest.Matchers.hasItem(rated));
        as(null).queryParam("rated", "true").queryParam("type", "scoundrel").get("/api/games").then().statusCode(200)
                .body("items", hasSize(0)).body("nextCursor", equalTo(null));
        for (String bad : List.of("yes", "1", "TRUE")) {
            as(null).queryParam("rated", bad).get("/api/games").then().statusCode(400)
                    .body("code", equalTo("malformed-request")).body("detail", equalTo("'rated' must be true or false"));
        }
    }

    @Test
    void timeFiltersAreExclusiveAndValidated() {
        String name = player();
        String first = Api.scoundrel("t1", name).id();
        String createdAt = as(null).get("/api/games/" + first).path("createdAt");
        String second = Api.scoundrel("t2", name).id();
        as(null).queryParam("player", name).queryParam("createdAfter", createdAt).get("/api/games").then()
                .body("items.id", equalTo(List.of(second)));
        as(null).queryParam("player", name).queryParam("createdBefore", Instant.parse(createdAt).plusMillis(1).toString())
                .get("/api/games").then().body("items.id", equalTo(List.of(first)));
        for (Map<String, Object> bad : List.of(Map.<String, Object>of("createdAfter", "yesterday"), Map.<String, Object>of("limit", 0),
                Map.<String, Object>of("limit", 101), Map.<String, Object>of("cursor", "nonsense"), Map.<String, Object>of("status", "paused"),
                Map.<String, Object>of("result", "maybe"), Map.<String, Object>of("limit", "ten"))) {
            as(null).queryParams(bad).get("/api/games").then().statusCode(400).body("code", equalTo("malformed-request"));
        }
    }

    @Test
    void paginationNeitherRepeatsNorSkipsWhileGamesAreBeingCreated() throws Exception {
        String name = player();
        List<String> original = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            original.add(0, Api.scoundrel("page-" + i, name).id());
        }
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<String> seen = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            var req = as(null).queryParam("player", name).queryParam("limit", 3);
            if (cursor != null) {
                req = req.queryParam("cursor", cursor);
            }
            JsonPath page = req.get("/api/games").then().statusCode(200).extract().jsonPath();
            seen.addAll(page.getList("items.id"));
            cursor = page.getString("nextCursor");
            // Newer games arrive between pages; they belong before the first page, not in later ones.
            List<Future<String>> inserts = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                int n = i;
                inserts.add(pool.submit(() -> Api.scoundrel("new-" + n, name).id()));
            }
            for (Future<String> f : inserts) {
                f.get();
            }
            pages++;
        } while (cursor != null && pages < 10);
        pool.shutdown();
        assertEquals(original, seen, "exactly the games that existed, newest first");
        Set<String> unique = new HashSet<>(seen);
        assertEquals(seen.size(), unique.size());
        assertTrue(pages == 3, "7 games in pages of 3: " + pages);
    }
}
