package dev.cardtable.upgrade;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * One upgrade's site on 127.0.0.1: four instance slots ({@code old1}, {@code old2}, {@code new1},
 * {@code new2}), each a packaged server started as a process of its own on one database, behind a
 * {@link Balancer}. The instances trust {@code X-Forwarded-For} from 127.0.0.1, so each client is
 * its own address to the rate limits. The new slots start out of rotation: an instance
 * {@link #join joins} it once it is ready, and {@link #leave leaves} it as a Kubernetes pod does
 * in a rolling update (out of the endpoints, a preStop pause, then SIGTERM). Logs stay in the
 * site's directory; pid files in {@code pids} let a CI script stop whatever a killed test left.
 * {@link #close()} stops everything, also from a shutdown hook.
 */
final class Site implements AutoCloseable {

    static final List<String> SLOTS = List.of("old1", "old2", "new1", "new2");
    private static final String JVM = "-Xms64m -Xmx320m -XX:+UseSerialGC";

    private final Path dir;
    private final Path pids;
    private final String jdbc;
    private final int apiPort;
    private final Map<String, Integer> ports = new LinkedHashMap<>();
    private final Map<String, Process> instances = new ConcurrentHashMap<>();
    private final Thread hook = new Thread(this::close);
    private volatile Balancer balancer;

    private Site(Path dir, Path pids, String jdbc, int[] free) {
        this.dir = dir;
        this.pids = pids;
        this.jdbc = jdbc;
        this.apiPort = free[0];
        for (int i = 0; i < SLOTS.size(); i++) {
            ports.put(SLOTS.get(i), free[i + 1]);
        }
    }

    /** A site in {@code dir} whose instances use the database at {@code jdbc}; nothing runs yet. */
    static Site open(Path dir, Path pids, String jdbc) throws IOException {
        Files.createDirectories(dir);
        Files.createDirectories(pids);
        Site s = new Site(dir, pids, jdbc, freePorts(1 + SLOTS.size()));
        Runtime.getRuntime().addShutdownHook(s.hook);
        return s;
    }

    /** The API's base URI, through HAProxy. */
    String api() {
        return "http://127.0.0.1:" + apiPort;
    }

    /** Starts {@code build} in {@code slot} with {@code settings} (system properties) besides the site's own; does not wait. */
    void start(String slot, Releases.Build build, Map<String, String> settings) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java")));
        cmd.addAll(List.of(JVM.split(" ")));
        Map<String, String> all = new LinkedHashMap<>(Map.of(
                "quarkus.http.host", "127.0.0.1",
                "quarkus.http.port", Integer.toString(ports.get(slot)),
                "quarkus.datasource.jdbc.url", jdbc,
                "quarkus.datasource.username", "postgres",
                "quarkus.datasource.password", "postgres",
                "quarkus.http.proxy.proxy-address-forwarding", "true",
                "quarkus.http.proxy.allow-x-forwarded", "true",
                "quarkus.http.proxy.allow-forwarded", "false",
                "quarkus.http.proxy.trusted-proxies", "127.0.0.1",
                "quarkus.shutdown.timeout", "5s"));
        all.putAll(settings);
        all.forEach((k, v) -> cmd.add("-D" + k + "=" + v));
        cmd.add("-Dupgrade.slot=" + dir.resolve(slot));
        cmd.addAll(List.of("-jar", build.jar().toString()));
        Path log = dir.resolve(slot + ".log");
        Files.writeString(log, "\n" + String.join(" ", cmd) + "\n\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        pb.environment().remove("QUARKUS_DATASOURCE_JDBC_URL");
        pb.environment().remove("CARDTABLE_DATA_DIR");
        Process p = pb.start();
        instances.put(slot, p);
        Files.writeString(pids.resolve(dir.getFileName() + "-" + slot + ".pid"), Long.toString(p.pid()));
    }

    /**
     * Starts {@code build} in {@code slot} and waits until it is ready; an instance that exits on the
     * way is started again 2 s later, as the kubelet restarts a crashed container, at most
     * {@code restarts} times. Returns why each attempt that exited did (its first error).
     */
    List<String> startReady(String slot, Releases.Build build, Map<String, String> settings, Duration limit, int restarts)
            throws IOException, InterruptedException {
        List<String> crashes = new ArrayList<>();
        while (true) {
            start(slot, build, settings);
            try {
                awaitReady(slot, limit);
                return crashes;
            } catch (IllegalStateException e) {
                if (!exited(slot)) {
                    throw e;
                }
                crashes.add(firstError(slot));
                if (crashes.size() > restarts) {
                    throw new IllegalStateException(slot + " exited while starting " + crashes.size() + " times: " + crashes, e);
                }
                Thread.sleep(2000);
            }
        }
    }

    /** The first error the last run of {@code slot} logged, and the migration it was in, if any. */
    private String firstError(String slot) throws IOException {
        List<String> lines = Files.readAllLines(dir.resolve(slot + ".log"));
        int from = 0;
        for (int i = 0; i < lines.size(); i++) {
            from = lines.get(i).contains(" -jar ") ? i : from;
        }
        String error = null;
        String logged = null;
        String where = "";
        for (String l : lines.subList(from, lines.size())) {
            // Flyway's "Message" (the SQL error) says more than the log line announcing the failure.
            if (error == null && l.startsWith("Message    :")) {
                error = l.replaceFirst("^Message +: ", "").strip();
            }
            if (logged == null && l.contains(" ERROR ")) {
                logged = l.strip();
            }
            if (where.isEmpty() && l.startsWith("Location   :")) {
                where = " in " + l.replaceFirst("^Location +: ", "").replaceFirst(" .*", "");
            }
        }
        error = error == null ? logged : error;
        return (error == null ? "exited with " + instances.get(slot).exitValue() : error) + where;
    }

    /** Waits until the instance in {@code slot} reports ready on its own port. */
    void awaitReady(String slot, Duration limit) throws InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        URI ready = URI.create("http://127.0.0.1:" + ports.get(slot) + "/q/health/ready");
        long deadline = System.nanoTime() + limit.toNanos();
        while (true) {
            Process p = instances.get(slot);
            if (!p.isAlive()) {
                throw new IllegalStateException(slot + " exited with " + p.exitValue() + ":\n" + tail(slot));
            }
            try {
                if (http.send(HttpRequest.newBuilder(ready).timeout(Duration.ofSeconds(2)).build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(slot + " not ready within " + limit + ":\n" + tail(slot));
            }
            Thread.sleep(200);
        }
    }

    /** Starts HAProxy: the old slots in rotation (as their checks decide), the new ones not yet. */
    void startBalancer() throws IOException, InterruptedException {
        balancer = Balancer.start(dir, apiPort, ports, List.of("new1", "new2"), pids.resolve(dir.getFileName() + "-haproxy.pid"));
        balancer.awaitUp("old1", Duration.ofSeconds(20));
        balancer.awaitUp("old2", Duration.ofSeconds(20));
    }

    /** Puts {@code slot} in rotation and waits until HAProxy's checks find it UP. */
    void join(String slot) throws IOException, InterruptedException {
        balancer.join(slot);
    }

    /**
     * Takes {@code slot} out of rotation (no new request goes to it), waits {@code pause} as a
     * preStop hook would, then stops its instance with SIGTERM and waits (at most 30 s) for it to
     * exit; returns the time from SIGTERM to its exit.
     */
    Duration leave(String slot, Duration pause) throws IOException, InterruptedException {
        balancer.remove(slot);
        Thread.sleep(pause.toMillis());
        Process p = instances.get(slot);
        long term = System.nanoTime();
        p.destroy();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new IllegalStateException(slot + " still running 30 s after SIGTERM:\n" + tail(slot));
        }
        return Duration.ofNanos(System.nanoTime() - term);
    }

    /** Whether the instance in {@code slot} was started and has exited. */
    boolean exited(String slot) {
        Process p = instances.get(slot);
        return p != null && !p.isAlive();
    }

    /** The last lines of {@code slot}'s log. */
    String tail(String slot) {
        try {
            List<String> lines = Files.readAllLines(dir.resolve(slot + ".log"));
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    /** Stops every instance still running (SIGTERM, then SIGKILL after 15 s) and HAProxy; keeps the logs. */
    @Override
    public synchronized void close() {
        List<Process> all = new ArrayList<>(instances.values());
        all.forEach(Process::destroy);
        for (Process p : all) {
            try {
                if (!p.waitFor(15, TimeUnit.SECONDS)) {
                    p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        if (balancer != null) {
            balancer.close();
        }
        try (var files = Files.list(pids)) {
            for (Path f : files.filter(f -> f.getFileName().toString().startsWith(dir.getFileName() + "-")).toList()) {
                Files.deleteIfExists(f);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // already shutting down: this is the hook
        }
    }

    private static int[] freePorts(int n) throws IOException {
        List<ServerSocket> held = new ArrayList<>();
        try {
            int[] out = new int[n];
            for (int i = 0; i < n; i++) {
                ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"));
                held.add(s);
                out[i] = s.getLocalPort();
            }
            return out;
        } finally {
            for (ServerSocket s : held) {
                s.close();
            }
        }
    }
}
