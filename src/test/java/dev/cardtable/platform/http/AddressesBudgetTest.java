package dev.cardtable.platform.http;

import dev.cardtable.support.Db;
import dev.cardtable.support.Loopback;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.UUID;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The joint budget of all addresses on an instance ({@code cardtable.rate-limit.budget.addresses}):
 * many addresses, each within its own budget, are refused together once they have spent it
 * ({@code limitName} {@code addresses}), while a registered player's key is still served; and a
 * refusal answered from memory is held back for {@code refusal-delay}.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
@TestProfile(AddressesBudgetTest.Joint.class)
class AddressesBudgetTest {

    /** Each address 100 per 10 minutes, all addresses together 250; refusals held 500 ms. */
    public static class Joint implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("cardtable.rate-limit.period", "600s",
                    "cardtable.rate-limit.budget.address", "100",
                    "cardtable.rate-limit.budget.addresses", "250",
                    "cardtable.rate-limit.budget.burst", "600s",
                    "cardtable.rate-limit.budget.player", "1000000",
                    "cardtable.rate-limit.refusal-delay", "500ms");
        }
    }

    private static final long JOINT = 250;
    private static final long DELAY_MS = 500;

    private static RequestSpecification from(int host) {
        return Loopback.from(host);
    }

    @Test
    void addressesAreRefusedTogetherPastTheirJointBudgetWhileAPlayerIsServed() throws Exception {
        Db.update("delete from rate_limit_buckets");
        // A registered player, from an address of its own, before the addresses spend anything.
        int player = 50;
        String key = from(player).body(Map.of("name", "joint-" + UUID.randomUUID().toString().substring(0, 8)))
                .post("/api/players").then().statusCode(201).extract().path("key");
        long start = System.nanoTime();
        // Addresses read in turn, each staying within its own budget of 100, until all are refused together.
        long passed = 10; // the registration above
        Response refused = null;
        int host = 60;
        while (refused == null && host < 70) {
            for (int n = 0; n < 90 && refused == null; n++) {
                Response r = from(host).get("/api/game-types");
                if (r.statusCode() == 429) {
                    refused = r;
                } else {
                    assertEquals(200, r.statusCode(), r.asString());
                    passed++;
                }
            }
            host++;
        }
        assertTrue(refused != null, "never refused after " + passed);
        refused.then().contentType("application/problem+json").body("code", equalTo("rate-limited"))
                .body("limitName", equalTo("addresses")).body("limit", equalTo((int) JOINT));
        assertTrue(Long.parseLong(refused.header("Retry-After")) >= 1);
        double seconds = (System.nanoTime() - start) / 1e9;
        long refill = (long) Math.ceil(seconds * JOINT / 600.0) + 1;
        assertTrue(passed <= JOINT + refill, passed + " passed");
        assertTrue(passed >= JOINT - 1, "only " + passed + " passed");
        // A fresh address, within its own budget, is refused too: from memory, held back.
        long t0 = System.nanoTime();
        Response fresh = from(host + 1).get("/api/game-types");
        long tookMs = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(429, fresh.statusCode(), fresh.asString());
        fresh.then().body("limitName", equalTo("addresses"));
        assertTrue(tookMs >= DELAY_MS - 50, "answered after " + tookMs + " ms, not held back");
        // A registered player is counted on its own budget.
        for (int i = 0; i < 20; i++) {
            from(player).header("X-Player-Key", key).get("/api/game-types").then().statusCode(200);
        }
        Db.update("delete from rate_limit_buckets");
    }
}
