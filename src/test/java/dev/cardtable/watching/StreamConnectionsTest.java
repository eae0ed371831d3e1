package dev.cardtable.watching;

import dev.cardtable.support.Api;
import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.SseClient;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.cardtable.support.Api.as;
import static dev.cardtable.support.Api.move;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Event streams hold no database connection while they stream: hundreds of them opened and
 * dropped (spectators, seats by ticket, streams of ended games, clients that leave before the
 * first byte) leave the pool idle, and the server serves everyone after.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class StreamConnectionsTest {

    @Inject
    AgroalDataSource dataSource;

    /** Plays the first legal move of the caller's seat; returns the response's status. */
    private static int playFirstLegal(String id, String token) {
        Map<String, Object> legal = as(token).get("/api/games/" + id).then().statusCode(200)
                .extract().path("legalMoves[0]");
        return move(id, token, legal).statusCode();
    }

    /** A raw HTTP/1.1 request for an event stream on its own socket. */
    private static Socket open(String path, String extraHeaders) throws IOException {
        Socket s = new Socket("localhost", RestAssured.port);
        s.setSoTimeout(20_000);
        OutputStream out = s.getOutputStream();
        out.write(("GET " + path + " HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n" + extraHeaders + "\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return s;
    }

    /** Reads from {@code s} until {@code marker} has arrived; false if the stream ended first. */
    private static boolean readUntil(Socket s, String marker) throws IOException {
        InputStream in = s.getInputStream();
        StringBuilder seen = new StringBuilder();
        byte[] buf = new byte[4096];
        int n;
        while ((n = in.read(buf)) > 0) {
            seen.append(new String(buf, 0, n, StandardCharsets.UTF_8));
            if (seen.indexOf(marker) >= 0) {
                return true;
            }
        }
        return false;
    }

    private void awaitIdlePool() throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (dataSource.getMetrics().activeCount() > 0 && System.nanoTime() < until) {
            Thread.sleep(50);
        }
        assertEquals(0, dataSource.getMetrics().activeCount(),
                "every connection is back in the pool: " + dataSource.getMetrics());
    }

    @Test
    void hundredsOfDroppedStreamsLeaveThePoolIdleAndEveryoneServed() throws Exception {
        Api.Created running = Api.scoundrel("streams-running", "Ann");
        for (int i = 0; i < 3; i++) {
            assertEquals(200, playFirstLegal(running.id(), running.token()));
        }
        Api.Created ended = Api.scoundrel("streams-ended", "Bob");
        assertEquals(200, playFirstLegal(ended.id(), ended.token()));
        assertEquals(200, move(ended.id(), ended.token(), Map.of("action", "resign")).statusCode());
        int maxPool = dataSource.getConfiguration().connectionPoolConfiguration().maxSize();

        int opened = 0;
        for (int round = 0; round < 10; round++) {
            List<Socket> open = new ArrayList<>();
            try {
                for (int i = 0; i < 10; i++) {
                    // A spectator who saw the three moves.
                    Socket spectator = open("/api/games/" + running.id() + "/events", "");
                    open.add(spectator);
                    assertTrue(readUntil(spectator, "id:3"), "a spectator gets the three moves");
                    // A seat by a stream ticket.
                    String ticket = as(running.token()).post("/api/games/" + running.id() + "/stream-tickets")
                            .then().statusCode(201).extract().path("ticket");
                    Socket seat = open("/api/games/" + running.id() + "/events?ticket=" + ticket, "");
                    open.add(seat);
                    assertTrue(readUntil(seat, ":connected"), "a seat's stream opens");
                    // A stream of a game that is over: every move, then end.
                    Socket over = open("/api/games/" + ended.id() + "/events", "");
                    open.add(over);
                    assertTrue(readUntil(over, "event:end"), "an ended game's stream sends end");
                    // A client that leaves before the first byte.
                    open("/api/games/" + running.id() + "/events", "").close();
                    opened += 4;
                }
            } finally {
                for (Socket s : open) {
                    s.close();
                }
            }
        }
        assertTrue(opened > maxPool * 4, opened + " streams, far more than the pool's " + maxPool + " connections");
        awaitIdlePool();

        // Everyone is served after: a new game is played with a live stream that gets each move.
        Api.Created after = Api.scoundrel("streams-after", "Cy");
        try (SseClient sse = SseClient.connect("http://localhost:" + RestAssured.port + "/api/games/" + after.id()
                + "/events", null, null)) {
            assertEquals(200, sse.status());
            for (int i = 0; i < 3; i++) {
                assertEquals(200, playFirstLegal(after.id(), after.token()));
            }
            List<SseClient.Event> events = sse.take(3, Duration.ofSeconds(20));
            assertEquals(List.of("1", "2", "3"), events.stream().map(SseClient.Event::id).toList());
        }
        as(null).get("/api/games").then().statusCode(200);
        awaitIdlePool();
    }
}
