package dev.cardtable.platform.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.cardtable.support.Command;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the ecosystem's linters say of {@code openapi.yaml}, in the build: {@code bash lint/run}
 * (Spectral's {@code spectral:oas} and Redocly's {@code recommended} rules, at the versions of
 * {@code lint/package-lock.json}, installed by {@code npm ci} from the npm registry the first time)
 * reports no error and no warning. The committed document is the served one
 * ({@link OpenApiContractTest}), so this lints what clients get. And the harness can fail: a copy
 * of the document with one operation unnamed and unsecured is refused, naming both rules.
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
}
