package dev.cardtable.platform.telemetry;

import dev.cardtable.support.Api;
import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.StandbyCluster;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The replication gauges on a primary with a real streaming standby that applies each commit
 * {@link StandbyCluster#DELAY} late: one standby streaming, and a replay lag the size of that delay
 * while writes come in (what {@code CardTableReplicationLag} reads).
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
@TestProfile(StandbyCluster.class)
class ReplicationGaugesTest {

    @Test
    void theStandbyIsCountedAndItsReplayLagShows() throws Exception {
        String m = given().get("/q/metrics").then().statusCode(200).extract().asString();
        assertEquals(1.0, WatchMetricsTest.value(m, "cardtable_replication_standbys"), m);
        double most = 0;
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (most < StandbyCluster.DELAY.toMillis() / 1000.0 / 2 && System.nanoTime() < deadline) {
            Api.scoundrel("lagging-" + System.nanoTime(), "lagger");
            m = given().get("/q/metrics").then().statusCode(200).extract().asString();
            double lag = WatchMetricsTest.value(m, "cardtable_replication_lag_seconds");
            double bytes = WatchMetricsTest.value(m, "cardtable_replication_lag_bytes");
            assertTrue(lag >= 0 && bytes >= 0, m);
            most = Math.max(most, lag);
            Thread.sleep(100);
        }
        // The standby applies each commit 150 ms late: its replay lag shows at least half of that.
        assertTrue(most >= StandbyCluster.DELAY.toMillis() / 1000.0 / 2, "largest replay lag seen: " + most + " s");
    }
}
