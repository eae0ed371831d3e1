package dev.cardtable.platform.telemetry;

import dev.cardtable.support.Api;
import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.SseClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The meters the alert rules and the dashboard read ({@code deploy/monitoring/}), by their names on
 * {@code /q/metrics}: the scheduled jobs' runs, the database and pool gauges, the event streams
 * against their cap, and the move latency histogram with the objective's bucket.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class WatchMetricsTest {

    @Inject
    JobRuns jobs;

    private static String metrics() {
        return given().get("/q/metrics").then().statusCode(200).extract().asString();
    }

    /** The value of the sample {@code series} (name and labels exactly as exposed); NaN when absent. */
    static double value(String metrics, String series) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(series) + " ([^ #\\n]+)").matcher(metrics);
        return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
    }

    @Test
    void aJobsRunsAreCountedByOutcomeAndItsLastSuccessIsATimestamp() throws Exception {
        String job = "watched-" + System.nanoTime();
        String ok = "cardtable_scheduled_runs_total{outcome=\"ok\",task=\"" + job + "\"}";
        String failed = "cardtable_scheduled_runs_total{outcome=\"failed\",task=\"" + job + "\"}";
        String last = "cardtable_scheduled_last_success_timestamp_seconds{task=\"" + job + "\"}";

        long before = System.currentTimeMillis();
        assertEquals(7, jobs.run(job, () -> 7));
        long after = System.currentTimeMillis();
        String m = metrics();
        assertEquals(1.0, value(m, ok), m);
        assertEquals(0.0, value(m, failed));
        double stamp = value(m, last);
        assertTrue(stamp * 1000 >= before - 1 && stamp * 1000 <= after + 1, "last success " + stamp);

        Thread.sleep(20);
        IllegalStateException thrown = assertThrows(IllegalStateException.class,
                () -> jobs.run(job, () -> { throw new IllegalStateException("broken"); }));
        assertEquals("broken", thrown.getMessage());
        m = metrics();
        assertEquals(1.0, value(m, ok));
        assertEquals(1.0, value(m, failed));
        assertEquals(stamp, value(m, last), "a failed run leaves the last success where it was");
        assertEquals(2.0, value(m, "cardtable_scheduled_duration_seconds_count{task=\"" + job + "\"}"));
    }

    @Test
    void aScheduledRunsFailureIsHandedOverInsideItsTraceAndCounted() {
        String job = "handed-" + System.nanoTime();
        Object before = org.jboss.logging.MDC.get("traceId");
        String[] seen = new String[2];
        Object out = jobs.run(job, () -> {
            seen[0] = String.valueOf(org.jboss.logging.MDC.get("traceId"));
            throw new IllegalStateException("broken");
        }, e -> seen[1] = e.getMessage() + " " + org.jboss.logging.MDC.get("traceId"));
        assertEquals(null, out);
        assertTrue(seen[0].matches("[0-9a-f]{32}"), "the run's log lines carry its trace: " + seen[0]);
        assertEquals("broken " + seen[0], seen[1], "the failure is handed over inside the run's trace");
        assertEquals(before, org.jboss.logging.MDC.get("traceId"), "the thread's log context is as it was");
        assertEquals(1.0, value(metrics(), "cardtable_scheduled_runs_total{outcome=\"failed\",task=\"" + job + "\"}"));
    }

    @Test
    void theDatabaseThePoolAndTheStreamsAreGauged() throws Exception {
        String m = metrics();
        assertEquals(1.0, value(m, "cardtable_database_up"), m);
        assertEquals(32.0, value(m, "cardtable_pool_max_connections{datasource=\"default\"}"));
        assertTrue(value(m, "agroal_active_count{datasource=\"default\"}") >= 0);
        assertEquals(4096.0, value(m, "cardtable_event_streams_max"));
        // No standby in this set-up: none streaming, no lag.
        assertEquals(0.0, value(m, "cardtable_replication_standbys"));
        assertEquals(0.0, value(m, "cardtable_replication_lag_seconds"));
        assertEquals(0.0, value(m, "cardtable_replication_lag_bytes"));

        double open = value(m, "cardtable_event_streams_open");
        Api.Created game = Api.scoundrel("watched-stream", "watcher");
        try (SseClient stream = SseClient.connect("http://localhost:" + RestAssured.port + "/api/games/" + game.id()
                + "/events", null, null)) {
            assertEquals(200, stream.status());
            assertEquals(open + 1, value(metrics(), "cardtable_event_streams_open"));
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (value(metrics(), "cardtable_event_streams_open") > open && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertEquals(open, value(metrics(), "cardtable_event_streams_open"), "the stream closed is no longer counted");
    }

    @Test
    void movesFillTheLatencyHistogramWithTheObjectivesBucket() {
        String count = "cardtable_move_latency_seconds_count{type=\"scoundrel\"}";
        String objective = "cardtable_move_latency_seconds_bucket{type=\"scoundrel\",le=\"0.25\"}";
        String all = "cardtable_move_latency_seconds_bucket{type=\"scoundrel\",le=\"+Inf\"}";
        String m = metrics();
        double before = Double.isNaN(value(m, count)) ? 0 : value(m, count);
        Api.Created game = Api.scoundrel("watched-move", "mover");
        Map<String, Object> first = game.response().path("legalMoves[0]");
        Api.move(game.id(), game.token(), first).then().statusCode(200);
        m = metrics();
        assertEquals(before + 1, value(m, count), m);
        assertEquals(value(m, count), value(m, all));
        assertTrue(value(m, objective) >= 1 && value(m, objective) <= value(m, all));
    }
}
