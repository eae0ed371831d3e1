package dev.cardtable.play;

import dev.cardtable.support.ServerProcess;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A normal stop of the packaged server on its embedded PostgreSQL is quiet. Stopped from a
 * terminal (Ctrl-C), the server and its PostgreSQL get the interrupt at once, so the database may
 * close the live events' listening connection before the server's own stop begins: that is no
 * warning.
 */
class ShutdownIT {

    @Test
    void stoppingTheServerAndItsDatabaseTogetherLogsNoLostListenerConnection() throws Exception {
        Path work = Files.createTempDirectory("cardtable-stop-");
        ServerProcess server = ServerProcess.start(Map.of(), work);
        String output;
        try {
            RestAssured.given().baseUri(server.baseUri()).get("/api/lobby").then().statusCode(200);
            String postgres = Files.readAllLines(work.resolve("data/postgres/postmaster.pid")).getFirst().trim();
            // What Ctrl-C does: both stop at once, PostgreSQL with a fast shutdown (SIGINT), which
            // closes the listening connection at once. The server is sent SIGTERM, which stops it the
            // same way: a JVM started in the background (as a CI run may start this test) ignores SIGINT.
            Process kill = new ProcessBuilder("sh", "-c", "kill -INT " + postgres + "; kill -TERM " + server.pid()).start();
            assertTrue(kill.waitFor(10, TimeUnit.SECONDS));
            assertEquals(0, kill.exitValue());
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (server.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
        } finally {
            server.close();
            output = server.output();
            try (var files = Files.walk(work)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
        assertFalse(server.isAlive(), output);
        assertTrue(output.contains("stopped in"), "a clean stop: " + output);
        assertFalse(output.contains("event listener connection lost"), output);
    }
}
