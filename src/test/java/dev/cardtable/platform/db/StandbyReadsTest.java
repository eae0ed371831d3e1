package dev.cardtable.platform.db;

import dev.cardtable.records.RecordTest;
import dev.cardtable.support.Api;
import dev.cardtable.support.Db;
import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.StandbyCluster;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.distribution.ValueAtPercentile;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static dev.cardtable.support.Api.as;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reads from a real streaming standby held {@link StandbyCluster#DELAY} behind the primary
 * ({@code docs/scaling.md}, "Reads from a standby"): a client that sends back the
 * {@code Consistency-Token} of its last write never reads older data than that write, while a
 * read without it, made at once, does find the standby behind (so the check could fail). Prints
 * the share of the standby-eligible reads the standby served and the wait's 95th percentile. Every
 * write endpoint answers with the token, at or past the write.
 */
@QuarkusTest
@TestProfile(StandbyCluster.class)
@QuarkusTestResource(PostgresResource.class)
class StandbyReadsTest {

    private static final String TOKEN = "Consistency-Token";

    private static final int GAMES = 12;

    @Inject
    MeterRegistry registry;

    @Test
    void theWriterNeverReadsOlderThanItsWrite() throws Exception {
        try (Connection c = DriverManager.getConnection(StandbyCluster.standbyUrl, "postgres", "postgres");
             Statement st = c.createStatement(); ResultSet rs = st.executeQuery("select pg_is_in_recovery()")) {
            rs.next();
            assertTrue(rs.getBoolean(1), "the replica datasource is a standby");
        }
        String player = "rw-" + UUID.randomUUID().toString().substring(0, 8);
        int staleWithoutToken = 0;
        for (int i = 1; i <= GAMES; i++) {
            Api.Created g = Api.scoundrel("standby-" + i + "-" + player, player);
            String token = g.response().header(TOKEN);
            assertNotNull(token, "a write answers with a consistency token");
            JsonPath game = g.response().jsonPath();
            int moves = 0;
            while (game.getString("status").equals("active")) {
                Response r = Api.move(g.id(), g.token(), game.getMap("legalMoves[0]"));
                r.then().statusCode(200);
                token = r.header(TOKEN);
                assertNotNull(token, "every move answers with a consistency token");
                game = r.jsonPath();
                moves++;
            }
            // The statistics read at once without the token: the standby may still be behind.
            JsonPath blind = as(null).get("/api/players/" + player + "/stats").then().statusCode(200).extract().jsonPath();
            List<Map<String, Object>> types = blind.getList("types");
            long counted = types.stream().filter(t -> "scoundrel".equals(t.get("type")))
                    .mapToLong(t -> ((Number) t.get("played")).longValue() + ((Number) t.get("abandoned")).longValue())
                    .sum();
            if (counted < i) {
                staleWithoutToken++;
            }
            // Then as the writer, with the token: the game just finished and the statistics that count it.
            JsonPath stats = as(null).header(TOKEN, token).get("/api/players/" + player + "/stats")
                    .then().statusCode(200).extract().jsonPath();
            assertEquals(i, stats.getInt("types.find { it.type == 'scoundrel' }.played") + stats.getInt(
                    "types.find { it.type == 'scoundrel' }.abandoned"), "the writer's statistics count its game " + i);
            JsonPath record = as(null).header(TOKEN, token).get("/api/games/" + g.id() + "/record")
                    .then().statusCode(200).extract().jsonPath();
            assertEquals("finished", record.getString("status"));
            assertEquals(moves, record.getList("moves").size());
            as(g.token()).header(TOKEN, token).get("/api/games/" + g.id() + "/states/" + moves).then().statusCode(200);
            as(g.token()).header(TOKEN, token).get("/api/games/" + g.id() + "/timeline").then().statusCode(200);
        }
        double standby = registry.counter("cardtable.replica.reads", "served", "standby").count();
        double primary = registry.counter("cardtable.replica.reads", "served", "primary").count();
        var snapshot = registry.timer("cardtable.replica.wait").takeSnapshot();
        double p95 = 0;
        for (ValueAtPercentile v : snapshot.percentileValues()) {
            if (v.percentile() == 0.95) {
                p95 = v.value(TimeUnit.MILLISECONDS);
            }
        }
        System.out.printf("standby reads: %d games, standby served %.0f of %.0f eligible reads (%.0f%%), "
                        + "wait p95 %.1f ms over %d waits (mean %.1f ms), stale reads without the token %d of %d%n",
                GAMES, standby, standby + primary, 100 * standby / (standby + primary), p95, snapshot.count(),
                snapshot.mean(TimeUnit.MILLISECONDS), staleWithoutToken, GAMES);
        assertTrue(standby > 0, "the standby served reads");
        assertTrue(staleWithoutToken > 0, "without the token the standby was seen behind: the lag is real");
    }

    @Test
    void everyWriteAnswersWithATokenAtOrPastIt() throws Exception {
        String alice = "tok-" + UUID.randomUUID().toString().substring(0, 8);
        String bob = "tok-" + UUID.randomUUID().toString().substring(0, 8);

        Response registered = written("register", () -> as(null).body(Map.of("name", alice)).post("/api/players"), 201);
        String key = registered.path("key");
        String rotated = written("rotate a key", () -> as(null).header("X-Player-Key", key)
                .post("/api/players/" + alice + "/key"), 200).path("key");

        Response created = written("create", () -> as(null).header("X-Player-Key", rotated).body(Map.of("type", "dazzle",
                "seats", List.of(Map.of("name", alice), Map.of("open", true)))).post("/api/games"), 201);
        String id = created.path("id");
        String aliceToken = created.path("credentials[0].token");
        Response seated = written("take a seat", () -> as(null).body(Map.of("name", bob))
                .post("/api/games/" + id + "/seats/1"), 200);
        String bobToken = seated.path("credentials[0].token");
        // A ticket is signed, not stored: its token is the position the write-free request found.
        long beforeTicket = lsn(Db.scalar("select pg_current_wal_insert_lsn()::text"));
        String ticketToken = as(aliceToken).post("/api/games/" + id + "/stream-tickets").then().statusCode(201)
                .extract().header(TOKEN);
        assertNotNull(ticketToken, "a stream ticket answers with a consistency token");
        assertTrue(lsn(ticketToken) >= beforeTicket, ticketToken);
        written("move", () -> as(bobToken).body(Map.of("action", "resign")).post("/api/games/" + id + "/moves"), 200)
                .then().body("status", equalTo("finished"));
        written("offer a rematch", () -> as(aliceToken).post("/api/games/" + id + "/rematch"), 201);
        written("accept a rematch", () -> as(bobToken).post("/api/games/" + id + "/rematch"), 200)
                .then().body("status", equalTo("active"));

        Response waiting = Api.create(Map.of("type", "dazzle", "seats", List.of(Map.of("name", bob), Map.of("open", true))));
        written("cancel", () -> as((String) waiting.path("credentials[0].token"))
                .post("/api/games/" + waiting.path("id") + "/cancel"), 200);

        Api.Created running = Api.scoundrel("tok-import-" + alice, bob);
        Map<String, Object> record = new HashMap<>(RecordTest.record(running.id()));
        Db.update("delete from games where id = ?::uuid", running.id());
        record.put("seed", "tok-import-" + alice);
        written("import", () -> as(null).body(record).post("/api/games/import"), 201);

        written("daily attempt", () -> as(null).header("X-Player-Key", rotated).post("/api/daily/standard/attempts"), 201);
        written("revoke a key", () -> as(null).header("X-Player-Key", rotated).delete("/api/players/" + alice + "/key"), 204);
    }

    /**
     * Sends a write and checks its answer: {@code status}, and a {@code Consistency-Token} that is
     * a WAL position past the primary's position before the write (a write adds to the WAL: a token
     * taken before it would not be past).
     */
    private static Response written(String what, java.util.function.Supplier<Response> write, int status) throws Exception {
        long before = lsn(Db.scalar("select pg_current_wal_insert_lsn()::text"));
        Response r = write.get();
        r.then().statusCode(status);
        String token = r.header(TOKEN);
        assertNotNull(token, what + " answers with a consistency token");
        assertTrue(token.matches("[0-9A-F]{1,8}/[0-9A-F]{1,8}"), what + ": " + token);
        assertTrue(lsn(token) > before, what + ": the token " + token + " is not past the write");
        return r;
    }

    private static long lsn(String position) {
        String[] parts = position.split("/");
        return (Long.parseLong(parts[0], 16) << 32) | Long.parseLong(parts[1], 16);
    }

    @Test
    void aReplicaIsConfigured() {
        assertTrue(io.quarkus.arc.Arc.container().instance(Replica.class).get().configured());
    }
}
