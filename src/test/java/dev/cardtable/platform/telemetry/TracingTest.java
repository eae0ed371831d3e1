package dev.cardtable.platform.telemetry;

import dev.cardtable.pairing.Pairing;
import dev.cardtable.play.ScoundrelGameTest;
import dev.cardtable.support.Api;
import dev.cardtable.support.InMemorySpans;
import dev.cardtable.support.PostgresResource;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static dev.cardtable.players.PlayersTest.register;
import static dev.cardtable.players.PlayersTest.unique;
import static dev.cardtable.support.Api.as;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Traces with every trace recorded ({@code cardtable.tracing.ratio=1}), kept in memory
 * ({@link InMemorySpans}): a move, a hint and a pairing run are each one trace, from the HTTP request
 * (or the job's run) down to every SQL statement it sent; a problem names its request's trace.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
@TestProfile(TracingTest.Traced.class)
class TracingTest {

    /** Every trace recorded. */
    public static class Traced implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("cardtable.tracing.ratio", "1");
        }
    }

    private static final Duration WAIT = Duration.ofSeconds(20);

    @Inject
    InMemorySpanExporter spans;

    @Inject
    Pairing pairing;

    @Inject
    JobRuns jobs;

    /** A W3C trace id of our own, sent in {@code traceparent}, so that its spans can be told apart. */
    private static String traceId() {
        return UUID.randomUUID().toString().replace("-", "");
    }

    private static String traceparent(String traceId) {
        return "00-" + traceId + "-00f067aa0ba902b7-00";
    }

    private static String sql(SpanData s) {
        String text = s.getAttributes().get(AttributeKey.stringKey("db.statement"));
        return text != null ? text : s.getAttributes().get(AttributeKey.stringKey("db.query.text"));
    }

    /** Asserts that every span of {@code trace} descends from {@code root}, and returns the SQL spans. */
    private static List<SpanData> sqlBeneath(SpanData root, List<SpanData> trace) {
        Set<String> known = new HashSet<>(Set.of(root.getSpanId()));
        int before;
        do {
            before = known.size();
            trace.stream().filter(s -> known.contains(s.getParentSpanId())).forEach(s -> known.add(s.getSpanId()));
        } while (known.size() > before);
        for (SpanData s : trace) {
            assertTrue(known.contains(s.getSpanId()), s.getName() + " hangs under " + root.getName());
        }
        List<SpanData> sql = trace.stream().filter(s -> s.getKind() == SpanKind.CLIENT).toList();
        for (SpanData s : sql) {
            assertEquals("postgresql", s.getAttributes().get(AttributeKey.stringKey("db.system")), s.toString());
            assertNotNull(sql(s), "statement text of " + s);
        }
        return sql;
    }

    private static SpanData server(List<SpanData> trace) {
        List<SpanData> servers = trace.stream().filter(s -> s.getKind() == SpanKind.SERVER).toList();
        assertEquals(1, servers.size(), servers.toString());
        return servers.get(0);
    }

    @Test
    void aMoveIsOneTraceFromItsRequestToEachStatement() throws Exception {
        Api.Created game = Api.scoundrel("trace-a-move", "tracer");
        Map<String, Object> first = game.response().path("legalMoves[0]");
        String trace = traceId();
        as(game.token()).header("traceparent", traceparent(trace)).body(first)
                .post("/api/games/" + game.id() + "/moves").then().statusCode(200);

        List<SpanData> spans = InMemorySpans.awaitTrace(this.spans, trace, InMemorySpans::hasServerAndSql, WAIT);
        SpanData request = server(spans);
        assertEquals("POST /api/games/{id}/moves", request.getName());
        assertTrue(request.getParentSpanContext().isRemote(), "the client's traceparent is the request's parent");
        List<SpanData> sql = sqlBeneath(request, spans);
        // A move is the log's append and the game's update in one statement (architecture.md).
        assertTrue(sql.stream().anyMatch(s -> sql(s).toLowerCase().contains("insert into moves")),
                sql.stream().map(TracingTest::sql).toList().toString());
    }

    @Test
    void aHintIsOneTraceWithTheReadsItMade() throws Exception {
        Response created = Api.create(Map.of("type", "scoundrel", "deal", ScoundrelGameTest.WINNABLE,
                "seats", List.of(Map.of("name", "hinted"))));
        String trace = traceId();
        as(created.path("credentials[0].token")).header("traceparent", traceparent(trace))
                .get("/api/games/" + created.path("id") + "/hint").then().statusCode(200);

        List<SpanData> spans = InMemorySpans.awaitTrace(this.spans, trace, InMemorySpans::hasServerAndSql, WAIT);
        SpanData request = server(spans);
        assertEquals("GET /api/games/{id}/hint", request.getName());
        assertTrue(sqlBeneath(request, spans).stream().anyMatch(s -> sql(s).toLowerCase().contains("from games")));
    }

    @Test
    void aPairingRunIsATraceOfItsOwnWithItsStatements() throws Exception {
        Map<String, Object> clock = Map.of("type", "correspondence", "perMove", "PT" + (10_000 + new java.util.Random().nextInt(8000)) + "S");
        for (String name : List.of(unique("trA"), unique("trB"))) {
            given().contentType("application/json").header("X-Player-Key", register(name))
                    .body(Map.of("type", "dazzle", "clock", clock)).post("/api/seeks").then().statusCode(201);
        }
        spans.reset();
        List<UUID> made = jobs.run(JobRuns.PAIRING, pairing::run);
        assertEquals(1, made.size(), "the two seeks paired");

        long deadline = System.nanoTime() + WAIT.toNanos();
        java.util.Optional<SpanData> found;
        while ((found = spans.getFinishedSpanItems().stream().filter(s -> s.getName().equals("job pairing")).findFirst())
                .isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        SpanData run = found.orElseThrow(() -> new AssertionError("no span of the run: " + spans.getFinishedSpanItems()));
        assertFalse(run.getParentSpanContext().isValid(), "a run is a trace of its own");
        assertEquals("pairing", run.getAttributes().get(AttributeKey.stringKey("cardtable.task")));
        List<SpanData> trace = InMemorySpans.awaitTrace(spans, run.getTraceId(),
                t -> t.stream().anyMatch(s -> s.getKind() == SpanKind.CLIENT), WAIT);
        List<SpanData> sql = sqlBeneath(run, trace);
        assertTrue(sql.stream().anyMatch(s -> sql(s).toLowerCase().contains("insert into games")),
                "the paired game's creation: " + sql.stream().map(TracingTest::sql).toList());
        assertTrue(sql.stream().anyMatch(s -> sql(s).toLowerCase().contains("for update skip locked")));
    }

    @Test
    void aProblemNamesTheTraceOfItsRequest() throws Exception {
        spans.reset();
        String problemTrace = given().accept("application/json").get("/api/games/" + UUID.randomUUID())
                .then().statusCode(404).extract().path("traceId");
        List<SpanData> spans = InMemorySpans.awaitTrace(this.spans, problemTrace,
                t -> t.stream().anyMatch(s -> s.getKind() == SpanKind.SERVER), WAIT);
        assertEquals("GET /api/games/{id}", server(spans).getName());
        // Below the REST layer too (the router's own 404), and with a client's traceparent.
        String trace = traceId();
        given().header("traceparent", traceparent(trace)).get("/api/no-such-thing").then().statusCode(404)
                .body("traceId", org.hamcrest.Matchers.equalTo(trace));
    }
}
