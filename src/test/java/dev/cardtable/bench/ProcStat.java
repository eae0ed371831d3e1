package dev.cardtable.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** Reads a Linux process's memory and CPU time from {@code /proc}. */
final class ProcStat {

    /** USER_HZ: clock ticks per second of {@code /proc/<pid>/stat} (100 on Linux). */
    static final int TICKS_PER_SECOND = 100;

    private ProcStat() {
    }

    /** {@code /proc/<pid>/status} as key → value (e.g. VmRSS → "512340 kB"); empty if unreadable. */
    static Map<String, String> status(long pid) {
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
    static long cpuTicks(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            // Fields after the command name, which is in parentheses and may contain spaces.
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]); // utime, stime (fields 14, 15)
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * The summed CPU ticks of {@code pid} and every descendant (for the PostgreSQL postmaster: all
     * its backends), or -1 if the process is gone. Backends that exited earlier are not counted.
     */
    static long treeCpuTicks(long pid) {
        return ProcessHandle.of(pid).map(h -> Math.max(0, cpuTicks(pid))
                + h.descendants().mapToLong(d -> Math.max(0, cpuTicks(d.pid()))).sum()).orElse(-1L);
    }
}
