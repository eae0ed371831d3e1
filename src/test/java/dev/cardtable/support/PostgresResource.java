package dev.cardtable.support;

import dev.cardtable.platform.db.EmbeddedDatabase;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Map;

/**
 * Gives every {@code @QuarkusTest} a real PostgreSQL: the external one named by
 * {@code quarkus.datasource.jdbc.url} when configured, else an embedded one in a throw-away
 * directory, shared by all tests of the JVM.
 */
public class PostgresResource implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        if (EmbeddedDatabase.externalConfigured()) {
            return Map.of();
        }
        return database().datasourceConfig();
    }

    /** The embedded database of this test JVM, started on first use. */
    public static EmbeddedDatabase database() {
        try {
            return EmbeddedDatabase.start(Files.createTempDirectory("cardtable-pg-"), true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void stop() {
        // The server stops with the JVM (shutdown hook), after the last test class.
    }
}
