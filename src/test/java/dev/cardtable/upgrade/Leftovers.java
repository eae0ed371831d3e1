package dev.cardtable.upgrade;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What a run that was killed may have left in the run directory: the processes named by its pid
 * files (stopped only when their command line still names the run directory, so that a reused pid
 * is left alone) and its PostgreSQL; then the directory itself is removed.
 */
final class Leftovers {

    private Leftovers() {
    }

    static void stop(Path run) throws IOException {
        Path pids = run.resolve("pids");
        if (Files.isDirectory(pids)) {
            try (var files = Files.list(pids)) {
                for (Path f : files.toList()) {
                    long pid = Long.parseLong(Files.readString(f).strip());
                    ProcessHandle.of(pid).filter(p -> p.info().commandLine().orElse("").contains(run.toString()))
                            .ifPresent(Leftovers::stop);
                }
            }
        }
        Path data = run.resolve("pg/data");
        if (Files.exists(data.resolve("postmaster.pid"))) {
            List<String> cmd = "root".equals(System.getProperty("user.name"))
                    ? List.of("runuser", "-u", "postgres", "--", "/usr/lib/postgresql/15/bin/pg_ctl", "-D", data.toString(), "-m", "immediate", "-w", "stop")
                    : List.of("/usr/lib/postgresql/15/bin/pg_ctl", "-D", data.toString(), "-m", "immediate", "-w", "stop");
            try {
                new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start()
                        .waitFor(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        Releases.delete(run);
    }

    private static void stop(ProcessHandle p) {
        System.err.println("stopping " + p.pid() + " left by an earlier run: " + p.info().commandLine().orElse("?"));
        p.destroy();
        try {
            p.onExit().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            p.destroyForcibly();
        }
    }

    /** A free TCP port of 127.0.0.1. */
    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        }
    }
}
