package dev.cardtable.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a Prometheus started on the cluster ({@code deploy/cluster/prometheus.sh}) sees, through its
 * HTTP API: every instance a target that is up, each instance's moves in the move latency histogram,
 * the primary's standby in each instance's replication gauges, and every alert rule of {@code deploy/monitoring/alerts.yml} loaded and evaluated without error.
 */
final class ClusterMonitoring {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final Set<String> INSTANCES = Set.of("app1", "app2", "app3");

    private ClusterMonitoring() {
    }

    /**
     * Waits (at most {@code timeout} in all) until the above holds, asserting it.
     *
     * @param prometheus Prometheus's base URI
     * @return figures: moves counted per instance, alert rules evaluated
     * @throws AssertionError when it does not hold within {@code timeout}
     */
    static Map<String, String> check(String prometheus, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        Set<String> up = new TreeSet<>();
        while (up.size() < 3 && System.nanoTime() < deadline) {
            up.clear();
            for (JsonNode t : get(prometheus, "/api/v1/targets?state=active").get("activeTargets")) {
                if ("card-table".equals(t.get("labels").get("job").asText()) && "up".equals(t.get("health").asText())) {
                    up.add(t.get("labels").get("instance").asText());
                }
            }
            Thread.sleep(500);
        }
        assertEquals(INSTANCES, up, "targets up");
        // `up` itself, as the alert rule CardTableInstanceDown reads it.
        assertEquals(3, query(prometheus, "up{job=\"card-table\"} == 1").size());

        Map<String, Double> moves = new TreeMap<>();
        for (JsonNode s : query(prometheus, "sum by (instance) (cardtable_move_latency_seconds_count{job=\"card-table\"})")) {
            moves.put(s.get("metric").get("instance").asText(), s.get("value").get(1).asDouble());
        }
        assertEquals(INSTANCES, moves.keySet(), "every instance's move histogram scraped");
        moves.forEach((instance, n) -> assertTrue(n > 0, instance + " counted no move: " + moves));
        assertEquals(3, query(prometheus, "cardtable_move_latency_seconds_bucket{job=\"card-table\",le=\"0.25\"} > 0").size(),
                "the objective's bucket filled on each instance");

        // Each instance sees the primary's synchronous standby (the database user holds pg_monitor).
        Map<String, Double> standbys = new TreeMap<>();
        for (JsonNode s : query(prometheus, "cardtable_replication_standbys{job=\"card-table\"}")) {
            standbys.put(s.get("metric").get("instance").asText(), s.get("value").get(1).asDouble());
        }
        assertEquals(Map.of("app1", 1.0, "app2", 1.0, "app3", 1.0), standbys, "standbys streaming, as each instance sees them");
        assertEquals(3, query(prometheus, "cardtable_replication_lag_seconds{job=\"card-table\"} >= 0").size(),
                "a replay lag, not NaN, on each instance");

        // Every alert rule loaded and evaluated against the real series without error.
        int rules;
        Set<String> unhealthy;
        do {
            rules = 0;
            unhealthy = new TreeSet<>();
            for (JsonNode g : get(prometheus, "/api/v1/rules?type=alert").get("groups")) {
                for (JsonNode r : g.get("rules")) {
                    rules++;
                    if (!"ok".equals(r.path("health").asText())) {
                        unhealthy.add(r.get("name").asText() + "=" + r.path("health").asText() + " " + r.path("lastError").asText());
                    }
                }
            }
            if (rules > 0 && unhealthy.isEmpty()) {
                break;
            }
            Thread.sleep(1000);
        } while (System.nanoTime() < deadline);
        assertTrue(rules >= 8, "alert rules loaded: " + rules);
        assertEquals(Set.of(), unhealthy, "alert rules evaluated without error");

        Map<String, String> figures = new LinkedHashMap<>();
        figures.put("prometheus: targets up", String.join(", ", up));
        figures.put("prometheus: moves in each instance's histogram", moves.toString());
        figures.put("prometheus: alert rules evaluated", Integer.toString(rules));
        return figures;
    }

    /** The result vector of the instant query {@code promql}. */
    private static JsonNode query(String prometheus, String promql) throws Exception {
        JsonNode data = get(prometheus, "/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8));
        assertEquals("vector", data.get("resultType").asText(), promql);
        return data.get("result");
    }

    /** The {@code data} of Prometheus's answer to {@code path}. */
    private static JsonNode get(String prometheus, String path) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(prometheus + path)).timeout(Duration.ofSeconds(10))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), path + ": " + r.body());
        JsonNode body = JSON.readTree(r.body());
        assertEquals("success", body.get("status").asText(), r.body());
        return body.get("data");
    }
}
