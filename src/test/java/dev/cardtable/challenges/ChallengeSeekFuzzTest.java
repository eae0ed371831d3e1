package dev.cardtable.challenges;

import dev.cardtable.support.Db;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;
import java.util.UUID;

import static dev.cardtable.players.PlayersTest.register;
import static dev.cardtable.players.PlayersTest.unique;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A fuzz of the challenge, seek and player-stream endpoints (fixed seed): mutated bodies, ids,
 * keys and headers never get a 5xx; every refusal is {@code application/problem+json} with a
 * {@code code}; and a refused request stores no challenge and no seek.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class ChallengeSeekFuzzTest {

    private static final List<String> VALUES = List.of("null", "true", "0", "-1", "1", "2", "1.5", "\"\"", "\"dazzle\"",
            "\"scoundrel\"", "\"standard\"", "\"nope\"", "[]", "{}", "\"\\u0000\"", "\"" + "x".repeat(300) + "\"",
            "{\"min\":1400}", "{\"min\":1700,\"max\":1600}", "{\"type\":\"fischer\",\"initial\":\"PT5M\",\"increment\":\"PT2S\"}",
            "{\"type\":\"warp\"}", "99999999999999999999");
    private static final List<String> CHALLENGE_FIELDS = List.of("player", "type", "ruleset", "options", "clock", "rated",
            "challengerSeat", "extra");
    private static final List<String> SEEK_FIELDS = List.of("type", "ruleset", "clock", "rated", "ratingRange", "extra");

    private static String body(Random r, List<String> fields, String player) {
        if (r.nextInt(20) == 0) {
            return List.of("", "{", "[]", "null", "{\"type\":\"dazzle\",\"type\":\"dazzle\"}", "{\"type\":\"dazzle\"} x").get(r.nextInt(6));
        }
        StringBuilder b = new StringBuilder("{");
        int n = 1 + r.nextInt(fields.size());
        for (int i = 0; i < n; i++) {
            String f = fields.get(r.nextInt(fields.size()));
            String v = f.equals("player") && r.nextBoolean() ? "\"" + player + "\"" : VALUES.get(r.nextInt(VALUES.size()));
            b.append(i == 0 ? "" : ",").append('"').append(f).append("\":").append(v);
        }
        return b.append('}').toString();
    }

    private static long count(String table) throws Exception {
        return Long.parseLong(Db.scalar("select count(*) from " + table));
    }

    @Test
    void fuzzedChallengeAndSeekRequestsNeverFailTheServerNorStoreWhenRejected() throws Exception {
        Random r = new Random(20261203L);
        String alice = unique("fzA"), bob = unique("fzB");
        String aliceKey = register(alice), bobKey = register(bob);
        String pending = given().contentType("application/json").header("X-Player-Key", bobKey)
                .body("{\"player\":\"" + alice + "\",\"type\":\"dazzle\"}").post("/api/challenges").then().statusCode(201)
                .extract().path("id");
        List<String> keys = List.of(aliceKey, bobKey, "not-a-key", "", " ");
        int refused = 0;
        for (int i = 0; i < 500; i++) {
            String key = r.nextInt(6) == 0 ? null : keys.get(r.nextInt(keys.size()));
            RequestSpecification q = given().contentType(r.nextInt(15) == 0 ? "text/plain" : "application/json");
            if (key != null) {
                q.header("X-Player-Key", key);
            }
            String id = List.of(pending, UUID.randomUUID().toString(), "x", "%20", pending.toUpperCase()).get(r.nextInt(5));
            long challenges = count("challenges");
            long seeks = count("seeks");
            String accept = r.nextInt(20) == 0 ? "text/event-stream" : "application/json";
            q.accept(accept);
            String what;
            Response resp;
            switch (r.nextInt(9)) {
                case 0, 1 -> {
                    String b = body(r, CHALLENGE_FIELDS, bob);
                    what = "POST /api/challenges " + b;
                    resp = q.body(b).post("/api/challenges");
                }
                case 2, 3 -> {
                    String b = body(r, SEEK_FIELDS, bob);
                    what = "POST /api/seeks " + b;
                    resp = q.body(b).post("/api/seeks");
                }
                case 4 -> {
                    String b = r.nextBoolean() ? "{\"reason\":" + VALUES.get(r.nextInt(VALUES.size())) + "}" : "";
                    what = "POST /api/challenges/" + id + "/" + List.of("decline", "cancel", "accept", "nope").get(r.nextInt(4));
                    resp = q.body(b).post(what.substring(5));
                }
                case 5 -> {
                    what = "GET /api/challenges" + (r.nextBoolean() ? "/" + id : "");
                    resp = q.get(what.substring(4));
                }
                case 6 -> {
                    boolean get = r.nextBoolean();
                    what = (get ? "GET" : "DELETE") + " /api/seeks/" + id;
                    resp = get ? q.get("/api/seeks/" + id) : q.delete("/api/seeks/" + id);
                }
                case 7 -> {
                    what = "POST /api/players/" + List.of(alice, bob, "nobody", "%00").get(r.nextInt(4)) + "/events/tickets";
                    resp = q.post(what.substring(5));
                }
                default -> {
                    String t = List.of("a.b", "", "x").get(r.nextInt(3));
                    what = "GET /api/players/" + alice + "/events?ticket=" + t;
                    resp = q.queryParam("ticket", t).get("/api/players/" + alice + "/events");
                }
            }
            what = "request " + i + " (" + what + ", Accept " + accept + ", key " + (key == null ? "none" : key.length()) + ")";
            int status = resp.statusCode();
            assertTrue(status < 500, what + ": " + status + " " + resp.asString());
            if (status >= 400) {
                refused++;
                String type = resp.contentType();
                assertTrue(type != null && type.startsWith("application/problem+json"), what + ": " + status + " " + type + " " + resp.asString());
                assertNotNull(resp.jsonPath().getString("code"), what);
                assertEquals(challenges, count("challenges"), what + " was refused and stored a challenge");
                assertEquals(seeks, count("seeks"), what + " was refused and stored a seek");
            }
            // Keep the caps from hiding every other refusal.
            if (i % 50 == 0) {
                Db.update("update challenges set status = 'canceled' where status = 'pending' and id <> ?::uuid", pending);
                Db.update("update seeks set status = 'cancelled' where status = 'open'");
            }
        }
        assertTrue(refused > 300, "most fuzzed requests are refused: " + refused);
    }
}
