package dev.cardtable.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The repository's example bot, {@code examples/DazzleBot.java}, run as its users run it
 * ({@code java DazzleBot.java --name … --key …}) by the Java that runs the tests.
 */
public final class Bot implements AutoCloseable {

    private final Process process;
    private final Path log;

    private Bot(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    /**
     * Starts the bot against {@code server} (e.g. {@code http://localhost:8081}) with {@code args} after its name and
     * credential: {@code --token} for a scoped token ({@code ctp_…}), else {@code --key}.
     */
    public static Bot start(String server, String name, String key, String... args) {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> cmd = new ArrayList<>(List.of(java, Path.of("examples", "DazzleBot.java").toString(),
                "--server", server, "--name", name, key.startsWith("ctp_") ? "--token" : "--key", key));
        cmd.addAll(List.of(args));
        try {
            Path log = Files.createTempFile("cardtable-bot-" + name + "-", ".log");
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            return new Bot(p, log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Waits up to {@code timeout} for the bot to exit; its exit status, or -1 if it still runs (it is then killed). */
    public int awaitExit(Duration timeout) throws InterruptedException {
        if (process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            return process.exitValue();
        }
        close();
        return -1;
    }

    /** What the bot printed so far. */
    public String output() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no output: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() {
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
