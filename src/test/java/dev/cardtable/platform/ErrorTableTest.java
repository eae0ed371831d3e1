package dev.cardtable.platform;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code docs/api.md}'s error table ("Errors") is the one list of the server's error codes: every
 * {@link Failure} is a row of it, with its status, and it has no row for a code the server lacks.
 */
class ErrorTableTest {

    @Test
    void everyFailureIsInTheContractsErrorTableWithItsStatus() throws IOException {
        String api = Files.readString(Path.of("docs/api.md"));
        String table = api.substring(api.indexOf("\n## Errors"));
        List<String> missing = new ArrayList<>();
        for (Failure f : Failure.values()) {
            boolean listed = table.lines().anyMatch(l -> l.startsWith("| " + f.status() + " |")
                    && l.contains("`" + f.code() + "`"));
            if (!listed) {
                missing.add(f.status() + " " + f.code());
            }
        }
        assertEquals(List.of(), missing, "codes the server has but docs/api.md's error table lacks");
        List<String> unknown = new ArrayList<>();
        table.lines().filter(l -> l.matches("\\| \\d{3} \\|.*")).forEach(l -> {
            String codes = l.split("\\|")[2];
            for (String c : codes.split("/")) {
                String code = c.trim().replace("`", "");
                if (java.util.Arrays.stream(Failure.values()).noneMatch(f -> f.code().equals(code))) {
                    unknown.add(code);
                }
            }
        });
        assertEquals(List.of(), unknown, "codes docs/api.md's error table lists but the server lacks");
    }
}
