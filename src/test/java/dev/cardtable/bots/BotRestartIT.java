package dev.cardtable.bots;

import dev.cardtable.support.Bot;
import dev.cardtable.support.ServerProcess;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The example bot survives a server restart mid-game: the packaged server is killed while two
 * bots play, started again on the same port and data, and both bots reconnect (their event
 * streams with Last-Event-ID, their moves retried with the same Idempotency-Key) and finish.
 */
class BotRestartIT {

    private static RequestSpecification at(ServerProcess server, String key) {
        RequestSpecification r = RestAssured.given().baseUri(server.baseUri()).contentType(ContentType.JSON)
                .accept(ContentType.JSON);
        return key == null ? r : r.header("X-Player-Key", key);
    }

    @Test
    void botsFinishTheirGamesAcrossAServerRestart() throws Exception {
        Path data = Files.createTempDirectory("cardtable-bots-").resolve("postgres");
        Map<String, String> props = Map.of("cardtable.data-dir", data.toString());
        String a = "botR" + UUID.randomUUID().toString().substring(0, 6);
        String b = "botS" + UUID.randomUUID().toString().substring(0, 6);
        ServerProcess first = ServerProcess.start(props);
        int port = first.port();
        String aKey = at(first, null).body(Map.of("name", a)).post("/api/players").then().statusCode(201).extract().path("key");
        String bKey = at(first, null).body(Map.of("name", b)).post("/api/players").then().statusCode(201).extract().path("key");
        try (Bot accepting = Bot.start(first.baseUri(), b, bKey, "--finish", "2");
             Bot challenging = Bot.start(first.baseUri(), a, aKey, "--challenge", b, "--games", "2", "--finish", "2")) {
            // Wait until both games run and have moves, then crash the server mid-game.
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            int moved = 0;
            while (System.nanoTime() < deadline && moved < 2) {
                List<Integer> versions = at(first, null).queryParam("player", a).queryParam("status", "active")
                        .get("/api/games").then().statusCode(200).extract().path("items.version");
                moved = (int) versions.stream().filter(v -> v >= 2).count();
                Thread.sleep(20);
            }
            assertEquals(2, moved, "both games started and moved before the crash\n" + challenging.output());
            first.kill();
            Thread.sleep(1000);
            try (ServerProcess second = ServerProcess.start(props, null, port)) {
                assertEquals(0, challenging.awaitExit(Duration.ofMinutes(2)), challenging.output());
                assertEquals(0, accepting.awaitExit(Duration.ofSeconds(30)), accepting.output());
                List<String> statuses = at(second, null).queryParam("player", a).get("/api/games").then().statusCode(200)
                        .extract().path("items.status");
                assertEquals(List.of("finished", "finished"), statuses);
                assertTrue(challenging.output().contains("reconnecting"), challenging.output());
            }
        } finally {
            first.kill();
        }
    }
}
