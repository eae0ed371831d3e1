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
 * opponent to the end and follows the Dazzle game's event stream with a stream ticket; its OAuth
 * program signs a player in by authorization code with PKCE and plays with the token. What they
 * print is checked against the server's own answers.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class TypeScriptClientTest {

    private static final Path EXAMPLE = Path.of("examples", "typescript");
    private static final Path LOGS = Path.of("target", "typescript-client");
    private static final Pattern ANY = Pattern.compile("(:\\s*any\\b|\\bas\\s+any\\b|<any>|\\bany\\[\\])");

    private static boolean built;

    private static String npm(Duration timeout, String name, String... args) {
        return npm(Map.of(), timeout, name, args);
    }

    private static String npm(Map<String, String> env, Duration timeout, String name, String... args) {
        List<String> command = Stream.concat(Stream.of("npm"), Stream.of(args)).toList();
        Map<String, String> environment = new java.util.HashMap<>(Map.of("npm_config_audit", "false", "npm_config_fund", "false",
                "npm_config_update_notifier", "false"));
        environment.putAll(env);
        return Command.run(EXAMPLE, environment, timeout, LOGS.resolve(name + ".log"), command);
    }

    /** npm ci, the types generated, tsc: once for this class's tests. */
    private static synchronized void build() {
        if (built) {
            return;
        }
        npm(Duration.ofMinutes(4), "npm-ci", "ci", "--ignore-scripts");
        npm(Duration.ofMinutes(1), "generate", "run", "generate");
        npm(Duration.ofMinutes(2), "build", "run", "build");
        built = true;
    }

    private static JsonNode summary(String out) throws IOException {
        List<String> lines = out.lines().filter(l -> l.startsWith("{")).toList();
        assertEquals(1, lines.size(), () -> "one JSON summary line, in:\n" + out);
        return new ObjectMapper().readTree(lines.getFirst());
    }

    @Test
    void theStrictTypeScriptClientPlaysBothGamesAndFollowsTheEventStream() throws IOException {
        assertTrue(sources().noneMatch(s -> ANY.matcher(s).find()), "the example's sources use no 'any'");
        String tsconfig = Files.readString(EXAMPLE.resolve("tsconfig.json"));
        assertTrue(tsconfig.contains("\"strict\": true"), "tsc runs in strict mode");

        build();
        String out = npm(Duration.ofMinutes(3), "play", "run", "--silent", "play", "--",
                "http://localhost:" + RestAssured.port, "ts-client-test");

        JsonNode summary = summary(out);

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

    /**
     * {@code src/oauth.ts}: signed in by OAuth 2.0 with PKCE through oauth4webapi (discovery, S256
     * challenge, state, the code's exchange, revocation) asking only {@code game:play}, it plays a
     * Scoundrel game through with the token, is refused a challenge with {@code scope-missing}
     * naming {@code challenge:write}, and its revoked token no longer works.
     */
    @Test
    void theOAuthClientSignsInWithPkcePlaysWithTheTokenAndIsRefusedWhatItDidNotAsk() throws IOException {
        String name = dev.cardtable.players.PlayersTest.unique("ts-oauth").toLowerCase();
        String key = dev.cardtable.players.PlayersTest.register(name);
        String password = "a password for the typescript client";
        as(null).header("X-Player-Key", key).body(Map.of("password", password)).post("/api/account/password")
                .then().statusCode(204);
        build();
        String out = npm(Map.of("CARDTABLE_NAME", name, "CARDTABLE_PASSWORD", password), Duration.ofMinutes(2), "oauth",
                "run", "--silent", "oauth", "--", "http://localhost:" + RestAssured.port);
        JsonNode summary = summary(out);

        JsonNode token = summary.get("token");
        assertTrue("bearer".equalsIgnoreCase(token.get("type").asText()), token::toString);
        assertEquals("game:play", token.get("scope").asText());
        assertEquals("cto_", token.get("prefix").asText());

        JsonNode scoundrel = summary.get("scoundrel");
        JsonPath stored = game(scoundrel.get("id").asText());
        assertEquals("finished", stored.getString("status"));
        assertEquals(name, stored.getString("seats[0].name"));
        assertTrue(stored.getBoolean("seats[0].verified"), "the token seats its player verified");
        assertEquals(stored.getInt("moveCount"), scoundrel.get("moves").asInt(), "every move the token made was applied");

        JsonNode challenge = summary.get("challenge");
        assertEquals(403, challenge.get("status").asInt(), challenge::toString);
        assertEquals("scope-missing", challenge.get("code").asText());
        assertEquals("challenge:write", challenge.get("scope").asText());

        JsonNode revoked = summary.get("afterRevocation");
        assertEquals(401, revoked.get("status").asInt(), revoked::toString);
        assertEquals("token-invalid", revoked.get("code").asText());
    }

    private static JsonPath game(String id) {
        return as(null).get("/api/games/" + id).then().statusCode(200).extract().jsonPath();
    }

    private static Stream<String> sources() throws IOException {
        try (Stream<Path> files = Files.list(EXAMPLE.resolve("src"))) {
            List<Path> ts = files.filter(f -> f.toString().endsWith(".ts")).toList();
            assertTrue(ts.size() >= 5, "the example's sources are found");
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
