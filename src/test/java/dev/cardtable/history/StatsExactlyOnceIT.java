package dev.cardtable.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardtable.bench.ScaleTruth;
import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.Race;
import dev.cardtable.support.ServerProcess;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static dev.cardtable.support.Waits.await;
import static dev.cardtable.support.Waits.sleep;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A player's statistics are counters ({@code player_stats}, migration V11) written in the
 * transaction of the ending they follow. Against the packaged server: two instances ending one
 * player's games at the same moment count each game once, and a server killed while games end
 * loses no count and doubles none. "Right" is what the base tables say ({@link ScaleTruth}, which
 * never reads the counters).
 */
public class StatsExactlyOnceIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static Map<String, String> database() {
        Map<String, String> db = new HashMap<>(PostgresResource.database().datasourceConfig());
        db.put("cardtable.rate-limit.enabled", "false");
        return db;
    }

    private static RequestSpecification at(String baseUri, String token) {
        RequestSpecification r = RestAssured.given().baseUri(baseUri).contentType(ContentType.JSON);
        return token == null ? r : r.header("Authorization", "Bearer " + token);
    }

    /** A new game of {@code name}'s: Dazzle against {@code random} for even {@code i}, else Scoundrel. */
    private static Map<String, Object> newGame(String name, int i) {
        return i % 2 == 0
                ? Map.of("type", "dazzle", "seats", List.of(Map.of("name", name), Map.of("ai", "random")))
                : Map.of("type", "scoundrel", "seats", List.of(Map.of("name", name)));
    }

    private static int resign(String baseUri, String id, String token) {
        return at(baseUri, token).body(Map.of("action", "resign")).post("/api/games/" + id + "/moves").statusCode();
    }

    /** What differs between {@code name}'s statistics as served and as the base tables have them. */
    private static List<String> statsAgainstTables(Map<String, String> db, String baseUri, String name) throws Exception {
        JsonNode stats = JSON.readTree(at(baseUri, null).get("/api/players/" + name + "/stats")
                .then().statusCode(200).extract().asString());
        try (Connection c = DriverManager.getConnection(db.get("quarkus.datasource.jdbc.url"),
                db.get("quarkus.datasource.username"), db.get("quarkus.datasource.password"))) {
            return new ScaleTruth(c).stats(stats, name);
        }
    }

    private static long played(String baseUri, String name, String type) {
        List<Map<String, Object>> types = at(baseUri, null).get("/api/players/" + name + "/stats")
                .then().statusCode(200).extract().jsonPath().getList("types");
        return types.stream().filter(t -> type.equals(t.get("type")))
                .mapToLong(t -> ((Number) t.get("played")).longValue()).sum();
    }

    @Test
    void twoInstancesEndingOnePlayersGamesAtOnceCountEachGameOnce() throws Exception {
        Map<String, String> db = database();
        String name = "once-" + UUID.randomUUID().toString().substring(0, 8);
        try (ServerProcess a = ServerProcess.start(db); ServerProcess b = ServerProcess.start(db)) {
            List<String[]> games = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                JsonPath g = at((i % 2 == 0 ? a : b).baseUri(), null).body(newGame(name, i)).post("/api/games")
                        .then().statusCode(201).extract().jsonPath();
                games.add(new String[]{g.getString("id"), g.getString("credentials[0].token")});
            }
            // Every game resigned twice at the same instant, once through each instance.
            List<Callable<Integer>> calls = new ArrayList<>();
            for (String[] g : games) {
                for (ServerProcess s : List.of(a, b)) {
                    calls.add(() -> resign(s.baseUri(), g[0], g[1]));
                }
            }
            List<Integer> got = Race.run(calls);
            assertEquals(20, got.stream().filter(c -> c == 200).count(), got.toString());
            assertEquals(20, got.stream().filter(c -> c == 409).count(), got.toString());

            assertEquals(10, played(a.baseUri(), name, "dazzle"));
            assertEquals(10, played(b.baseUri(), name, "scoundrel"));
            at(a.baseUri(), null).get("/api/players/" + name + "/stats").then().statusCode(200)
                    .body("types.find { it.type == 'dazzle' }.lost", equalTo(10))
                    .body("types.find { it.type == 'scoundrel' }.lost", equalTo(10));
            at(b.baseUri(), null).get("/api/games?player=" + name + "&result=lost&limit=50").then().statusCode(200)
                    .body("items.size()", equalTo(20));
            List<String> problems = statsAgainstTables(db, a.baseUri(), name);
            assertTrue(problems.isEmpty(), problems.toString());
        }
    }

    /**
     * Four clients create and resign games of one name as fast as they can; the server is killed
     * (SIGKILL) in the middle, a new one started on the same database, and the clients go on
     * against it. Whatever was in flight at the kill either ended the game with its count or
     * did neither: afterwards every game still running is resigned, and the counters equal the
     * base tables', with at least every acknowledged ending counted.
     */
    @Test
    void aServerKilledWhileGamesEndLosesNoCountAndDoublesNone() throws Exception {
        Map<String, String> db = database();
        String name = "crash-" + UUID.randomUUID().toString().substring(0, 8);
        ServerProcess first = ServerProcess.start(db);
        ServerProcess second = null;
        AtomicReference<String> base = new AtomicReference<>(first.baseUri());
        Map<String, String> tokens = new ConcurrentHashMap<>();
        AtomicInteger ended = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService clients = Executors.newFixedThreadPool(4);
        try {
            for (int t = 0; t < 4; t++) {
                int client = t;
                clients.submit(() -> {
                    for (int i = client; !stop.get(); i += 4) {
                        try {
                            JsonPath g = at(base.get(), null).body(newGame(name, i)).post("/api/games")
                                    .then().extract().jsonPath();
                            String id = g.getString("id");
                            String token = g.getString("credentials[0].token");
                            if (id == null || token == null) {
                                failed.incrementAndGet();
                                continue;
                            }
                            tokens.put(id, token);
                            if (resign(base.get(), id, token) == 200) {
                                ended.incrementAndGet();
                            }
                        } catch (Exception e) {
                            // No server is listening (killed, or not started yet; REST Assured throws
                            // the connection's checked exception unchecked): try again shortly.
                            failed.incrementAndGet();
                            sleep(50);
                        }
                    }
                });
            }
            await(ended::get, 40, Duration.ofSeconds(90));
            first.kill();
            int atKill = ended.get();
            second = ServerProcess.start(db);
            base.set(second.baseUri());
            await(ended::get, atKill + 40, Duration.ofSeconds(90));
            stop.set(true);
            clients.shutdown();
            assertTrue(clients.awaitTermination(60, TimeUnit.SECONDS), "the clients stop");

            // Games whose resignation the kill cut off are still running or already ended: end the rest.
            for (Map.Entry<String, String> g : tokens.entrySet()) {
                int status = resign(second.baseUri(), g.getKey(), g.getValue());
                assertTrue(status == 200 || status == 409, g.getKey() + ": " + status);
            }
            long played = played(second.baseUri(), name, "dazzle") + played(second.baseUri(), name, "scoundrel");
            assertTrue(played >= ended.get(), played + " games counted, " + ended.get() + " endings acknowledged");
            List<String> problems = statsAgainstTables(db, second.baseUri(), name);
            assertTrue(problems.isEmpty(), problems.toString());
            System.out.printf("stats across a kill: %d games known, %d endings acknowledged (%d before the kill), "
                    + "%d requests failed, %d games counted%n", tokens.size(), ended.get(), atKill, failed.get(), played);
        } finally {
            stop.set(true);
            clients.shutdownNow();
            first.kill();
            if (second != null) {
                second.close();
            }
        }
    }
}
