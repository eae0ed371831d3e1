package dev.cardtable.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * An outside program run by a test (npm, node, Lighthouse), bounded in time: its standard output
 * is returned, its standard error kept in a log file, and a failure, or a run past its time (the
 * process and everything it started are then killed), fails the test with the log's last lines.
 */
public final class Command {

    private Command() {
    }

    /**
     * Runs {@code command} in {@code directory} with {@code environment} added to this process's,
     * for at most {@code timeout}; standard error goes to {@code log} (created with its folder).
     * Returns standard output as UTF-8 text once the program exited 0.
     */
    public static String run(Path directory, Map<String, String> environment, Duration timeout, Path log, List<String> command) {
        try {
            Files.createDirectories(log.toAbsolutePath().getParent());
            Path out = log.resolveSibling(log.getFileName() + ".out");
            ProcessBuilder pb = new ProcessBuilder(command).directory(directory.toFile())
                    .redirectOutput(out.toFile()).redirectError(log.toFile());
            pb.environment().putAll(environment);
            Process p;
            try {
                p = pb.start();
            } catch (IOException e) {
                throw new IllegalStateException("cannot start " + command.getFirst() + " (is it installed? .ci/run installs npm and chromium)", e);
            }
            boolean finished = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (!finished) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new AssertionError(String.join(" ", command) + " ran longer than " + timeout + "\n" + tail(log));
            }
            String stdout = Files.readString(out, StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                throw new AssertionError(String.join(" ", command) + " exited " + p.exitValue() + "\n" + tail(log)
                        + "\n" + stdout.lines().skip(Math.max(0, stdout.lines().count() - 20)).reduce("", (a, b) -> a + b + "\n"));
            }
            return stdout;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }
}
