package dev.cardtable.platform.db;

import dev.cardtable.support.ServerProcess;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packaged server's command line ({@code dev.cardtable.CardTableMain}): an argument it does not
 * know is a usage error that starts nothing, and {@code help} prints the usage.
 */
class CommandLineIT {

    @Test
    void anUnknownCommandIsAUsageErrorAndStartsNothing() throws Exception {
        Path work = Files.createTempDirectory("cardtable-cli-");
        ServerProcess.Exit exit = ServerProcess.runToExit(Map.of(), work, Duration.ofSeconds(60), List.of("--port=9000"));

        assertEquals(2, exit.code(), exit.output());
        assertTrue(exit.output().contains("unknown command --port=9000"), exit.output());
        assertTrue(exit.output().contains("backup DIR") && exit.output().contains("restore DIR"), exit.output());
        assertFalse(Files.exists(work.resolve("data")), "a data directory was made by a usage error");
        assertTrue(exit.took().compareTo(Duration.ofSeconds(20)) < 0, "took " + exit.took());
    }

    @Test
    void helpPrintsTheUsage() throws Exception {
        Path work = Files.createTempDirectory("cardtable-cli-");
        ServerProcess.Exit exit = ServerProcess.runToExit(Map.of(), work, Duration.ofSeconds(60), List.of("help"));

        assertEquals(0, exit.code(), exit.output());
        assertTrue(exit.output().contains("usage: java"), exit.output());
        assertFalse(exit.output().contains("unknown command"), exit.output());
        assertFalse(Files.exists(work.resolve("data")), "help made a data directory");
    }
}
