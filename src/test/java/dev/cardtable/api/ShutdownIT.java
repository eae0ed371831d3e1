package dev.cardtable.api;

import dev.cardtable.support.ServerProcess;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A normal stop (SIGTERM) of the packaged server on its embedded PostgreSQL is quiet: the database
 * stops with the server, and the live events' listening connection going with it is no warning.
 */
class ShutdownIT {

    @Test
    void aNormalStopLogsNoLostListenerConnection() throws Exception {
        Path work = Files.createTempDirectory("cardtable-stop-");
        ServerProcess server = ServerProcess.start(Map.of(), work);
        String output;
        try {
            RestAssured.given().baseUri(server.baseUri()).get("/api/lobby").then().statusCode(200);
        } finally {
            server.close();
            output = server.output();
        }
        assertFalse(server.isAlive(), output);
        assertTrue(output.contains("Listening on"), output);
        assertFalse(output.contains("event listener connection lost"), output);
    }
}
