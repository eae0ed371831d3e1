package dev.cardtable.upgrade;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The builds an upgrade goes from and to. The old ones are named in {@code deploy/upgrade/releases}
 * ({@code key commit} lines) and built here from git: the commit's tree is exported with
 * {@code git archive} into {@code target/upgrade/src-<commit>} and packaged there with its own
 * wrapper and pom ({@code ./mvnw -B -ntp -q package -DskipTests}); the packaged server
 * ({@code quarkus-app/}) and the tree's {@code application.properties} are kept in
 * {@code target/upgrade/builds/<commit>/}, so that a second run builds nothing. The new build is the
 * current tree's packaged server, {@code target/quarkus-app}.
 */
final class Releases {

    /** How long building one old commit may take. */
    private static final Duration BUILD_LIMIT = Duration.ofMinutes(8);

    /** One line of the releases file. */
    record Release(String key, String commit) {

        String shortCommit() {
            return commit.substring(0, 7);
        }
    }

    /**
     * A packaged server.
     *
     * @param name  how the test names it, e.g. {@code previous a4e8d10} or {@code this build}
     * @param jar   its {@code quarkus-run.jar}
     * @param known the keys of its {@code application.properties}: the settings it understands
     */
    record Build(String name, Path jar, Set<String> known) {
    }

    private Releases() {
    }

    /** The releases named in {@code file}, in its order; blank lines and {@code #} comments skipped. */
    static List<Release> read(Path file) {
        List<Release> out = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(file)) {
                String l = line.strip();
                if (l.isEmpty() || l.startsWith("#")) {
                    continue;
                }
                String[] parts = l.split("\\s+");
                if (parts.length != 2 || !parts[1].matches("[0-9a-f]{40}")) {
                    throw new IllegalStateException(file + ": expected 'key commit' with the full commit, got '" + line + "'");
                }
                out.add(new Release(parts[0], parts[1]));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** The current tree's packaged server, built by the package phase before the test runs. */
    static Build current(Path root, Path jar) {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no packaged server at " + jar + " (./mvnw package first)");
        }
        return new Build("this build", jar, keys(root.resolve("src/main/resources/application.properties")));
    }

    /**
     * The packaged server of {@code release}, built now unless {@code target/upgrade/builds} holds
     * it already. Returns how long it took in {@code took[0]} (0 when it was cached).
     */
    static Build build(Path root, Release release, long[] took) {
        Path kept = root.resolve("target/upgrade/builds/" + release.commit());
        Path jar = kept.resolve("quarkus-app/quarkus-run.jar");
        Path props = kept.resolve("application.properties");
        String name = release.key() + " " + release.shortCommit();
        took[0] = 0;
        if (Files.isRegularFile(jar) && Files.isRegularFile(props)) {
            return new Build(name, jar, keys(props));
        }
        long start = System.nanoTime();
        Path src = root.resolve("target/upgrade/src-" + release.commit());
        Path log = root.resolve("target/upgrade/build-" + release.shortCommit() + ".log");
        try {
            delete(src);
            delete(kept);
            Files.createDirectories(src);
            Path tar = root.resolve("target/upgrade/src-" + release.commit() + ".tar");
            run(root, log, Duration.ofMinutes(2), "git", "archive", "--format=tar", "-o", tar.toString(), release.commit());
            run(src, log, Duration.ofMinutes(2), "tar", "-xf", tar.toString());
            Files.delete(tar);
            run(src, log, BUILD_LIMIT, "./mvnw", "-B", "-ntp", "-q", "package", "-DskipTests");
            Files.createDirectories(kept);
            Files.move(src.resolve("target/quarkus-app"), kept.resolve("quarkus-app"));
            Files.copy(src.resolve("src/main/resources/application.properties"), props);
            delete(src);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        took[0] = System.nanoTime() - start;
        return new Build(name, jar, keys(props));
    }

    /** Runs {@code command} in {@code dir}, its output appended to {@code log}; fails on a non-zero exit or past {@code limit}. */
    private static void run(Path dir, Path log, Duration limit, String... command) throws IOException {
        Files.createDirectories(log.getParent());
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        // The old tree's wrapper runs on the JDK running the tests, and nothing of the outer Maven
        // run (its project directory, options) leaks into it.
        pb.environment().put("JAVA_HOME", Path.of(System.getProperty("java.home")).toString());
        for (String v : List.of("MAVEN_PROJECTBASEDIR", "MAVEN_OPTS", "MAVEN_ARGS", "MAVEN_CONFIG", "MAVEN_CMD_LINE_ARGS")) {
            pb.environment().remove(v);
        }
        Process p = pb.start();
        try {
            if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new IllegalStateException(String.join(" ", command) + " in " + dir + " ran past " + limit + ":\n" + tail(log));
            }
        } catch (InterruptedException e) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        if (p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " in " + dir + " exited with " + p.exitValue() + ":\n" + tail(log));
        }
    }

    private static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
    }

    /** The keys (profile prefixes such as {@code %test.} left out) of a properties file. */
    private static Set<String> keys(Path file) {
        Properties p = new Properties();
        try (var in = Files.newInputStream(file)) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p.stringPropertyNames().stream().filter(k -> !k.startsWith("%")).collect(Collectors.toUnmodifiableSet());
    }

    static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
    }
}
