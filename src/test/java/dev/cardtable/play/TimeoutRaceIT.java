package dev.cardtable.play;

import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.ServerProcess;
import dev.cardtable.support.SseClient;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two packaged instances on one database sweep for games out of time every 50 ms: each game whose
 * one-second clock runs out ends exactly once, with one timeout entry, and a client watching it
 * on either instance sees the ending in its event stream. The lobby's events cross instances too.
 */
class TimeoutRaceIT {

    private static final int GAMES = 12;

    private static RequestSpecification at(ServerProcess server) {
        return RestAssured.given().baseUri(server.baseUri()).contentType(ContentType.JSON);
    }

    @Test
    void twoInstancesRacingToEndGamesOnTimeEndEachOnceWithOneLogEntry() throws Exception {
        Map<String, String> props = new HashMap<>(PostgresResource.database().datasourceConfig());
        props.put("cardtable.sweep.every", "50ms");
        try (ServerProcess a = ServerProcess.start(props); ServerProcess b = ServerProcess.start(props)) {
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < GAMES; i++) {
                ids.add(at(i % 2 == 0 ? a : b).body(Map.of("type", "dazzle",
                                "seats", List.of(Map.of("name", "racer-" + i), Map.of("name", "rival-" + i)),
                                "clock", Map.of("type", "correspondence", "perMove", "PT1S")))
                        .post("/api/games").then().statusCode(201).extract().path("id"));
            }
            try (SseClient sse = SseClient.connect(b.baseUri() + "/api/games/" + ids.getFirst() + "/events", null, null)) {
                assertEquals(200, sse.status());
                SseClient.Event timeout = sse.poll(Duration.ofSeconds(30));
                assertNotNull(timeout, "the watcher hears of the timeout");
                assertEquals("move", timeout.name());
                assertEquals(Map.of("action", "timeout"), JsonPath.from(timeout.data()).getMap("entry.move"));
                SseClient.Event end = sse.poll(Duration.ofSeconds(10));
                assertNotNull(end);
                assertEquals("end", end.name());
            }
            Instant giveUp = Instant.now().plusSeconds(60);
            for (String id : ids) {
                JsonPath g;
                do {
                    g = at(a).get("/api/games/" + id).then().statusCode(200).extract().jsonPath();
                } while (!g.getString("status").equals("finished") && Instant.now().isBefore(giveUp));
                assertEquals("finished", g.getString("status"), id);
                assertEquals("timeout", g.getString("result.ending"));
                assertEquals(0, g.getInt("result.endedBy"));
                assertEquals(1, g.getInt("version"), "one timeout entry, written once");
                JsonPath log = at(b).get("/api/games/" + id + "/moves").then().extract().jsonPath();
                assertEquals(1, log.getList("items").size());
                assertEquals(0, log.getInt("items[0].seat"));
            }
            assertTrue(a.isAlive() && b.isAlive());

            // The lobby is live across instances too: a game opened on one is announced on the other.
            try (SseClient lobby = SseClient.connect(b.baseUri() + "/api/lobby/events", null, null)) {
                assertEquals(200, lobby.status());
                String open = at(a).body(Map.of("type", "dazzle", "seats", List.of(Map.of("name", "opener"), Map.of("open", true))))
                        .post("/api/games").then().statusCode(201).extract().path("id");
                SseClient.Event opened = lobby.poll(Duration.ofSeconds(20));
                assertNotNull(opened, "the other instance announces the new game");
                assertEquals("opened", opened.name());
                assertEquals(open, JsonPath.from(opened.data()).getString("id"));
            }
        }
    }
}
