package dev.cardtable.history;

import dev.cardtable.play.DazzleGameTest;
import dev.cardtable.support.Api;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import static dev.cardtable.support.Api.as;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * A name that holds both seats of a game plays that game once ({@code docs/api.md}, "History"):
 * it is counted once, and as a draw when its seats ended differently, in the statistics and in
 * the history's filters alike.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class SelfPlayTest {

    @Test
    void aGameAgainstOneselfCountsOnceAndAsADraw() {
        String name = "s" + UUID.randomUUID().toString().substring(0, 8);
        Response created = Api.create(Map.of("type", "dazzle", "seed", "self-play-1",
                "seats", List.of(Map.of("name", name), Map.of("name", name))));
        String id = created.path("id");
        JsonPath end = DazzleGameTest.playOut(id, created.jsonPath(), created.path("credentials[0].token"),
                created.path("credentials[1].token"));
        List<String> outcomes = end.getList("result.standings.outcome");
        assertNotEquals(outcomes.get(0), outcomes.get(1), "this deal ends with a winner: " + outcomes);

        as(null).get("/api/players/" + name + "/stats").then().statusCode(200)
                .body("types[0].played", equalTo(1))
                .body("types[0].won", equalTo(0))
                .body("types[0].lost", equalTo(0))
                .body("types[0].drawn", equalTo(1));
        as(null).get("/api/games?player=" + name).then().statusCode(200).body("items.id", contains(id));
        as(null).get("/api/games?player=" + name + "&result=drawn").then().statusCode(200).body("items.id", contains(id));
        for (String other : List.of("won", "lost")) {
            as(null).get("/api/games?player=" + name + "&result=" + other).then().statusCode(200).body("items", empty());
        }
        // Without a player, the game is one of the draws, once.
        List<String> draws = as(null).get("/api/games?result=drawn&limit=100").then().statusCode(200)
                .extract().path("items.id");
        assertEquals(1, draws.stream().filter(id::equals).count());
    }
}
