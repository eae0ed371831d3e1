package dev.cardtable.platform.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.cardtable.support.Command;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the ecosystem's linters say of {@code openapi.yaml}, in the build: {@code bash lint/run}
 * (Spectral's {@code spectral:oas} and Redocly's {@code recommended} rules, at the versions of
 * {@code lint/package-lock.json}, installed by {@code npm ci} from the npm registry the first time)
 * reports no error and no warning. The committed document is the served one
 * ({@link OpenApiContractTest}), so this lints what clients get. And the harness can fail: a copy
 * of the document with one operation unnamed and unsecured is refused, naming both rules. The
 * contract's own rules ({@code lint/.spectral.yaml}, {@code cardtable-…}: docs/api.md, "One
 * vocabulary") each refuse a copy of the document that breaks them, by name.
 */
class OpenApiLintTest {

    private static final Path LOGS = Path.of("target", "openapi-lint");

    /** Runs lint/run on {@code document}; its standard output once it exited 0. */
    private static String lint(String name, Path document) {
        // npm ci (the first time) and both linters: about half a minute on a quiet machine.
        return Command.run(Path.of("."), Map.of("npm_config_update_notifier", "false"), Duration.ofMinutes(6),
                LOGS.resolve(name + ".log"), List.of("bash", "lint/run", document.toAbsolutePath().toString()));
    }

    @Test
    void spectralAndRedoclyFindNoProblemInTheDocument() {
        String out = lint("openapi", Path.of("openapi.yaml"));
        assertTrue(out.contains("No results with a severity of 'warn' or higher found!"), () -> "Spectral:\n" + out);
        assertTrue(out.contains("0 error(s), 0 warning(s)"), () -> "Redocly:\n" + out);
        assertTrue(out.contains("openapi lint: no problems"), out);
    }

    @Test
    void anOperationWithoutItsNameAndSecurityIsRefused() throws IOException {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        ObjectNode document = (ObjectNode) yaml.readTree(Path.of("openapi.yaml").toFile());
        ObjectNode move = (ObjectNode) document.path("paths").path("/api/games/{id}/moves").path("post");
        assertTrue(move.has("operationId") && move.has("security"), "the document names and secures submitMove");
        move.remove(List.of("operationId", "security"));
        Path broken = LOGS.resolve("unnamed-unsecured.yaml");
        Files.createDirectories(LOGS);
        yaml.writeValue(broken.toFile(), document);

        AssertionError refused = assertThrows(AssertionError.class, () -> lint("unnamed-unsecured", broken));
        String report = refused.getMessage();
        assertTrue(report.contains("exited 1"), report);
        assertTrue(report.contains("operation-operationId"), () -> "names the missing operationId:\n" + report);
        assertTrue(report.contains("security-defined"), () -> "names the missing security:\n" + report);
    }

    /** Each rule of the contract's own, and a copy of the document that breaks it. */
    static Stream<Arguments> brokenVocabulary() {
        return Stream.of(
                Arguments.of("cardtable-time-is-date-time", (Consumer<ObjectNode>) d ->
                        schema(d, "Challenge").with("properties").with("createdAt").remove("format")),
                Arguments.of("cardtable-status-spelling", (Consumer<ObjectNode>) d -> {
                    ArrayNode words = schema(d, "Challenge").with("properties").with("status").withArray("enum");
                    words.removeAll();
                    words.add("pending").add("accepted").add("declined").add("canceled").add("expired");
                }),
                Arguments.of("cardtable-rating-points-whole", (Consumer<ObjectNode>) d ->
                        schema(d, "Seat").with("properties").with("rating").putArray("type").add("number").add("null")),
                Arguments.of("cardtable-no-body-on-read", (Consumer<ObjectNode>) d ->
                        operation(d, "/api/games", "get").putObject("requestBody").put("required", false)
                                .putObject("content").putObject("application/json").putObject("schema").put("type", "object")),
                Arguments.of("cardtable-body-says-required", (Consumer<ObjectNode>) d ->
                        operation(d, "/api/games", "post").with("requestBody").remove("required")),
                Arguments.of("cardtable-errors-are-problems", (Consumer<ObjectNode>) d ->
                        operation(d, "/api/games/{id}", "get").with("responses").with("404").putObject("content")
                                .putObject("application/json").putObject("schema").put("type", "object")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenVocabulary")
    void eachRuleOfTheContractsOwnRefusesADocumentThatBreaksIt(String rule, Consumer<ObjectNode> breakIt) throws IOException {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        ObjectNode document = (ObjectNode) yaml.readTree(Path.of("openapi.yaml").toFile());
        breakIt.accept(document);
        Path broken = LOGS.resolve(rule + ".yaml");
        Files.createDirectories(LOGS);
        yaml.writeValue(broken.toFile(), document);

        AssertionError refused = assertThrows(AssertionError.class, () -> lint(rule, broken));
        String report = refused.getMessage();
        assertTrue(report.contains("exited 1"), report);
        assertTrue(report.contains(rule), () -> "names " + rule + ":\n" + report);
    }

    private static ObjectNode schema(ObjectNode document, String name) {
        ObjectNode s = (ObjectNode) document.path("components").path("schemas").path(name);
        assertTrue(s.has("properties"), () -> "the document has the schema " + name);
        return s;
    }

    private static ObjectNode operation(ObjectNode document, String path, String verb) {
        ObjectNode op = (ObjectNode) document.path("paths").path(path).path(verb);
        assertTrue(op.has("operationId"), () -> "the document has " + verb + " " + path);
        return op;
    }
}
