package dev.cardtable.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * axe-core, the accessibility engine, run inside the page under test. The library is the npm
 * package {@code axe-core} ({@link #VERSION}), installed by {@code npm} into {@code target/axe} the
 * first time it is needed (or read from {@code -Dcardtable.axe=<path to axe.min.js>}); it is
 * injected into the page by WebDriver, so the page itself never loads it and the page's
 * Content-Security-Policy is not loosened for it.
 */
public final class Axe {

    /** The axe-core release the tests run. */
    public static final String VERSION = "4.10.3";

    private static String source;

    private Axe() {
    }

    private static synchronized String source() {
        if (source != null) {
            return source;
        }
        Path file = Path.of(System.getProperty("cardtable.axe", "target/axe/node_modules/axe-core/axe.min.js"));
        try {
            if (!Files.isRegularFile(file) && System.getProperty("cardtable.axe") == null) {
                install();
            }
            source = Files.readString(file);
            return source;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void install() throws IOException {
        Files.createDirectories(Path.of("target", "axe"));
        ProcessBuilder pb = new ProcessBuilder("npm", "install", "--no-save", "--no-package-lock", "--no-audit", "--no-fund",
                "--prefix", "target/axe", "axe-core@" + VERSION).redirectErrorStream(true)
                .redirectOutput(Path.of("target", "axe", "npm.log").toFile());
        try {
            Process p = pb.start();
            if (!p.waitFor(180, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IllegalStateException("npm could not install axe-core@" + VERSION + " (target/axe/npm.log)");
            }
        } catch (IOException e) {
            throw new IllegalStateException("the accessibility tests need npm (apt-get install -y npm) to install axe-core@"
                    + VERSION + ", or -Dcardtable.axe=<path to axe.min.js>", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * Runs every axe rule tagged for WCAG 2.x A and AA and axe's best practices on the page as it
     * is now; returns the violations, each as "rule (impact): help — targets".
     */
    @SuppressWarnings("unchecked")
    public static List<String> violations(Browser b) {
        b.driver().manage().timeouts().scriptTimeout(java.time.Duration.ofSeconds(60));
        if (!Boolean.TRUE.equals(b.script("return typeof window.axe === 'object'"))) {
            b.script(source());
        }
        Object result = ((org.openqa.selenium.JavascriptExecutor) b.driver()).executeAsyncScript("""
                const done = arguments[arguments.length - 1];
                axe.run(document, { resultTypes: ['violations'] })
                  .then(r => done(r.violations.map(v => v.id + ' (' + v.impact + '): ' + v.help + ' — '
                      + v.nodes.map(n => n.target.join(' ') + ' ' + (n.failureSummary || '').replace(/\\s+/g, ' ')).join(' | '))))
                  .catch(e => done(['axe failed: ' + e]));
                """);
        return (List<String>) result;
    }

    /** Fails with every violation listed when axe finds any on the page as it is now. */
    public static void assertClean(Browser b, String state) {
        List<String> v = violations(b);
        if (!v.isEmpty()) {
            throw new AssertionError("axe-core found " + v.size() + " violation(s) on " + state + ":\n" + String.join("\n", v));
        }
    }
}
