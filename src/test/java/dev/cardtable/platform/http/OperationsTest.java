package dev.cardtable.platform.http;

import dev.cardtable.support.Api;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.cardtable.support.Api.as;
import static dev.cardtable.support.Api.move;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Health and metrics, as an operator sees them. */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class OperationsTest {

    @Test
    void readinessChecksTheDatabase() {
        given().get("/q/health/ready").then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItem(containsString("Database")));
    }

    @Test
    void metricsCountMovesTimeThemAndCountGamesByStatus() {
        Api.Created g = Api.scoundrel("metrics", "ops");
        move(g.id(), g.token(), Map.of("action", "avoid")).then().statusCode(200);
        given().get("/q/metrics").then().statusCode(200)
                .body(containsString("cardtable_moves_applied_total{type=\"scoundrel\""))
                .body(containsString("cardtable_move_latency_seconds_count{type=\"scoundrel\""))
                .body(containsString("cardtable_games{status=\"active\""));
    }

    /** A seat taken counts in a game's version but is no move: the move counter counts moves only. */
    @Test
    void theMoveCounterCountsMovesNotSeatsTaken() {
        Response created = Api.create(Map.of("type", "dazzle", "seats", List.of(Map.of("name", "ann"), Map.of("open", true))));
        String id = created.path("id");
        String ann = created.path("credentials[0].token");
        as(null).body(Map.of("name", "ben")).post("/api/games/" + id + "/seats/1").then().statusCode(200);
        double before = dazzleMoves();
        Map<String, Object> first = as(ann).get("/api/games/" + id).path("legalMoves[0]");
        as(ann).body(first).post("/api/games/" + id + "/moves").then().statusCode(200).body("moveCount", equalTo(1));
        assertEquals(before + 1, dazzleMoves(), 1e-9);
    }

    private static double dazzleMoves() {
        String text = given().get("/q/metrics").then().statusCode(200).extract().asString();
        Matcher m = Pattern.compile("(?m)^cardtable_moves_applied_total\\{[^}]*type=\"dazzle\"[^}]*} (\\S+)$").matcher(text);
        return m.find() ? Double.parseDouble(m.group(1)) : 0;
    }
}
