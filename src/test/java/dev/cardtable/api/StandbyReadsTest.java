package dev.cardtable.api;

import dev.cardtable.store.Replica;
import dev.cardtable.support.Api;
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
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static dev.cardtable.support.Api.as;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reads from a real streaming standby held {@link StandbyCluster#DELAY} behind the primary
 * ({@code docs/scaling.md}, "Reads from a standby"): a client that sends back the
 * {@code Consistency-Token} of its last write never reads older data than that write, while a
 * read without it, made at once, does find the standby behind (so the check could fail). Prints
 * the share of the standby-eligible reads the standby served and the wait's 95th percentile.
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
    void aReplicaIsConfigured() {
        assertTrue(io.quarkus.arc.Arc.container().instance(Replica.class).get().configured());
    }
}
