package dev.cardtable.upgrade;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One PostgreSQL 15 from Debian's binaries ({@code postgresql-15}), made with {@code initdb} in
 * {@code <dir>/data} and listening on a free 127.0.0.1 port, run as the {@code postgres} user when
 * the tests run as root (PostgreSQL refuses root). Every upgrade gets a fresh database of it. Its
 * data directory is removed by {@link #close()} (also run by a shutdown hook); its log
 * ({@code <dir>/postgres.log}) is kept.
 */
final class Postgres implements AutoCloseable {

    private static final Path BIN = Path.of(System.getProperty("cardtable.pg-bin", "/usr/lib/postgresql/15/bin"));
    private static final boolean ROOT = "root".equals(System.getProperty("user.name"));

    private final Path dir;
    private final int port;
    private final Thread hook = new Thread(this::close);

    private Postgres(Path dir, int port) {
        this.dir = dir;
        this.port = port;
    }

    /** Creates and starts the server in {@code dir} (which must exist); stops it again if start-up fails. */
    static Postgres start(Path dir, int port) {
        if (!Files.isExecutable(BIN.resolve("postgres"))) {
            throw new IllegalStateException("PostgreSQL 15 not found in " + BIN + ": apt-get install -y postgresql-15");
        }
        Postgres pg = new Postgres(dir, port);
        Runtime.getRuntime().addShutdownHook(pg.hook);
        try {
            if (ROOT) {
                plain("chown", "postgres:postgres", dir.toString());
            }
            asPostgres(BIN.resolve("initdb").toString(), "-D", pg.data().toString(), "-U", "postgres", "--auth=trust",
                    "--no-sync", "-E", "UTF8", "--locale=C");
            Files.writeString(pg.data().resolve("postgresql.conf"), """

                    listen_addresses = '127.0.0.1'
                    port = %d
                    unix_socket_directories = '%s'
                    fsync = off
                    synchronous_commit = off
                    full_page_writes = off
                    max_connections = 200
                    """.formatted(port, dir), StandardOpenOption.APPEND);
            asPostgres(BIN.resolve("pg_ctl").toString(), "-D", pg.data().toString(), "-l", dir.resolve("postgres.log").toString(),
                    "-w", "-t", "60", "start");
            return pg;
        } catch (IOException | RuntimeException e) {
            pg.close();
            throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
        }
    }

    private Path data() {
        return dir.resolve("data");
    }

    /** The JDBC URL of {@code database}. */
    String jdbc(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
    }

    /** Creates an empty {@code database}, dropping one of that name first. */
    void createDatabase(String database) throws SQLException {
        try (Connection c = connect("postgres"); Statement s = c.createStatement()) {
            s.execute("drop database if exists " + database + " with (force)");
            s.execute("create database " + database);
        }
    }

    /** A connection to {@code database} as the superuser. */
    Connection connect(String database) throws SQLException {
        return DriverManager.getConnection(jdbc(database), "postgres", "postgres");
    }

    /** Stops the server (fast, then immediate) and removes its data directory; also run by a shutdown hook. */
    @Override
    public synchronized void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // shutting down: this is the hook
        }
        if (Files.exists(data().resolve("postmaster.pid"))) {
            try {
                asPostgres(BIN.resolve("pg_ctl").toString(), "-D", data().toString(), "-m", "fast", "-w", "-t", "30", "stop");
            } catch (RuntimeException e) {
                asPostgres(BIN.resolve("pg_ctl").toString(), "-D", data().toString(), "-m", "immediate", "-w", "-t", "30", "stop");
            }
        }
        try {
            Releases.delete(data());
        } catch (IOException e) {
            System.err.println("could not remove " + data() + ": " + e);
        }
    }

    /** Runs a PostgreSQL tool as the postgres user (when running as root); fails on a non-zero exit. */
    private static void asPostgres(String... command) {
        List<String> full = new ArrayList<>();
        if (ROOT) {
            full.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        full.addAll(List.of(command));
        plain(full.toArray(String[]::new));
    }

    private static void plain(String... command) {
        try {
            Path out = Files.createTempFile("upgrade-pg-", ".out");
            try {
                Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
                if (!p.waitFor(90, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    throw new IllegalStateException(String.join(" ", command) + " ran past 90 s: " + Files.readString(out));
                }
                if (p.exitValue() != 0) {
                    throw new IllegalStateException(String.join(" ", command) + " failed: " + Files.readString(out));
                }
            } finally {
                Files.deleteIfExists(out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
