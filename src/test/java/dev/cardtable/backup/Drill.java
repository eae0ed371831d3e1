package dev.cardtable.backup;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What the restore drills share: a work folder under /tmp that the postgres user can use, the
 * project's root (for deploy/backup/ and the packaged server), the read models' own check, and
 * the figures each drill prints and appends to {@code target/backup-figures.md}.
 */
final class Drill {

    /** The checkout: deploy/backup/ and target/ are under it. */
    static final Path ROOT = Path.of(System.getProperty("cardtable.root", "")).toAbsolutePath();

    private final Map<String, String> figures = new LinkedHashMap<>();
    private final String title;

    Drill(String title) {
        this.title = title;
    }

    /** A new folder {@code /tmp/cardtable-<name>-…}, mode 755, owned by postgres when we are root. */
    static Path workDir(String name) {
        try {
            Path dir = Files.createTempDirectory(Path.of("/tmp"), "cardtable-" + name + "-");
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
            if ("root".equals(System.getProperty("user.name"))) {
                Postgres15.runAsSelf(Duration.ofSeconds(30), Map.of(), "chown", "postgres:postgres", dir.toString());
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Removes {@code dir} and everything in it; reports, never throws. */
    static void remove(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            System.err.println("could not remove " + dir + ": " + e.getMessage());
        }
    }

    /**
     * Asserts that every read model agrees with its base tables: {@code read_model_disagreements()}
     * returns no row (the rows are printed in the failure), once the games marked for the
     * reconcile step ({@code read_model_marks}) are taken, which the server does every 5 s
     * (waits at most 20 s for that).
     */
    static void assertReadModelsAgree(Connection c, String when) throws SQLException, InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!scalar(c, "select count(*) from read_model_marks").equals("0") && System.nanoTime() < until) {
            Thread.sleep(200);
        }
        try (Statement st = c.createStatement()) {
            long count;
            try (ResultSet r = st.executeQuery("select count(*) from read_model_disagreements()")) {
                r.next();
                count = r.getLong(1);
            }
            List<String> rows = new ArrayList<>();
            if (count > 0) {
                try (ResultSet r = st.executeQuery("select model, subject, detail from read_model_disagreements() limit 50")) {
                    while (r.next()) {
                        rows.add(r.getString(1) + " | " + r.getString(2) + " | " + r.getString(3));
                    }
                }
            }
            assertEquals(0, count, when + ": read models disagree with their tables:\n" + String.join("\n", rows));
        }
    }

    /**
     * Runs the packaged server's jar with {@code args} (a subcommand such as {@code backup DIR}) on
     * the embedded data directory {@code dataDir}, for at most {@code timeout}; returns its output.
     *
     * @throws IllegalStateException when it exits non-zero or runs past {@code timeout}
     */
    static String jar(Duration timeout, Path dataDir, String... args) {
        String jar = Path.of(System.getProperty("cardtable.jar", "target/quarkus-app/quarkus-run.jar")).toAbsolutePath().toString();
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> cmd = new ArrayList<>(List.of(java, "-Dcardtable.data-dir=" + dataDir, "-jar", jar));
        cmd.addAll(List.of(args));
        try {
            Path out = Files.createTempFile("cardtable-drill-", ".out");
            try {
                ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile());
                pb.environment().remove("QUARKUS_DATASOURCE_JDBC_URL");
                pb.environment().remove("CARDTABLE_DATA_DIR");
                Process p = pb.start();
                if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                    throw new IllegalStateException(String.join(" ", args) + " ran past " + timeout + ":\n" + Files.readString(out));
                }
                String output = Files.readString(out);
                if (p.exitValue() != 0) {
                    throw new IllegalStateException(String.join(" ", args) + " exited " + p.exitValue() + ":\n" + output);
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

    /** The JDBC URL of the embedded PostgreSQL running on {@code dataDir} (its port: line 4 of postmaster.pid). */
    static String embeddedUrl(Path dataDir) throws IOException {
        return "jdbc:postgresql://localhost:" + Files.readAllLines(dataDir.resolve("postmaster.pid")).get(3).trim() + "/postgres";
    }

    /** One value of a single-row query. */
    static String scalar(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(sql)) {
            r.next();
            return r.getString(1);
        }
    }

    /** Records a figure (printed at once). */
    void figure(String name, String value) {
        figures.put(name, value);
        System.out.println("[" + title + "] " + name + ": " + value);
    }

    /** Records a duration in seconds since {@code startNanos}; returns it. */
    double seconds(String name, long startNanos) {
        double s = (System.nanoTime() - startNanos) / 1e9;
        figure(name, String.format(Locale.ROOT, "%.1f s", s));
        return s;
    }

    /** Prints the figures as a table and appends them to target/backup-figures.md. */
    void report() {
        StringBuilder md = new StringBuilder("\n### " + title + "\n\n| figure | value |\n|---|---|\n");
        figures.forEach((k, v) -> md.append("| ").append(k).append(" | ").append(v).append(" |\n"));
        System.out.println(md);
        try {
            Files.writeString(ROOT.resolve("target/backup-figures.md"), md, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            System.err.println("could not write target/backup-figures.md: " + e.getMessage());
        }
    }
}
