package dev.cardtable.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Lighthouse ({@link #VERSION}, the npm package {@code lighthouse}) run from its command line on
 * Debian's Chromium ({@code /usr/bin/chromium}, or {@code -Dcardtable.chromium}), headless. It is
 * installed by {@code npm} into {@code target/lighthouse} the first time it is needed. Each run
 * is bounded in time and gives the four category scores, the cumulative layout shift and the
 * audits that cost points.
 */
public final class Lighthouse {

    /** The Lighthouse release the tests run. */
    public static final String VERSION = "12.2.3";

    /** The categories run; their ids in a report. */
    public static final List<String> CATEGORIES = List.of("performance", "accessibility", "best-practices", "seo");

    private static final Path HOME = Path.of("target", "lighthouse");
    private static final String CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-background-networking "
            + "--disable-component-update --disable-sync --no-first-run";
    private static final Duration RUN_LIMIT = Duration.ofMinutes(3);

    /** Lighthouse's two form factors: its default (a mid-range phone, throttled) and its desktop preset. */
    public enum Preset {
        MOBILE, DESKTOP;

        /** "mobile" or "desktop". */
        public String label() {
            return name().toLowerCase();
        }
    }

    /**
     * One page's report.
     *
     * @param page    the page's name
     * @param preset  the form factor
     * @param scores  each category's score, 0 to 100, by category id
     * @param cls     the cumulative layout shift (unitless; 0.1 and below is "good")
     * @param lost    per category, the audits that cost it points: "id (score): title — value"
     * @param file    the JSON report
     */
    public record Report(String page, Preset preset, Map<String, Integer> scores, double cls,
                         Map<String, List<String>> lost, Path file) {
    }

    private Lighthouse() {
    }

    private static synchronized Path cli() {
        Path cli = HOME.resolve(Path.of("node_modules", "lighthouse", "cli", "index.js"));
        if (!Files.isRegularFile(cli)) {
            Command.run(Path.of("."), Map.of(), Duration.ofMinutes(5), HOME.resolve("npm.log"), List.of("npm", "install",
                    "--no-save", "--no-package-lock", "--no-audit", "--no-fund", "--ignore-scripts",
                    "--prefix", HOME.toString(), "lighthouse@" + VERSION));
        }
        return cli;
    }

    /**
     * Runs Lighthouse on {@code url} at {@code preset}, in a Chromium on the profile folder
     * {@code profile} whose storage is kept (the seat tokens a page reads are there), and returns
     * the report; the JSON report is kept as {@code target/lighthouse/<page>-<preset>.json}.
     */
    public static Report run(String page, String url, Preset preset, Path profile) {
        Path cli = cli().toAbsolutePath();
        Path json = HOME.resolve(page + "-" + preset.label() + ".json").toAbsolutePath();
        List<String> command = new ArrayList<>(List.of("node", cli.toString(), url, "--output=json",
                "--output-path=" + json, "--only-categories=" + String.join(",", CATEGORIES),
                "--chrome-flags=" + CHROME_FLAGS + " --user-data-dir=" + profile.toAbsolutePath(),
                "--disable-storage-reset", "--quiet"));
        if (preset == Preset.DESKTOP) {
            command.add("--preset=desktop");
        }
        String chromium = System.getProperty("cardtable.chromium", "/usr/bin/chromium");
        Command.run(Path.of("."), Map.of("CHROME_PATH", chromium), RUN_LIMIT,
                HOME.resolve(page + "-" + preset.label() + ".log"), command);
        return read(page, preset, json);
    }

    private static Report read(String page, Preset preset, Path json) {
        try {
            JsonNode r = new ObjectMapper().readTree(json.toFile());
            if (r.hasNonNull("runtimeError")) {
                throw new AssertionError("Lighthouse could not run on " + page + ": " + r.get("runtimeError"));
            }
            Map<String, Integer> scores = new LinkedHashMap<>();
            Map<String, List<String>> lost = new LinkedHashMap<>();
            for (String id : CATEGORIES) {
                JsonNode category = r.path("categories").path(id);
                scores.put(id, (int) Math.round(category.path("score").asDouble(0) * 100));
                List<String> audits = new ArrayList<>();
                for (JsonNode ref : category.path("auditRefs")) {
                    JsonNode audit = r.path("audits").path(ref.path("id").asText());
                    if (ref.path("weight").asDouble() > 0 && !audit.path("score").isNull() && audit.path("score").asDouble() < 1) {
                        audits.add(audit.path("id").asText() + " (" + audit.path("score").asText() + "): "
                                + audit.path("title").asText() + " — " + audit.path("displayValue").asText(""));
                    }
                }
                lost.put(id, audits);
            }
            double cls = r.path("audits").path("cumulative-layout-shift").path("numericValue").asDouble(Double.NaN);
            return new Report(page, preset, scores, cls, lost, json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
