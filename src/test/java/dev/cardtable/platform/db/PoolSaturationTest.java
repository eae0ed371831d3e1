package dev.cardtable.platform.db;

import dev.cardtable.support.Api;
import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.SseClient;
import dev.cardtable.watching.MoveBus;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static dev.cardtable.support.Api.as;
import static dev.cardtable.support.Api.move;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A pool held to its limit is a busy server, not a database outage: requests answer
 * {@code 503 server-busy} with {@code Retry-After}, a move that got no connection says it was not
 * applied, readiness is down while requests wait, and once connections come free everything is
 * served again with nothing lost; an open stream that cannot catch up ends with an {@code error}
 * event that says so.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class PoolSaturationTest {

    @Inject
    AgroalDataSource dataSource;

    @Inject
    MoveBus moveBus;

    private static Map<String, Object> firstLegal(String id, String token) {
        return as(token).get("/api/games/" + id).then().statusCode(200).extract().path("legalMoves[0]");
    }

    @Test
    void aSaturatedPoolAnswersServerBusyAndLosesNothing() throws Exception {
        Api.Created game = Api.scoundrel("pool-saturation", "Ann");
        assertEquals(200, move(game.id(), game.token(), firstLegal(game.id(), game.token())).statusCode());
        Map<String, Object> next = firstLegal(game.id(), game.token());
        SseClient watching = SseClient.connect("http://localhost:" + RestAssured.port + "/api/games/" + game.id() + "/events",
                null, null);
        assertEquals(200, watching.status());
        assertEquals("move", watching.poll(Duration.ofSeconds(20)).name());
        int max = dataSource.getConfiguration().connectionPoolConfiguration().maxSize();

        List<Connection> held = new ArrayList<>();
        try {
            for (int i = 0; i < max; i++) {
                held.add(dataSource.getConnection());
            }
            // A request waiting for a connection: meanwhile readiness is down.
            CompletableFuture<Response> waiting = CompletableFuture.supplyAsync(() ->
                    RestAssured.given().get("/api/games/" + game.id()).then().extract().response());
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
            while (dataSource.getMetrics().awaitingCount() == 0 && System.nanoTime() < until) {
                Thread.sleep(10);
            }
            RestAssured.given().get("/q/health/ready").then().statusCode(503)
                    .body(containsString("database connection pool"));

            Response read = waiting.get(30, TimeUnit.SECONDS);
            assertEquals(503, read.statusCode());
            assertEquals("server-busy", read.path("code"));
            assertTrue(read.header("Retry-After") != null, "a busy answer says when to come back");

            as(game.token()).body(next).post("/api/games/" + game.id() + "/moves").then()
                    .statusCode(503).contentType("application/problem+json")
                    .header("Retry-After", not(equalTo(null)))
                    .body("code", equalTo("server-busy"))
                    .body("outcome", equalTo("not-applied"));

            // A stream that must catch up now cannot read the game: it ends with an error event.
            moveBus.heartbeat();
            SseClient.Event error = watching.poll(Duration.ofSeconds(30));
            assertEquals("error", error.name(), "an error the client can read: " + error);
            assertTrue(error.data().contains("\"code\":\"server-busy\""), error.data());
            watching.close();

            // A stream cannot open either, and says why as a problem, not as a stream.
            RestAssured.given().accept("text/event-stream").get("/api/games/" + game.id() + "/events").then()
                    .statusCode(503).contentType("application/problem+json").body("code", equalTo("server-busy"));
        } finally {
            for (Connection c : held) {
                c.close();
            }
        }

        // Served again, and the refused move was not applied: the game is one move in.
        RestAssured.given().get("/q/health/ready").then().statusCode(200);
        as(game.token()).get("/api/games/" + game.id()).then().statusCode(200).body("version", equalTo(1));
        assertEquals(200, move(game.id(), game.token(), next).statusCode());
        as(game.token()).get("/api/games/" + game.id() + "/moves").then().statusCode(200)
                .body("items.size()", equalTo(2));
    }
}
