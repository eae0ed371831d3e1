package dev.cardtable.backup;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A PostgreSQL 15 server from Debian's binaries ({@code postgresql-15}) on a data directory of the
 * drill's, on a free 127.0.0.1 port, its Unix socket in the drill's folder; run as the
 * {@code postgres} user when the tests run as root (PostgreSQL refuses root). Trusts every local
 * connection. {@link #close()} stops it at once if it still runs.
 */
final class Postgres15 implements AutoCloseable {

    static final Path BIN = Path.of(System.getProperty("cardtable.pg-bin", "/usr/lib/postgresql/15/bin"));

    private final Path data;
    private final Path socketDir;
    private int port;
    private boolean running;

    private Postgres15(Path data, Path socketDir) {
        this.data = data;
        this.socketDir = socketDir;
    }

    /** A new cluster made by {@code initdb} in {@code data} (which must not exist). */
    static Postgres15 initdb(Path data, Path socketDir) {
        run(Duration.ofSeconds(60), Map.of(), BIN.resolve("initdb").toString(), "-D", data.toString(), "-U", "postgres",
                "--auth=trust", "-E", "UTF8", "--locale=C");
        return new Postgres15(data, socketDir);
    }

    /** A cluster already in {@code data} (a restored one). */
    static Postgres15 existing(Path data, Path socketDir) {
        return new Postgres15(data, socketDir);
    }

    /** Starts it on a free port and waits until it accepts connections (at most 120 s, recovery included). */
    void start() {
        port = freePort();
        run(Duration.ofSeconds(150), Map.of(), BIN.resolve("pg_ctl").toString(), "-D", data.toString(), "-l",
                data.resolveSibling(data.getFileName() + ".log").toString(), "-w", "-t", "120", "-o",
                "-p " + port + " -c listen_addresses=127.0.0.1 -c unix_socket_directories=" + socketDir, "start");
        running = true;
    }

    /** Restarts it on the same port (settings that need a restart, such as archive_mode). */
    void restart() {
        run(Duration.ofSeconds(150), Map.of(), BIN.resolve("pg_ctl").toString(), "-D", data.toString(), "-w", "-t", "120",
                "-m", "fast", "restart");
    }

    /** Stops it cleanly (fast shutdown: a checkpoint, the last WAL handed to the archiver). */
    void stop() {
        if (running) {
            run(Duration.ofSeconds(90), Map.of(), BIN.resolve("pg_ctl").toString(), "-D", data.toString(), "-w",
                    "-t", "60", "-m", "fast", "stop");
            running = false;
        }
    }

    int port() {
        return port;
    }

    Path data() {
        return data;
    }

    /** The JDBC URL of {@code database}. */
    String url(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
    }

    Connection connect(String database) throws SQLException {
        return DriverManager.getConnection(url(database), "postgres", "postgres");
    }

    @Override
    public void close() {
        if (running && Files.exists(data.resolve("postmaster.pid"))) {
            try {
                run(Duration.ofSeconds(60), Map.of(), BIN.resolve("pg_ctl").toString(), "-D", data.toString(), "-w",
                        "-m", "immediate", "stop");
            } catch (RuntimeException e) {
                System.err.println("could not stop PostgreSQL on " + data + ": " + e.getMessage());
            }
        }
        running = false;
    }

    /**
     * Runs {@code command} as the postgres user (when root) with {@code env} added, for at most
     * {@code timeout}; returns its output (standard output and error together).
     *
     * @throws IllegalStateException when it fails or runs past {@code timeout} (it is then killed)
     */
    static String run(Duration timeout, Map<String, String> env, String... command) {
        return exec(true, timeout, env, command);
    }

    /** As {@link #run} but as this process's own user (the backup scripts switch user themselves). */
    static String runAsSelf(Duration timeout, Map<String, String> env, String... command) {
        return exec(false, timeout, env, command);
    }

    private static String exec(boolean asPostgres, Duration timeout, Map<String, String> env, String... command) {
        List<String> full = new ArrayList<>();
        if (asPostgres && "root".equals(System.getProperty("user.name"))) {
            full.addAll(List.of("setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups"));
        }
        full.addAll(List.of(command));
        try {
            Path out = Files.createTempFile("cardtable-drill-", ".out");
            try {
                ProcessBuilder pb = new ProcessBuilder(full).redirectErrorStream(true).redirectOutput(out.toFile());
                pb.environment().putAll(env);
                pb.environment().put("HOME", "/tmp");
                Process p = pb.start();
                if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                    throw new IllegalStateException(String.join(" ", command) + " ran past " + timeout + ":\n" + Files.readString(out));
                }
                String output = Files.readString(out);
                if (p.exitValue() != 0) {
                    throw new IllegalStateException(String.join(" ", command) + " exited " + p.exitValue() + ":\n" + output);
                }
                return output;
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

    static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
