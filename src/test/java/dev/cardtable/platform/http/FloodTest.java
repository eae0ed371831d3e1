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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fair share, by counting: one address floods each kind of request and is refused
 * ({@code 429 rate-limited}, {@code limitName} {@code budget}) once it has spent its budget at
 * that kind's weight, while another address's requests of every kind all pass; and one client
 * cannot hold more than its share of the computations ({@code 503 server-busy}). Each client is a
 * loopback address of its own ({@code 127.0.0.x}), the connection's local address.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
@TestProfile(FloodTest.Budgets.class)
class FloodTest {

    /**
     * A budget of 200 per 10 minutes (one token back every 3 s), all of it spendable at once, the
     * default weights; all addresses together far above it; a small computation bound.
     */
    public static class Budgets implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("cardtable.rate-limit.period", "600s",
                    "cardtable.rate-limit.budget.address", "200",
                    "cardtable.rate-limit.budget.burst", "600s",
                    "cardtable.rate-limit.budget.addresses", "1000000",
                    "cardtable.rate-limit.budget.player", "1000000",
                    "cardtable.thinking.threads", "1",
                    "cardtable.thinking.queue", "1",
                    "cardtable.thinking.client-share", "0.5");
        }
    }

    private static final long BUDGET = 200;

    /** Every test starts with full shared buckets, and leaves none behind for other test classes. */
    @BeforeEach
    @AfterEach
    void emptySharedBuckets() throws Exception {
        Db.update("delete from rate_limit_buckets");
    }

    private static RequestSpecification from(int host) {
        return Loopback.from(host);
    }

    private static RequestSpecification from(int host, String token, String playerKey) {
        RequestSpecification r = from(host);
        if (token != null) {
            r = r.header("Authorization", "Bearer " + token);
        }
        return playerKey == null ? r : r.header("X-Player-Key", playerKey);
    }

    /** One kind of request: its weight and how to send one from an address. */
    private record Kind(String name, long weight, Function<RequestSpecification, Response> send) {
    }

    @Test
    void aFloodOfEachKindIsRefusedWithinItsBudgetWhileAnotherAddressIsServed() {
        // Set-up, from an address of its own, with a registered player's (large) budget.
        int setup = 4;
        String me = "flood-setup-" + UUID.randomUUID().toString().substring(0, 8);
        String setupKey = from(setup).body(Map.of("name", me))
                .post("/api/players").then().statusCode(201).extract().path("key");
        Function<Map<String, ?>, Response> create = body -> from(setup, null, setupKey).body(body).post("/api/games")
                .then().statusCode(201).extract().response();
        Response scoundrel = create.apply(Map.of("type", "scoundrel", "seats", List.of(Map.of("name", me))));
        String sid = scoundrel.path("id");
        String stoken = scoundrel.path("credentials[0].token");
        Response dazzle = create.apply(Map.of("type", "dazzle", "seats", List.of(Map.of("name", me), Map.of("ai", "random"))));
        String did = dazzle.path("id");
        String dtoken = dazzle.path("credentials[0].token");
        Response finished = create.apply(Map.of("type", "scoundrel", "seats", List.of(Map.of("name", me))));
        String fid = finished.path("id");
        from(setup, finished.path("credentials[0].token"), setupKey).body(Map.of("action", "resign"))
                .post("/api/games/" + fid + "/moves").then().statusCode(200);
        Map<String, Object> record = from(setup, null, setupKey).get("/api/games/" + fid + "/record").then()
                .statusCode(200).extract().jsonPath().getMap("$");
        Map<String, Object> bad = new HashMap<>(record);
        bad.put("moves", List.of()); // refused after it is counted: the flood stores nothing
        bad.remove("fingerprint");

        List<Kind> kinds = List.of(
                new Kind("read", 1, r -> r.get("/api/games/" + sid)),
                new Kind("history", 4, r -> r.get("/api/games?player=" + me)),
                new Kind("move", 2, r -> r.header("Authorization", "Bearer " + stoken).body(Map.of("action", "dance"))
                        .post("/api/games/" + sid + "/moves")),
                new Kind("hint", 20, r -> r.header("Authorization", "Bearer " + stoken).get("/api/games/" + sid + "/hint")),
                new Kind("analysis", 20, r -> r.get("/api/games/" + fid + "/analysis")),
                new Kind("create", 10, r -> r.body(Map.of("type", "scoundrel", "seats", List.of(Map.of("name", "c"))))
                        .post("/api/games")),
                new Kind("computer", 10, r -> r.body(Map.of("type", "dazzle", "seats", List.of(
                        Map.of("ai", "ismcts", "aiBudget", 500), Map.of("ai", "ismcts", "aiBudget", 500)))).post("/api/games")),
                new Kind("import", 20, r -> r.body(bad).post("/api/games/import")),
                new Kind("ticket", 4, r -> r.header("Authorization", "Bearer " + dtoken).post("/api/games/" + did + "/stream-tickets")),
                new Kind("register", 10, r -> r.body(Map.of("name", "fl-" + UUID.randomUUID().toString().substring(0, 8)))
                        .post("/api/players")));

        int victim = 3;
        Map<String, String> served = new LinkedHashMap<>();
        for (int i = 0; i < kinds.size(); i++) {
            Kind k = kinds.get(i);
            int flooder = 10 + i;
            long start = System.nanoTime();
            int passed = 0;
            Response refused = null;
            for (int n = 0; n < BUDGET / k.weight() + 20 && refused == null; n++) {
                Response r = k.send().apply(from(flooder));
                if (r.statusCode() == 429) {
                    refused = r;
                } else {
                    passed++;
                }
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            assertTrue(refused != null, k.name() + ": never refused after " + passed);
            refused.then().contentType("application/problem+json").body("code", equalTo("rate-limited"))
                    .body("limitName", equalTo("budget")).body("limit", equalTo((int) BUDGET));
            assertTrue(Long.parseLong(refused.header("Retry-After")) >= 1, k.name());
            // Within its budget: what passed cost no more than the budget and what came back meanwhile.
            long refill = (long) Math.ceil(seconds * BUDGET / 600.0) + 1;
            assertTrue(passed * k.weight() <= BUDGET + refill, k.name() + ": " + passed + " passed");
            if (!k.name().equals("computer")) { // computer searches are charged on top of the weight
                assertTrue(passed >= BUDGET / k.weight() - 1, k.name() + ": only " + passed + " passed");
            }
            // Another address is served, kind by kind.
            Response mine = k.send().apply(from(victim));
            assertNotEquals(429, mine.statusCode(), k.name() + " for the other address: " + mine.asString());
            assertTrue(mine.statusCode() < 500, k.name() + ": " + mine.asString());
            served.put(k.name(), Integer.toString(mine.statusCode()));
        }
        assertEquals(kinds.size(), served.size(), served.toString());
    }

    @Test
    void aPlayerKeyIsCountedForItsPlayerWithItsOwnBudget() {
        int shared = 20;
        String key = from(shared).body(Map.of("name", "flood-p-" + UUID.randomUUID().toString().substring(0, 8)))
                .post("/api/players").then().statusCode(201).extract().path("key");
        // The address spends its budget on reads …
        int passed = 0;
        while (from(shared).get("/api/game-types").statusCode() != 429) {
            passed++;
            assertTrue(passed <= BUDGET + 5, "never refused");
        }
        // A key that opens nothing is counted for the address (asked at once: a token is back every 3 s) …
        assertEquals(429, from(shared, null, "forged").get("/api/game-types").statusCode());
        // … and its player, on the same address, is counted apart.
        for (int i = 0; i < 50; i++) {
            from(shared, null, key).get("/api/game-types").then().statusCode(200);
        }
    }

    @Test
    void oneClientHoldsAtMostItsShareOfTheComputations() throws Exception {
        // One thread and one waiting place: a client holds one of the two. (Its budget pays for one
        // game's searches, 146 tokens; a second game that ran after the first might find it empty.)
        int flooder = 30;
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Callable<Response>> calls = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                calls.add(() -> from(flooder).body(Map.of("type", "dazzle", "seats", List.of(
                        Map.of("ai", "ismcts", "aiBudget", 2000), Map.of("ai", "ismcts", "aiBudget", 2000))))
                        .post("/api/games").then().extract().response());
            }
            List<Integer> statuses = new ArrayList<>();
            Response busy = null;
            for (Future<Response> f : pool.invokeAll(calls)) {
                Response r = f.get();
                statuses.add(r.statusCode());
                if (r.statusCode() == 503) {
                    busy = r;
                }
            }
            assertTrue(statuses.stream().allMatch(s -> s == 201 || s == 503 || s == 429), statuses.toString());
            assertTrue(statuses.contains(201), statuses.toString());
            assertTrue(busy != null, "never busy: " + statuses);
            busy.then().body("code", equalTo("server-busy"));
            assertEquals(busy.header("Retry-After"), busy.path("retryAfter").toString());
        } finally {
            pool.shutdownNow();
        }
    }
}
