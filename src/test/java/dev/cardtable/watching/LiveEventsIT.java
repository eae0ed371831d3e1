package dev.cardtable.watching;

import dev.cardtable.play.ScoundrelGameTest;
import dev.cardtable.play.ServerRestartIT;
import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.ServerProcess;
import dev.cardtable.support.SseClient;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Live events cross instances: a client on one instance sees moves made through another. */
class LiveEventsIT {

    private static RequestSpecification at(ServerProcess server, String token) {
        RequestSpecification r = RestAssured.given().baseUri(server.baseUri()).contentType(ContentType.JSON);
        return token == null ? r : r.header("Authorization", "Bearer " + token);
    }

    private static JsonPath play(ServerProcess server, String id, String token, JsonPath game) {
        return at(server, token).body(ServerRestartIT.firstPlay(game)).post("/api/games/" + id + "/moves")
                .then().statusCode(200).extract().jsonPath();
    }

    @Test
    void aSubscriberOnOneInstanceGetsMovesMadeOnAnotherAndResumesWithoutGapsOrRepeats() throws Exception {
        Map<String, String> db = PostgresResource.database().datasourceConfig();
        try (ServerProcess a = ServerProcess.start(db); ServerProcess b = ServerProcess.start(db)) {
            JsonPath game = at(a, null).body(Map.of("type", "scoundrel", "deal", ScoundrelGameTest.WINNABLE,
                    "seats", List.of(Map.of("name", "watched")))).post("/api/games").then().statusCode(201).extract().jsonPath();
            String id = game.getString("id");
            String token = game.getString("credentials[0].token");
            String events = b.baseUri() + "/api/games/" + id + "/events";
            try (SseClient sse = SseClient.connect(events, null, null)) {
                assertEquals(200, sse.status());
                for (int i = 0; i < 3; i++) {
                    game = play(a, id, token, game);
                }
                List<SseClient.Event> got = sse.take(3, Duration.ofSeconds(20));
                assertEquals(List.of("1", "2", "3"), got.stream().map(SseClient.Event::id).toList());
                assertEquals("move", got.get(0).name());
                assertEquals(1, JsonPath.from(got.get(0).data()).getInt("entry.seq"));
                assertEquals(1, JsonPath.from(got.get(0).data()).getInt("game.version"));
            }
            // A stream ticket made by one instance opens the seat's stream on the other: tickets are
            // signed with the secret the database keeps, not held by the instance that made them.
            String ticket = at(a, token).post("/api/games/" + id + "/stream-tickets").then().statusCode(201)
                    .extract().path("ticket");
            try (SseClient sse = SseClient.connect(events + "?ticket=" + ticket, "2", null)) {
                assertEquals(200, sse.status());
                SseClient.Event third = sse.poll(Duration.ofSeconds(20));
                assertEquals("3", third.id());
                assertEquals(0, JsonPath.from(third.data()).getInt("game.viewer"));
            }
            // Moves made while disconnected arrive on resumption, once each, in order.
            for (int i = 0; i < 2; i++) {
                game = play(a, id, token, game);
            }
            try (SseClient sse = SseClient.connect(events, "3", null)) {
                game = play(a, id, token, game);
                List<SseClient.Event> got = sse.take(3, Duration.ofSeconds(20));
                assertEquals(List.of("4", "5", "6"), got.stream().map(SseClient.Event::id).toList());
                assertNull(sse.poll(Duration.ofSeconds(2)), "no event is repeated");
            }
        }
    }
}
