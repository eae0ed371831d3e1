package dev.cardtable.support;

import io.quarkus.test.junit.QuarkusTestProfile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A test profile whose server reads from a real hot standby: a PostgreSQL 15 primary made with
 * {@code initdb} and a streaming standby made from it with {@code pg_basebackup -R}, on free
 * 127.0.0.1 ports, run as the {@code postgres} user when the tests run as root (PostgreSQL refuses
 * root). The standby applies each commit {@link #DELAY} late ({@code recovery_min_apply_delay}),
 * so a read right after a write finds it stale. Both servers stop, and their directory is
 * removed, when the test JVM ends. The binaries are Debian's ({@code postgresql-15};
 * {@code -Dcardtable.pg-bin=} names another directory).
 */
public class StandbyCluster implements QuarkusTestProfile {

    /** How late the standby applies each commit. */
    public static final Duration DELAY = Duration.ofMillis(150);

    private static final Path BIN = Path.of(System.getProperty("cardtable.pg-bin", "/usr/lib/postgresql/15/bin"));

    private static Map<String, String> config;

    /** The standby's JDBC URL, once started. */
    public static String standbyUrl;

    @Override
    public Map<String, String> getConfigOverrides() {
        return start();
    }

    private static synchronized Map<String, String> start() {
        if (config != null) {
            return config;
        }
        if (!Files.isExecutable(BIN.resolve("postgres"))) {
            throw new IllegalStateException("PostgreSQL binaries not found in " + BIN
                    + ": apt-get install -y postgresql-15 (or -Dcardtable.pg-bin=DIR)");
        }
        try {
            Path dir = Files.createTempDirectory("cardtable-standby-");
            Path primary = dir.resolve("primary");
            Path standby = dir.resolve("standby");
            int primaryPort = freePort();
            int standbyPort = freePort();
            asPostgres(List.of("chown", "-R", "postgres:postgres", dir.toString()), true);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(dir, primary, standby)));
            run(BIN.resolve("initdb").toString(), "-D", primary.toString(), "-U", "postgres", "--auth=trust",
                    "--no-sync", "-E", "UTF8", "--locale=C");
            Files.writeString(primary.resolve("postgresql.conf"), """

                    listen_addresses = '127.0.0.1'
                    unix_socket_directories = '%s'
                    fsync = off
                    max_wal_senders = 4
                    max_connections = 100
                    """.formatted(dir), java.nio.file.StandardOpenOption.APPEND);
            run(BIN.resolve("pg_ctl").toString(), "-D", primary.toString(), "-l", dir.resolve("primary.log").toString(),
                    "-o", "-p " + primaryPort, "-w", "start");
            run(BIN.resolve("pg_basebackup").toString(), "-h", "127.0.0.1", "-p", Integer.toString(primaryPort),
                    "-U", "postgres", "-D", standby.toString(), "-R", "-X", "stream");
            Files.writeString(standby.resolve("postgresql.auto.conf"), """
                    hot_standby = on
                    recovery_min_apply_delay = '%dms'
                    """.formatted(DELAY.toMillis()), java.nio.file.StandardOpenOption.APPEND);
            run(BIN.resolve("pg_ctl").toString(), "-D", standby.toString(), "-l", dir.resolve("standby.log").toString(),
                    "-o", "-p " + standbyPort, "-w", "start");
            String primaryUrl = "jdbc:postgresql://127.0.0.1:" + primaryPort + "/postgres";
            standbyUrl = "jdbc:postgresql://127.0.0.1:" + standbyPort + "/postgres";
            config = Map.of(
                    "quarkus.datasource.jdbc.url", primaryUrl,
                    "quarkus.datasource.username", "postgres",
                    "quarkus.datasource.password", "postgres",
                    "quarkus.datasource.\"replica\".jdbc.url", standbyUrl,
                    "quarkus.datasource.\"replica\".username", "postgres",
                    "quarkus.datasource.\"replica\".password", "postgres");
            return config;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void stop(Path dir, Path primary, Path standby) {
        for (Path d : List.of(standby, primary)) {
            if (Files.exists(d.resolve("postmaster.pid"))) {
                try {
                    run(BIN.resolve("pg_ctl").toString(), "-D", d.toString(), "-m", "immediate", "-w", "stop");
                } catch (RuntimeException e) {
                    System.err.println("could not stop the test server in " + d + ": " + e.getMessage());
                }
            }
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            System.err.println("could not remove " + dir + ": " + e.getMessage());
        }
    }

    /** Runs a PostgreSQL tool as the postgres user (when running as root), failing on a non-zero exit. */
    static void run(String... command) {
        asPostgres(List.of(command), false);
    }

    private static void asPostgres(List<String> command, boolean plain) {
        List<String> full = new ArrayList<>();
        boolean root = "root".equals(System.getProperty("user.name"));
        if (root && !plain) {
            full.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        if (!root && plain) {
            return; // nothing to hand over: the directory is ours already
        }
        full.addAll(command);
        try {
            Process p = new ProcessBuilder(full).redirectErrorStream(true).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", full) + " failed: " + new String(out));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        }
    }
}
