package dev.cardtable.upgrade;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * HAProxy 2.6 in front of a site's instance slots, as {@code deploy/cluster/haproxy.cfg.in} is:
 * round-robin with no stickiness, each slot's readiness ({@code /q/health/ready}) checked every
 * 500 ms (two failures mark it down, two successes up, then 5 s of slow start), a refused
 * connection retried on another slot, {@code /q/} refused to clients, {@code X-Forwarded-For}
 * replaced with the client's address, and the slot that answered named in {@code X-Served-By}.
 * Slots are put in and out of rotation on its admin socket ({@code state ready} / {@code maint}),
 * as endpoints come and go in Kubernetes.
 */
final class Balancer implements AutoCloseable {

    private final Path dir;
    private final Process process;

    private Balancer(Path dir, Process process) {
        this.dir = dir;
        this.process = process;
    }

    /**
     * Starts HAProxy on {@code apiPort} in {@code dir} over {@code slots} (name to port); those named
     * in {@code inMaintenance} start out of rotation. Writes its pid to {@code pidFile}.
     */
    static Balancer start(Path dir, int apiPort, Map<String, Integer> slots, List<String> inMaintenance, Path pidFile)
            throws IOException {
        StringBuilder servers = new StringBuilder();
        slots.forEach((slot, port) -> servers.append("    server ").append(slot).append(" 127.0.0.1:").append(port)
                .append(" check").append(inMaintenance.contains(slot) ? " disabled" : "").append('\n'));
        Path cfg = dir.resolve("haproxy.cfg");
        Files.writeString(cfg, """
                global
                    maxconn 2000
                    stats socket %1$s mode 600 level admin
                    log stdout format raw local0 info
                defaults
                    mode http
                    log global
                    option httplog
                    timeout connect 2s
                    timeout check 2s
                    timeout client 1h
                    timeout server 1h
                    timeout tunnel 1h
                frontend api
                    bind 127.0.0.1:%2$d
                    http-request del-header Forwarded
                    http-request set-header X-Forwarded-For %%[src]
                    http-request deny deny_status 404 if { path_beg /q/ }
                    default_backend cardtable
                backend cardtable
                    balance roundrobin
                    option httpchk GET /q/health/ready
                    http-check expect status 200
                    default-server inter 500ms fall 2 rise 2 slowstart 5s
                    retries 2
                    option redispatch 1
                    retry-on conn-failure
                    http-response set-header X-Served-By %%s
                %3$s""".formatted(dir.resolve("admin.sock"), apiPort, servers));
        Process p = new ProcessBuilder("haproxy", "-db", "-f", cfg.toString()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("haproxy.log").toFile()).start();
        Files.writeString(pidFile, Long.toString(p.pid()));
        return new Balancer(dir, p);
    }

    /** Puts {@code slot} in rotation and waits until the checks find it UP. */
    void join(String slot) throws IOException, InterruptedException {
        admin("set server cardtable/" + slot + " state ready");
        awaitUp(slot, Duration.ofSeconds(30));
    }

    /** Takes {@code slot} out of rotation: no new request goes to it. */
    void remove(String slot) throws IOException {
        admin("set server cardtable/" + slot + " state maint");
    }

    /** The status of {@code slot} ({@code UP}, {@code DOWN}, {@code MAINT}, …), from HAProxy's stats. */
    String status(String slot) throws IOException {
        String[] lines = admin("show stat").split("\n");
        List<String> header = List.of(lines[0].replaceFirst("^# ", "").split(","));
        int status = header.indexOf("status");
        for (String line : lines) {
            String[] f = line.split(",", -1);
            if (f.length > status && f[0].equals("cardtable") && f[1].equals(slot)) {
                return f[status];
            }
        }
        throw new IllegalStateException("no server " + slot + " in HAProxy's stats");
    }

    /** Waits until the checks find {@code slot} UP. */
    void awaitUp(String slot, Duration limit) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        String s = "";
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("HAProxy exited: " + Files.readString(dir.resolve("haproxy.log")));
            }
            if (Files.exists(dir.resolve("admin.sock")) && (s = status(slot)).startsWith("UP")) {
                return;
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("HAProxy: " + slot + " is '" + s + "', not UP after " + limit);
    }

    /** One command on the admin socket; its answer. */
    private String admin(String command) throws IOException {
        try (SocketChannel ch = SocketChannel.open(UnixDomainSocketAddress.of(dir.resolve("admin.sock")))) {
            ch.write(ByteBuffer.wrap((command + "\n").getBytes(StandardCharsets.US_ASCII)));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteBuffer buf = ByteBuffer.allocate(16384);
            while (ch.read(buf) >= 0) {
                out.write(buf.array(), 0, buf.position());
                buf.clear();
            }
            return out.toString(StandardCharsets.UTF_8);
        }
    }

    /** Stops HAProxy (SIGTERM, then SIGKILL after 10 s). */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
