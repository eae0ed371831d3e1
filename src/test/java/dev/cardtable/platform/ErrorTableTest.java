package dev.cardtable.platform;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The error table of {@code docs/api.md} ("Errors") and the server's {@link Failure} catalogue, the
 * only source of a problem's {@code code}, name the same codes with the same statuses, in both
 * directions: no code a client may meet is left out of the table, and the table promises none the
 * server cannot answer.
 */
class ErrorTableTest {

    /** A table row: {@code | 409 | `game-over` / `game-not-started` | …}. */
    private static final Pattern ROW = Pattern.compile("^\\| (\\d{3}) \\| ([^|]+) \\|");
    private static final Pattern CODE = Pattern.compile("`([a-z0-9-]+)`");

    @Test
    void everyCodeOfTheTableIsOneTheServerCanAnswerAndBack() throws IOException {
        Set<String> documented = table(Files.readAllLines(Path.of("docs", "api.md")));
        Set<String> catalogue = Arrays.stream(Failure.values()).map(f -> f.status() + " " + f.code())
                .collect(Collectors.toCollection(TreeSet::new));
        assertTrue(documented.size() >= 50, () -> "the table is read: " + documented);

        Set<String> undocumented = new TreeSet<>(catalogue);
        undocumented.removeAll(documented);
        Set<String> unanswerable = new TreeSet<>(documented);
        unanswerable.removeAll(catalogue);
        assertEquals(Set.of(), undocumented, "codes of Failure missing from docs/api.md, \"Errors\" (or with another status)");
        assertEquals(Set.of(), unanswerable, "codes in docs/api.md, \"Errors\", that no Failure answers (or with another status)");
    }

    @Test
    void aRowMissingOrAddedIsNoticed() {
        List<String> lines = List.of("## Errors", "", "| Status | `code` | When |", "|---|---|---|",
                "| 409 | `game-over` / `game-not-started` | finished / waiting |", "| 418 | `teapot` | never |",
                "", "## Next", "| 400 | `not-in-the-table` | after the section |");
        assertEquals(Set.of("409 game-over", "409 game-not-started", "418 teapot"), table(lines));
    }

    /** The "status code" pairs of the table in the section "Errors" of {@code lines}. */
    static Set<String> table(List<String> lines) {
        Set<String> out = new TreeSet<>();
        boolean inSection = false;
        for (String line : lines) {
            if (line.startsWith("## ")) {
                inSection = line.equals("## Errors");
                continue;
            }
            Matcher row = inSection ? ROW.matcher(line) : null;
            if (row != null && row.find()) {
                Matcher code = CODE.matcher(row.group(2));
                while (code.find()) {
                    out.add(row.group(1) + " " + code.group(1));
                }
            }
        }
        return out;
    }
}
