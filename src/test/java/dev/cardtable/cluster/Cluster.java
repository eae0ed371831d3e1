package dev.cardtable.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The cluster of {@code deploy/cluster/} as the failure tests drive it: brought up with
 * {@code up.sh} in a run directory of its own, operated with {@code ctl.sh}, stopped with
 * {@code down.sh}. Reads the ports from the run directory's {@code state.env}.
 */
final class Cluster implements AutoCloseable {

    private final Path scripts;
    private final Path run;
    private final Map<String, String> env;
    private final Map<String, String> state = new HashMap<>();

    private Cluster(Path scripts, Path run, Map<String, String> env) {
        this.scripts = scripts;
        this.run = run;
        this.env = env;
    }

    /**
     * Runs {@code up.sh} in {@code run} with {@code javaOpts} for the instances and the server
     * packaged at {@code jar}; stops whatever it started if it fails.
     */
    static Cluster up(Path scripts, Path run, Path jar, String javaOpts) {
        Map<String, String> env = Map.of("CARDTABLE_CLUSTER_DIR", run.toString(),
                "CARDTABLE_CLUSTER_JAR", jar.toString(), "CARDTABLE_CLUSTER_JAVA_OPTS", javaOpts);
        Cluster c = new Cluster(scripts, run, env);
        if (Files.exists(run.resolve("state.env"))) {
            c.close(); // left by a run that was interrupted
        }
        try {
            c.script(Duration.ofMinutes(12), "up.sh");
        } catch (RuntimeException e) {
            c.close();
            throw e;
        }
        try {
            for (String line : Files.readAllLines(run.resolve("state.env"))) {
                int eq = line.indexOf('=');
                if (eq > 0) {
                    c.state.put(line.substring(0, eq), line.substring(eq + 1));
                }
            }
        } catch (IOException e) {
            c.close();
            throw new UncheckedIOException(e);
        }
        return c;
    }

    /** The API's base URI, through HAProxy. */
    String api() {
        return "http://127.0.0.1:" + state.get("API_PORT");
    }

    /** Instance {@code n}'s (1..3) own API URI, bypassing HAProxy. */
    String instance(int n) {
        return "http://127.0.0.1:" + state.get("APP" + n + "_PORT");
    }

    /** Instance {@code n}'s management URI (health, metrics). */
    String management(int n) {
        return "http://127.0.0.1:" + state.get("APP" + n + "_MGMT_PORT");
    }

    /** The pid of {@code name} (app1..3, pg1, pg2, haproxy, etcd), or -1 when not running. */
    long pid(String name) {
        String out = ctl(Duration.ofSeconds(10), "pid", name).trim();
        return out.isEmpty() ? -1 : Long.parseLong(out);
    }

    /** Kills instance {@code n} with SIGKILL. */
    void kill(int n) {
        ctl(Duration.ofSeconds(10), "kill", Integer.toString(n));
    }

    /** Stops instance {@code n} with SIGTERM (drain) and waits for it to exit. */
    void stop(int n) {
        ctl(Duration.ofSeconds(60), "stop", Integer.toString(n));
    }

    /** Starts instance {@code n} and waits until it is ready. */
    void start(int n) {
        ctl(Duration.ofMinutes(3), "start", Integer.toString(n));
    }

    /** Whether instance {@code n} reports ready. */
    boolean ready(int n) {
        try {
            ctl(Duration.ofSeconds(10), "ready", Integer.toString(n));
            return true;
        } catch (IllegalStateException e) {
            return false;
        }
    }

    /** The Patroni node that is primary now. */
    String primary() {
        return ctl(Duration.ofSeconds(10), "primary").trim();
    }

    /** A Patroni switchover to the standby; returns when the standby is primary. */
    void switchover() {
        ctl(Duration.ofSeconds(90), "switchover");
    }

    /** kill -9 of the primary's postmaster; returns "node pid". */
    String killPrimary() {
        return ctl(Duration.ofSeconds(10), "kill-primary").trim();
    }

    /** Waits until there is a primary with a synchronous standby. */
    void awaitSync(Duration timeout) {
        ctl(timeout.plusSeconds(10), "await-sync", Long.toString(timeout.toSeconds()));
    }

    /**
     * Starts Prometheus on the cluster ({@code prometheus.sh start}: the instances scraped every 5 s,
     * the alert rules loaded); its base URI. {@code down.sh} stops it with the rest.
     */
    String startPrometheus() {
        String[] lines = script(Duration.ofSeconds(60), "prometheus.sh", "start").trim().split("\n");
        return lines[lines.length - 1].trim();
    }

    /** Stops the Prometheus of {@link #startPrometheus()}. */
    void stopPrometheus() {
        script(Duration.ofSeconds(30), "prometheus.sh", "stop");
    }

    /** The run directory (logs, state). */
    Path run() {
        return run;
    }

    private String ctl(Duration timeout, String... args) {
        List<String> all = new ArrayList<>(List.of("ctl.sh"));
        all.addAll(List.of(args));
        return script(timeout, all.toArray(String[]::new));
    }

    private String script(Duration timeout, String... args) {
        List<String> cmd = new ArrayList<>(List.of("bash", scripts.resolve(args[0]).toString()));
        cmd.addAll(List.of(args).subList(1, args.length));
        try {
            Path out = Files.createTempFile("cluster-", ".out");
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile());
            pb.environment().putAll(env);
            Process p = pb.start();
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new IllegalStateException(String.join(" ", args) + " took over " + timeout + ":\n" + Files.readString(out));
            }
            String text = Files.readString(out);
            Files.deleteIfExists(out);
            if (p.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", args) + " exited with " + p.exitValue() + ":\n" + text);
            }
            return text;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Runs {@code down.sh}: everything stopped, nothing left running. */
    @Override
    public void close() {
        script(Duration.ofMinutes(3), "down.sh");
    }
}
