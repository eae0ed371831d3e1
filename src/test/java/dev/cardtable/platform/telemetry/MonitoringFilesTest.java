package dev.cardtable.platform.telemetry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.cardtable.support.Api;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code deploy/monitoring/}: the alert rules pass {@code promtool check rules} and their tests
 * ({@code promtool test rules}); every expression of the Grafana dashboard is valid PromQL and, like
 * every alert's, reads only metrics this server exposes on {@code /q/metrics} (or Prometheus's own
 * {@code up}); and the dashboard shows every metric an alert reads. Needs {@code promtool}
 * (Debian's {@code prometheus}; {@code .ci/monitoring.sh} installs it).
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class MonitoringFilesTest {

    private static final Path DIR = Path.of("deploy/monitoring");
    /** Prometheus's own series, beside the server's. */
    private static final Set<String> PROMETHEUS = Set.of("up");
    private static final Set<String> KEYWORDS = Set.of("and", "or", "unless", "bool", "offset", "by", "without", "on",
            "ignoring", "group_left", "group_right", "inf", "nan");
    private static final Pattern NAME = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");

    @Inject
    JobRuns jobs;

    /**
     * The metric names {@code expr} reads: its identifiers that are not functions, keywords, label
     * names (in matchers and in {@code by}/{@code on} lists), strings, ranges or numbers.
     */
    static Set<String> metricNames(String expr) {
        String s = expr.replaceAll("\"(\\\\.|[^\"\\\\])*\"", "\"\"")
                .replaceAll("\\{[^}]*}", " ")
                .replaceAll("\\[[^]]*]", " ")
                .replaceAll("(?i)\\b(by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)", " ");
        Set<String> names = new TreeSet<>();
        Matcher m = NAME.matcher(s);
        while (m.find()) {
            String rest = s.substring(m.end()).stripLeading();
            boolean function = rest.startsWith("(");
            boolean partOfNumber = m.start() > 0 && Character.isDigit(s.charAt(m.start() - 1));
            if (!function && !partOfNumber && !KEYWORDS.contains(m.group().toLowerCase())) {
                names.add(m.group());
            }
        }
        return names;
    }

    @Test
    void theExtractionOfMetricNamesSkipsFunctionsLabelsAndKeywords() {
        assertEquals(Set.of("a_total", "b_bucket", "c"), metricNames(
                "sum by (job, le) (rate(a_total{x=\"y{z}\"}[5m])) / on (job) histogram_quantile(0.99, b_bucket[1m])"
                        + " and c > 1e3 or time() - 2"));
    }

    /**
     * The sample names on {@code /q/metrics} once a move was made and each scheduled task's meters
     * exist (the tests switch the schedules off, so a run of nothing stands for each task's first run).
     */
    private Set<String> exposed() {
        Api.Created game = Api.scoundrel("monitored", "monitor");
        Map<String, Object> first = game.response().path("legalMoves[0]");
        Api.move(game.id(), game.token(), first).then().statusCode(200);
        JobRuns.JOBS.forEach(task -> jobs.run(task, () -> null));
        String text = given().get("/q/metrics").then().statusCode(200).extract().asString();
        Set<String> names = new TreeSet<>();
        for (String line : text.split("\n")) {
            if (!line.isBlank() && !line.startsWith("#")) {
                Matcher m = NAME.matcher(line);
                assertTrue(m.lookingAt(), line);
                names.add(m.group());
            }
        }
        return names;
    }

    /** Every alert's expression, by alert name. */
    private static Map<String, String> alerts() throws Exception {
        JsonNode rules = new YAMLMapper().readTree(DIR.resolve("alerts.yml").toFile());
        Map<String, String> out = new LinkedHashMap<>();
        for (JsonNode group : rules.get("groups")) {
            for (JsonNode rule : group.get("rules")) {
                out.put(rule.get("alert").asText(), rule.get("expr").asText());
            }
        }
        return out;
    }

    /** Every panel's expressions, as "title: expr", with Grafana's {@code $__rate_interval} as 5m. */
    private static Map<String, String> panels() throws Exception {
        JsonNode dashboard = new ObjectMapper().readTree(DIR.resolve("dashboard.json").toFile());
        Map<String, String> out = new LinkedHashMap<>();
        for (JsonNode panel : dashboard.get("panels")) {
            assertTrue(panel.get("targets").size() > 0, "a panel without a query: " + panel.get("title"));
            for (JsonNode target : panel.get("targets")) {
                out.put(panel.get("title").asText() + " " + target.get("refId").asText(),
                        target.get("expr").asText().replace("$__rate_interval", "5m"));
            }
        }
        return out;
    }

    @Test
    void everyExpressionReadsOnlyWhatTheServerExposesAndTheDashboardShowsWhatTheAlertsRead() throws Exception {
        Set<String> exposed = exposed();
        Set<String> alerted = new TreeSet<>();
        alerts().forEach((name, expr) -> {
            Set<String> read = metricNames(expr);
            assertFalse(read.isEmpty(), name);
            alerted.addAll(read);
        });
        Set<String> shown = new TreeSet<>();
        panels().forEach((panel, expr) -> {
            Set<String> read = metricNames(expr);
            assertFalse(read.isEmpty(), panel);
            shown.addAll(read);
        });
        for (String name : union(alerted, shown)) {
            assertTrue(exposed.contains(name) || PROMETHEUS.contains(name), name + " is not on /q/metrics: " + exposed);
        }
        Set<String> unshown = new TreeSet<>(alerted);
        unshown.removeAll(shown);
        assertEquals(Set.of(), unshown, "metrics an alert reads that no panel shows");
    }

    @Test
    void promtoolChecksTheRulesRunsTheirTestsAndParsesEveryPanel() throws Exception {
        assertEquals(0, promtool("check", "rules", DIR.resolve("alerts.yml").toString()));
        assertEquals(0, promtool("test", "rules", DIR.resolve("alerts_test.yml").toString()));
        // Each panel's expression as a recording rule: promtool parses them all.
        StringBuilder rules = new StringBuilder("groups:\n  - name: dashboard\n    rules:\n");
        int i = 0;
        for (String expr : panels().values()) {
            rules.append("      - record: dashboard:panel_").append(i++).append("\n        expr: ")
                    .append(new ObjectMapper().writeValueAsString(expr)).append('\n');
        }
        Path file = Files.createTempFile("dashboard-rules-", ".yml");
        try {
            Files.writeString(file, rules);
            assertEquals(0, promtool("check", "rules", file.toString()));
            // A broken expression is refused: the check above could fail.
            Files.writeString(file, "groups:\n  - name: x\n    rules:\n      - record: x:y\n        expr: sum(rate(a[5m])\n");
            assertEquals(1, promtool("check", "rules", file.toString()));
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> u = new TreeSet<>(a);
        u.addAll(b);
        return u;
    }

    /** Runs promtool with {@code args}; its exit status (output printed on failure). */
    private static int promtool(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(System.getProperty("cardtable.promtool", "promtool")));
        cmd.addAll(List.of(args));
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        } catch (java.io.IOException e) {
            throw new AssertionError("promtool not found: run .ci/monitoring.sh (it installs Debian's prometheus)", e);
        }
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "promtool " + String.join(" ", args));
        if (p.exitValue() != 0) {
            System.out.println("promtool " + String.join(" ", args) + ":\n" + out);
        }
        return p.exitValue();
    }
}
