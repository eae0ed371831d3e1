package dev.cardtable.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The packaged server ({@code target/quarkus-app/quarkus-run.jar}) run as a separate process, as a
 * user runs it: for restart and multi-instance tests.
 */
public final class ServerProcess implements AutoCloseable {

    private final Process process;
    private final int port;
    private final Path log;

    private ServerProcess(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /**
     * Starts the server with {@code properties} as system properties and waits until it is ready.
     *
     * @throws IllegalStateException when it is not ready within 90 s
     */
    public static ServerProcess start(Map<String, String> properties) {
        return start(properties, null);
    }

    /**
     * Starts the server in {@code workingDirectory} (the test's own when null), where a relative
     * data directory such as the default {@code data/postgres} lives, and waits until it is ready.
     *
     * @throws IllegalStateException when it is not ready within 90 s
     */
    public static ServerProcess start(Map<String, String> properties, Path workingDirectory) {
        return start(properties, workingDirectory, freePort());
    }

    /**
     * Starts the server on HTTP port {@code port} (as a restarted server takes its predecessor's),
     * in {@code workingDirectory} as {@link #start(Map, Path)}, and waits until it is ready.
     *
     * @throws IllegalStateException when it is not ready within 90 s
     */
    public static ServerProcess start(Map<String, String> properties, Path workingDirectory, int port) {
        try {
            Path log = Files.createTempFile("cardtable-server-", ".log");
            ServerProcess server = new ServerProcess(builder(properties, workingDirectory, port, log).start(), port, log);
            server.awaitReady(Duration.ofSeconds(90));
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * How a server run ended that was expected to exit by itself.
     *
     * @param code   its exit status
     * @param output what it printed
     * @param took   from start to exit
     */
    public record Exit(int code, String output, Duration took) {
    }

    /**
     * Runs the server in {@code workingDirectory} until it exits by itself, as a server that
     * cannot start does.
     *
     * @throws IllegalStateException when it is still running after {@code timeout} (it is killed)
     */
    public static Exit runToExit(Map<String, String> properties, Path workingDirectory, Duration timeout) {
        return runToExit(properties, workingDirectory, timeout, List.of());
    }

    /**
     * {@link #runToExit(Map, Path, Duration)} with program arguments after the jar.
     *
     * @throws IllegalStateException when it is still running after {@code timeout} (it is killed)
     */
    public static Exit runToExit(Map<String, String> properties, Path workingDirectory, Duration timeout, List<String> args) {
        int port = freePort();
        try {
            Path log = Files.createTempFile("cardtable-server-", ".log");
            long start = System.nanoTime();
            ProcessBuilder pb = builder(properties, workingDirectory, port, log);
            pb.command().addAll(args);
            Process p = pb.start();
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new IllegalStateException("server still running after " + timeout + ":\n" + Files.readString(log));
            }
            return new Exit(p.exitValue(), Files.readString(log), Duration.ofNanos(System.nanoTime() - start));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static ProcessBuilder builder(Map<String, String> properties, Path workingDirectory, int port, Path log) {
        String jar = Path.of(System.getProperty("cardtable.jar", "target/quarkus-app/quarkus-run.jar")).toAbsolutePath().toString();
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> cmd = new ArrayList<>(List.of(java, "-Xmx512m", "-Dquarkus.http.port=" + port));
        properties.forEach((k, v) -> cmd.add("-D" + k + "=" + v));
        cmd.addAll(List.of("-jar", jar));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        if (workingDirectory != null) {
            pb.directory(workingDirectory.toFile());
        }
        pb.environment().remove("QUARKUS_DATASOURCE_JDBC_URL");
        pb.environment().remove("CARDTABLE_DATA_DIR");
        return pb;
    }

    /** The server's process id. */
    public long pid() {
        return process.pid();
    }

    /** Whether the server process is still running. */
    public boolean isAlive() {
        return process.isAlive();
    }

    /** The base URI, e.g. {@code http://localhost:41234}. */
    public String baseUri() {
        return "http://localhost:" + port;
    }

    /** The HTTP port. */
    public int port() {
        return port;
    }

    private void awaitReady(Duration timeout) {
        HttpClient http = HttpClient.newHttpClient();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("server exited with " + process.exitValue() + ":\n" + output());
            }
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(baseUri() + "/q/health/ready"))
                        .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            sleep(250);
        }
        close();
        throw new IllegalStateException("server not ready in " + timeout + ":\n" + output());
    }

    /** What the server printed so far. */
    public String output() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no output: " + e.getMessage() + ")";
        }
    }

    /** Kills the server at once (SIGKILL), as a crash would: no shutdown hook runs. */
    public void kill() {
        process.destroyForcibly();
        try {
            process.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the server the way an operator does (SIGTERM), letting it shut down cleanly. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
