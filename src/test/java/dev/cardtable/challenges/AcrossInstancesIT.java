package dev.cardtable.challenges;

import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.Race;
import dev.cardtable.support.ServerProcess;
import dev.cardtable.support.SseClient;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Challenges and quick pairing on two packaged instances of one database: a challenge accepted on
 * both at once makes one game; seeks made on either instance are each paired once, by whichever
 * instance pairs them, into games of two players each; a player's event stream on one instance
 * hears a game started by the other.
 */
class AcrossInstancesIT {

    private static RequestSpecification at(ServerProcess server, String key) {
        RequestSpecification r = RestAssured.given().baseUri(server.baseUri()).contentType(ContentType.JSON)
                .accept(ContentType.JSON);
        return key == null ? r : r.header("X-Player-Key", key);
    }

    private static String register(ServerProcess server, String name) {
        return at(server, null).body(Map.of("name", name)).post("/api/players").then().statusCode(201).extract().path("key");
    }

    private static String unique(String prefix) {
        return prefix + UUID.randomUUID().toString().substring(0, 8);
    }

    @Test
    void challengesAndSeeksAreDecidedOnceAcrossInstances() throws Exception {
        Map<String, String> db = new HashMap<>(PostgresResource.database().datasourceConfig());
        // Every client of the test shares one address: it registers more names than one address may.
        db.put("cardtable.rate-limit.enabled", "false");
        try (ServerProcess a = ServerProcess.start(db); ServerProcess b = ServerProcess.start(db)) {
            // A challenge made on a, accepted on both at once.
            String alice = unique("xA"), bob = unique("xB");
            String aliceKey = register(a, alice), bobKey = register(b, bob);
            try (SseClient aliceOnB = SseClient.connectAs(b.baseUri() + "/api/players/" + alice + "/events", null, aliceKey)) {
                assertEquals(200, aliceOnB.status());
                assertEquals("snapshot", aliceOnB.poll(Duration.ofSeconds(10)).name());
                String id = at(a, aliceKey).body(Map.of("player", bob, "type", "dazzle")).post("/api/challenges").then()
                        .statusCode(201).extract().path("id");
                List<Callable<Integer>> accepts = new ArrayList<>();
                for (int i = 0; i < 6; i++) {
                    ServerProcess on = i % 2 == 0 ? a : b;
                    accepts.add(() -> at(on, bobKey).post("/api/challenges/" + id + "/accept").then().extract().statusCode());
                }
                List<Integer> statuses = Race.run(accepts);
                assertEquals(1, statuses.stream().filter(s -> s == 201).count(), statuses.toString());
                assertEquals(5, statuses.stream().filter(s -> s == 409).count(), statuses.toString());
                String game = at(b, aliceKey).get("/api/challenges/" + id).then().statusCode(200).extract().path("gameId");
                assertEquals("1", sql(db, "select count(*) from games where id = '" + game + "'"));
                // Alice's stream on b hears the challenge made on a, then the game's start.
                SseClient.Event made = aliceOnB.poll(Duration.ofSeconds(10));
                assertNotNull(made);
                assertEquals("challenge", made.name());
                SseClient.Event start = aliceOnB.poll(Duration.ofSeconds(10));
                assertNotNull(start);
                assertEquals("gameStart", start.name());
                assertTrue(start.data().contains(game), start.data());
            }

            // Sixteen players seek on alternating instances; both instances pair.
            List<String> names = new ArrayList<>();
            Map<String, String> seeks = new HashMap<>();
            Map<String, String> keys = new HashMap<>();
            String clock = "PT" + (5000 + new java.util.Random().nextInt(4000)) + "S";
            for (int i = 0; i < 16; i++) {
                ServerProcess on = i % 2 == 0 ? a : b;
                String n = unique("xs");
                String k = register(on, n);
                names.add(n);
                keys.put(n, k);
                seeks.put(n, at(on, k).body(Map.of("type", "dazzle", "clock", Map.of("type", "correspondence", "perMove", clock)))
                        .post("/api/seeks").then().statusCode(201).extract().path("id"));
            }
            Map<String, String> gameOf = new HashMap<>();
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (gameOf.size() < 16 && System.nanoTime() < deadline) {
                for (int i = 0; i < names.size(); i++) {
                    String n = names.get(i);
                    if (gameOf.containsKey(n)) {
                        continue;
                    }
                    ServerProcess on = i % 2 == 0 ? a : b;
                    String g = at(on, keys.get(n)).get("/api/seeks/" + seeks.get(n)).then().statusCode(200).extract().path("gameId");
                    if (g != null) {
                        gameOf.put(n, g);
                    }
                }
                Thread.sleep(200);
            }
            assertEquals(16, gameOf.size(), "every seek paired: " + gameOf);
            Map<String, Integer> players = new HashMap<>();
            gameOf.values().forEach(g -> players.merge(g, 1, Integer::sum));
            assertEquals(8, players.size(), players.toString());
            assertTrue(players.values().stream().allMatch(c -> c == 2), players.toString());
            Set<String> seated = new HashSet<>();
            for (Map.Entry<String, String> e : gameOf.entrySet()) {
                List<String> seatNames = at(a, null).get("/api/games/" + e.getValue()).then().statusCode(200).extract().path("seats.name");
                assertTrue(seatNames.contains(e.getKey()), e + " " + seatNames);
                seated.addAll(seatNames);
            }
            assertEquals(new HashSet<>(names), seated, "no player in a game it did not ask for");
        }
    }

    private static String sql(Map<String, String> db, String sql) throws Exception {
        try (Connection c = DriverManager.getConnection(db.get("quarkus.datasource.jdbc.url"),
                db.get("quarkus.datasource.username"), db.get("quarkus.datasource.password"));
             Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? rs.getString(1) : null;
        }
    }
}
