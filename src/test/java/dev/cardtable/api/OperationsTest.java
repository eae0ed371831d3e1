package dev.cardtable.api;

import dev.cardtable.support.Api;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static dev.cardtable.support.Api.move;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

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
}
