package dev.cardtable.platform.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardtable.support.Command;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static dev.cardtable.support.Api.as;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The TypeScript client of {@code examples/typescript}, built the way its README-level commands
 * build it: {@code npm ci} (the versions of its lockfile, from the npm registry), types generated
 * from {@code openapi.yaml} by openapi-typescript, {@code tsc} in strict mode, then its program
 * run against this test server. It plays a Scoundrel game and a Dazzle game against a computer
 * opponent to the end and follows the Dazzle game's event stream with a stream ticket; what it
 * prints is checked against the server's own answers.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class TypeScriptClientTest {

    private static final Path EXAMPLE = Path.of("examples", "typescript");
    private static final Path LOGS = Path.of("target", "typescript-client");
    private static final Pattern ANY = Pattern.compile("(:\\s*any\\b|\\bas\\s+any\\b|<any>|\\bany\\[\\])");

    private static String npm(Duration timeout, String name, String... args) {
        List<String> command = Stream.concat(Stream.of("npm"), Stream.of(args)).toList();
        return Command.run(EXAMPLE, Map.of("npm_config_audit", "false", "npm_config_fund", "false",
                "npm_config_update_notifier", "false"), timeout, LOGS.resolve(name + ".log"), command);
    }

    @Test
    void theStrictTypeScriptClientPlaysBothGamesAndFollowsTheEventStream() throws IOException {
        assertTrue(sources().noneMatch(s -> ANY.matcher(s).find()), "the example's sources use no 'any'");
        String tsconfig = Files.readString(EXAMPLE.resolve("tsconfig.json"));
        assertTrue(tsconfig.contains("\"strict\": true"), "tsc runs in strict mode");

        npm(Duration.ofMinutes(4), "npm-ci", "ci", "--ignore-scripts");
        npm(Duration.ofMinutes(1), "generate", "run", "generate");
        npm(Duration.ofMinutes(2), "build", "run", "build");
        String out = npm(Duration.ofMinutes(3), "play", "run", "--silent", "play", "--",
                "http://localhost:" + RestAssured.port, "ts-client-test");

        List<String> lines = out.lines().filter(l -> l.startsWith("{")).toList();
        assertEquals(1, lines.size(), () -> "one JSON summary line, in:\n" + out);
        JsonNode summary = new ObjectMapper().readTree(lines.getFirst());

        JsonNode scoundrel = summary.get("scoundrel");
        JsonPath stored = game(scoundrel.get("id").asText());
        assertEquals("finished", scoundrel.get("status").asText());
        assertEquals("finished", stored.getString("status"));
        assertEquals(stored.getInt("moveCount"), scoundrel.get("moves").asInt(), "every move the program made was applied");
        assertEquals(stored.getString("result.standings[0].outcome"), scoundrel.get("outcome").asText());
        assertEquals(stored.getInt("result.standings[0].score"), scoundrel.get("score").asInt());

        JsonNode dazzle = summary.get("dazzle");
        JsonPath played = game(dazzle.get("id").asText());
        assertEquals("finished", played.getString("status"));
        assertEquals("completed", played.getString("result.ending"));
        assertEquals("heuristic", played.getString("seats[1].ai"), "against a computer opponent");
        assertEquals(36, played.getInt("moveCount"), "18 presentations and 18 choices");
        assertEquals(18, dazzle.get("seatMoves").asInt(), "the program made seat 0's half of the moves");
        for (int seat = 0; seat < 2; seat++) {
            assertEquals(played.getString("result.standings[" + seat + "].outcome"),
                    dazzle.get("standings").get(seat).get("outcome").asText());
        }

        JsonNode events = summary.get("events");
        assertEquals(dazzle.get("id").asText(), events.get("game").asText());
        assertEquals(played.getInt("moveCount"), events.get("moveEvents").asInt(), "one move event per log entry");
        assertTrue(events.get("inOrder").asBoolean(), "events arrive as seq 1, 2, 3, … with no gap or repeat");
        assertTrue(events.get("ended").asBoolean(), "the stream sent its end event");
        assertEquals("finished", events.get("lastStatus").asText());
        assertTrue(events.get("opponentColoursHidden").asBoolean(), "the seat's stream hides the other hand's colours while the game runs");
    }

    private static JsonPath game(String id) {
        return as(null).get("/api/games/" + id).then().statusCode(200).extract().jsonPath();
    }

    private static Stream<String> sources() throws IOException {
        try (Stream<Path> files = Files.list(EXAMPLE.resolve("src"))) {
            List<Path> ts = files.filter(f -> f.toString().endsWith(".ts")).toList();
            assertTrue(ts.size() >= 3, "the example's sources are found");
            return ts.stream().map(f -> {
                try {
                    return Files.readString(f);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        }
    }
}
