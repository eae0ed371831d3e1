package dev.cardtable.platform.telemetry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardtable.support.ServerProcess;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packaged server logs JSON lines, and a line written while a request or a scheduled task runs
 * carries that work's {@code traceId} and {@code spanId} ({@code docs/operations.md}, "Watching it"):
 * the trace id a problem names finds its log line. No line shows a key: without a session encryption
 * key, the warning says so without the temporary key Quarkus makes.
 */
class JsonLogsIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void everyLineIsJsonAndTheLinesOfARequestAndOfATaskRunNameTheirTrace() throws Exception {
        Path work = Files.createTempDirectory("cardtable-logs-");
        String trace = UUID.randomUUID().toString().replace("-", "");
        String missing = UUID.randomUUID().toString();
        String output;
        try (ServerProcess server = ServerProcess.start(
                Map.of("quarkus.log.category.\"dev.cardtable.platform.http.ProblemMapper\".level", "DEBUG"), work)) {
            RestAssured.given().baseUri(server.baseUri()).header("traceparent", "00-" + trace + "-00f067aa0ba902b7-01")
                    .get("/api/games/" + missing).then().statusCode(404).body("traceId", equalTo(trace));
            // A game marked as changed by another build: the read-model upkeep (every 5 s) reconciles it and says so.
            String game = RestAssured.given().baseUri(server.baseUri()).contentType("application/json")
                    .body(Map.of("type", "scoundrel", "seats", List.of(Map.of("name", "logged")))).post("/api/games")
                    .then().statusCode(201).extract().path("id");
            String port = Files.readAllLines(work.resolve("data/postgres/postmaster.pid")).get(3).trim();
            try (Connection c = DriverManager.getConnection("jdbc:postgresql://localhost:" + port + "/postgres", "postgres", "");
                 PreparedStatement ps = c.prepareStatement("insert into read_model_marks (game_id, generation) values (?::uuid, 1)")) {
                ps.setString(1, game);
                assertEquals(1, ps.executeUpdate());
            }
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (!server.output().contains("read models: reconciled 1 game(s)") && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            output = server.output();
        } finally {
            try (Stream<Path> files = Files.walk(work)) {
                files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }

        List<JsonNode> lines = new ArrayList<>();
        for (String line : output.split("\n")) {
            if (!line.isBlank()) {
                JsonNode n = JSON.readTree(line);
                assertTrue(n.isObject() && n.hasNonNull("timestamp") && n.hasNonNull("level") && n.has("message"), line);
                lines.add(n);
            }
        }
        assertTrue(lines.size() > 5, output);

        JsonNode problem = only(lines, "problem 404 game-not-found on /api/games/" + missing);
        assertEquals(trace, problem.path("mdc").path("traceId").asText(), problem.toString());
        assertTrue(problem.path("mdc").path("spanId").asText().matches("[0-9a-f]{16}"), problem.toString());

        JsonNode reconciled = only(lines, "read models: reconciled 1 game(s) changed by a writer that kept no read models");
        String taskTrace = reconciled.path("mdc").path("traceId").asText();
        assertTrue(taskTrace.matches("[0-9a-f]{32}") && !taskTrace.equals(trace), reconciled.toString());
        assertTrue(reconciled.path("mdc").path("spanId").asText().matches("[0-9a-f]{16}"), reconciled.toString());

        // Started without quarkus.http.auth.session.encryption-key: one warning, naming the setting, and no key.
        JsonNode warning = only(lines, dev.cardtable.accounts.PasskeyKeyCheck.WARNING);
        assertEquals("WARN", warning.path("level").asText(), warning.toString());
        for (JsonNode line : lines) {
            String message = line.path("message").asText();
            assertTrue(!message.toLowerCase().contains("temporary key") && !message.matches("(?s).*[A-Za-z0-9+/]{43}=.*"),
                    "a log line shows a key: " + line);
        }
    }

    private static JsonNode only(List<JsonNode> lines, String message) {
        List<JsonNode> found = lines.stream().filter(n -> n.path("message").asText().equals(message)).toList();
        assertEquals(1, found.size(), "log lines \"" + message + "\": " + found);
        return found.getFirst();
    }
}
