package dev.cardtable.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** Reads a Linux process's memory and CPU time from {@code /proc}. */
public final class ProcStat {

    /** USER_HZ: clock ticks per second of {@code /proc/<pid>/stat} (100 on Linux). */
    public static final int TICKS_PER_SECOND = 100;

    private ProcStat() {
    }

    /** {@code /proc/<pid>/status} as key → value (e.g. VmRSS → "512340 kB"); empty if unreadable. */
    public static Map<String, String> status(long pid) {
        Map<String, String> out = new LinkedHashMap<>();
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                int colon = line.indexOf(':');
                if (colon > 0) {
                    out.put(line.substring(0, colon), line.substring(colon + 1).trim());
                }
            }
        } catch (IOException e) {
            // gone
        }
        return out;
    }

    /** User plus system CPU time of the process in clock ticks, or -1 if unreadable. */
    public static long cpuTicks(long pid) {
        long[] f = times(pid);
        return f == null ? -1 : f[0] + f[1];
    }

    /**
     * {@link #cpuTicks} plus the CPU time of the process's children that have exited and been
     * waited for (cutime, cstime), in clock ticks, or -1 if unreadable.
     */
    static long cpuTicksWithReapedChildren(long pid) {
        long[] f = times(pid);
        return f == null ? -1 : f[0] + f[1] + f[2] + f[3];
    }

    /**
     * The summed CPU ticks of {@code pid}, every live descendant and every child it has reaped
     * (for the PostgreSQL postmaster: all its backends, including those of connections that have
     * closed, since the postmaster waits for each backend it forked), or -1 if the process is
     * gone. A backend is counted live, then reaped, never twice.
     */
    static long treeCpuTicks(long pid) {
        return ProcessHandle.of(pid).map(h -> Math.max(0, cpuTicksWithReapedChildren(pid))
                + h.descendants().mapToLong(d -> Math.max(0, cpuTicks(d.pid()))).sum()).orElse(-1L);
    }

    /** utime, stime, cutime, cstime (fields 14 to 17 of {@code /proc/<pid>/stat}), or null. */
    private static long[] times(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            // Fields after the command name, which is in parentheses and may contain spaces.
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
            return new long[] {Long.parseLong(f[11]), Long.parseLong(f[12]), Long.parseLong(f[13]),
                    Long.parseLong(f[14])};
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
