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
        String jar = System.getProperty("cardtable.jar", "target/quarkus-app/quarkus-run.jar");
        String java = ProcessHandle.current().info().command().orElse("java");
        int port = freePort();
        List<String> cmd = new ArrayList<>(List.of(java, "-Xmx512m", "-Dquarkus.http.port=" + port));
        properties.forEach((k, v) -> cmd.add("-D" + k + "=" + v));
        cmd.addAll(List.of("-jar", jar));
        try {
            Path log = Files.createTempFile("cardtable-server-", ".log");
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
            pb.environment().remove("QUARKUS_DATASOURCE_JDBC_URL");
            ServerProcess server = new ServerProcess(pb.start(), port, log);
            server.awaitReady(Duration.ofSeconds(90));
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
