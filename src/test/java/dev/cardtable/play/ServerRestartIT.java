package dev.cardtable.play;

import dev.cardtable.support.MovePlayers;
import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.Race;
import dev.cardtable.support.ServerProcess;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The packaged server as users run it: restarts lose nothing, and instances share one database. */
public class ServerRestartIT {

    private static RequestSpecification at(ServerProcess server, String token) {
        RequestSpecification r = RestAssured.given().baseUri(server.baseUri()).contentType(ContentType.JSON);
        return token == null ? r : r.header("Authorization", "Bearer " + token);
    }

    /** The first legal "play" move: on the winnable deal this never dies. */
    public static Map<String, Object> firstPlay(JsonPath game) {
        List<Map<String, Object>> legal = game.getList("legalMoves");
        return legal.stream().filter(m -> "play".equals(m.get("action"))).findFirst().orElseThrow();
    }

    @Test
    void aGameContinuesWhereItWasAfterARestartOnTheEmbeddedDatabase() throws Exception {
        Path data = Files.createTempDirectory("cardtable-restart-").resolve("postgres");
        Map<String, String> props = Map.of("cardtable.data-dir", data.toString());
        String id;
        String token;
        Object viewBefore;
        try (ServerProcess first = ServerProcess.start(props)) {
            JsonPath created = at(first, null).body(Map.of("type", "scoundrel", "deal", ScoundrelGameTest.WINNABLE,
                    "seats", List.of(Map.of("name", "phoenix")))).post("/api/games").then().statusCode(201).extract().jsonPath();
            id = created.getString("id");
            token = created.getString("credentials[0].token");
            JsonPath game = created;
            for (int i = 0; i < 3; i++) {
                game = at(first, token).body(firstPlay(game)).post("/api/games/" + id + "/moves")
                        .then().statusCode(200).extract().jsonPath();
            }
            viewBefore = game.get("view");
        }
        try (ServerProcess second = ServerProcess.start(props)) {
            JsonPath game = at(second, token).get("/api/games/" + id).then().statusCode(200)
                    .body("version", equalTo(3)).extract().jsonPath();
            assertEquals(viewBefore, game.get("view"));
            at(second, token).body(firstPlay(game)).post("/api/games/" + id + "/moves")
                    .then().statusCode(200).body("version", equalTo(4));
        }
    }

    /**
     * kill -9 of the server under light load (a few players moving with Idempotency-Keys, one
     * read poller): its PostgreSQL is left running, the next start on the same data directory
     * stops that one and carries on with the same data, the players retry what was in flight
     * with the same keys against it, and every acknowledged move is in the log exactly once.
     */
    @Test
    void aServerKilledUnderLoadRestartsOnItsDataDirectoryWithNothingAcknowledgedLost() throws Exception {
        Path data = Files.createTempDirectory("cardtable-crash-").resolve("postgres");
        Map<String, String> props = Map.of("cardtable.data-dir", data.toString(),
                "cardtable.rate-limit.move", "100000", "cardtable.rate-limit.create", "100000",
                "cardtable.rate-limit.budget.address", "100000000", "cardtable.rate-limit.budget.addresses", "100000000");
        ServerProcess first = ServerProcess.start(props);
        AtomicReference<String> base = new AtomicReference<>(first.baseUri());
        MovePlayers players = MovePlayers.start(3, base::get);
        try {
            players.awaitAcknowledged(40, Duration.ofSeconds(60));
            long orphan = Long.parseLong(Files.readAllLines(data.resolve("postmaster.pid")).getFirst().trim());
            first.kill();
            assertTrue(ProcessHandle.of(orphan).map(ProcessHandle::isAlive).orElse(false),
                    "the killed server's PostgreSQL keeps running");
            int atCrash = players.acknowledged();
            try (ServerProcess second = ServerProcess.start(props)) {
                assertTrue(ProcessHandle.of(orphan).map(p -> !p.isAlive()).orElse(true), "the orphan was stopped");
                base.set(second.baseUri());
                players.awaitAcknowledged(atCrash + 40, Duration.ofSeconds(60));
                players.close();
                // While no server ran, requests found nobody listening; no request was answered with an error.
                for (MovePlayers.Failure f : players.failures()) {
                    assertEquals(0, f.status(), f.toString());
                }
                int checked = players.verifyLogs(second.baseUri());
                System.out.printf("server crash: %d requests found no server, %d moves acknowledged (%d by a replay), "
                        + "%d log entries checked%n", players.failures().size(), players.acknowledged(), players.replayed(), checked);
            }
        } finally {
            players.close();
            first.kill();
        }
    }

    @Test
    void twoInstancesOnOneDatabaseServeTheSameGamesSerialiseItsMovesAndShareItsLimitOnCreating() throws Exception {
        Map<String, String> db = new HashMap<>(PostgresResource.database().datasourceConfig());
        db.put("cardtable.rate-limit.create", "5");
        try (ServerProcess a = ServerProcess.start(db); ServerProcess b = ServerProcess.start(db)) {
            sql(db, "delete from rate_limit_buckets");
            JsonPath created = at(a, null).body(Map.of("type", "scoundrel", "seed", "two-instances",
                    "seats", List.of(Map.of("name", "twin")))).post("/api/games").then().statusCode(201).extract().jsonPath();
            String id = created.getString("id");
            String token = created.getString("credentials[0].token");
            List<Map<String, Object>> legal = created.getList("legalMoves");
            List<Callable<Integer>> calls = new ArrayList<>();
            for (int i = 0; i < legal.size(); i++) {
                ServerProcess server = i % 2 == 0 ? a : b;
                Map<String, Object> m = legal.get(i);
                calls.add(() -> at(server, token).header("If-Match", "\"0\"").body(m).post("/api/games/" + id + "/moves").statusCode());
            }
            List<Integer> got = Race.run(calls);
            assertEquals(1, got.stream().filter(c -> c == 200).count(), got.toString());
            assertEquals(legal.size() - 1, got.stream().filter(c -> c == 412).count(), got.toString());
            at(b, null).get("/api/games/" + id).then().statusCode(200).body("version", equalTo(1));
            at(a, null).get("/api/games/" + id + "/moves").then().statusCode(200).body("items.size()", equalTo(1));

            // The limit on creating games holds across instances: 5 a minute from this address in all.
            List<Integer> creates = new ArrayList<>(List.of(201));
            for (int i = 0; i < 12; i++) {
                creates.add(at(i % 2 == 0 ? b : a, null).body(Map.of("type", "scoundrel",
                        "seats", List.of(Map.of("name", "twin")))).post("/api/games").statusCode());
            }
            long made = creates.stream().filter(c -> c == 201).count();
            assertTrue(made == 5 || made == 6, creates.toString()); // a sixth only if a token came back meanwhile
            assertEquals(creates.size() - made, creates.stream().filter(c -> c == 429).count(), creates.toString());
            assertEquals(made, Long.parseLong(sql(db, "select count(*) from seats where name = 'twin'")));
        }
    }

    private static String sql(Map<String, String> db, String sql) throws Exception {
        try (Connection c = DriverManager.getConnection(db.get("quarkus.datasource.jdbc.url"),
                db.get("quarkus.datasource.username"), db.get("quarkus.datasource.password"));
             Statement s = c.createStatement()) {
            if (!s.execute(sql)) {
                return Integer.toString(s.getUpdateCount());
            }
            try (ResultSet rs = s.getResultSet()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }
}
