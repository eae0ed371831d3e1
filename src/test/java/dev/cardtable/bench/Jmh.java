package dev.cardtable.bench;

import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;

/** Runs a class's JMH benchmarks from {@code exec:java}. */
public final class Jmh {

    private Jmh() {
    }

    /**
     * Runs the benchmarks of {@code benchmarks} whose names match {@code regex} (all for null):
     * 1 fork, 3 warm-up and 5 measured iterations of 2 s each, 1 GB heap.
     */
    public static void run(Class<?> benchmarks, String regex) throws Exception {
        // Under exec:java the JVM's class path is Maven's launcher, so the forked benchmark JVM
        // would not find these classes; hand it the test class path this class was loaded from.
        String classPath = classPath(benchmarks);
        if (classPath != null) {
            System.setProperty("java.class.path", classPath);
        }
        new Runner(new OptionsBuilder()
                .include(benchmarks.getName() + "." + (regex == null ? ".*" : regex))
                .forks(1)
                .warmupIterations(3)
                .warmupTime(TimeValue.seconds(2))
                .measurementIterations(5)
                .measurementTime(TimeValue.seconds(2))
                .jvmArgsAppend("-Xmx1g")
                .build()).run();
    }

    private static String classPath(Class<?> benchmarks) {
        ClassLoader loader = benchmarks.getClassLoader();
        List<String> entries = new ArrayList<>();
        while (loader != null) {
            if (loader instanceof URLClassLoader u) {
                for (URL url : u.getURLs()) {
                    try {
                        entries.add(new File(url.toURI()).getPath());
                    } catch (Exception e) {
                        // Not a file URL: the forked JVM could not use it anyway.
                    }
                }
            }
            loader = loader.getParent();
        }
        return entries.isEmpty() ? null : String.join(File.pathSeparator, entries);
    }
}
