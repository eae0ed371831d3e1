package dev.cardtable.platform.db;

import dev.cardtable.play.ScoundrelGameTest;
import dev.cardtable.play.ServerRestartIT;
import dev.cardtable.support.ServerProcess;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Who may run PostgreSQL on a data directory, decided by the directory's lock and the process
 * actually running on it, never by a process id alone: a second server on a directory in use
 * leaves it alone and exits at once, and a {@code postmaster.pid} whose process id now belongs
 * to an unrelated process does not stop the next start.
 */
class DataDirectoryOwnershipIT {

    private static RequestSpecification at(ServerProcess server, String token) {
        RequestSpecification r = RestAssured.given().baseUri(server.baseUri()).contentType(ContentType.JSON);
        return token == null ? r : r.header("Authorization", "Bearer " + token);
    }

    private static JsonPath createAndMove(ServerProcess server, String name) {
        JsonPath created = at(server, null).body(Map.of("type", "scoundrel", "deal", ScoundrelGameTest.WINNABLE,
                "seats", List.of(Map.of("name", name)))).post("/api/games").then().statusCode(201).extract().jsonPath();
        at(server, created.getString("credentials[0].token")).body(ServerRestartIT.firstPlay(created))
                .post("/api/games/" + created.getString("id") + "/moves").then().statusCode(200).body("version", equalTo(1));
        return created;
    }

    private static long postmasterPid(Path data) throws Exception {
        return Long.parseLong(Files.readAllLines(data.resolve("postmaster.pid")).getFirst().trim());
    }

    /**
     * The "another port" case of docs/operations.md gone wrong: a second server started in the same working
     * directory without a data directory of its own.
     */
    @Test
    void aSecondServerOnADataDirectoryInUseExitsAtOnceAndTheFirstKeepsServing() throws Exception {
        Path work = Files.createTempDirectory("cardtable-second-");
        Path data = work.resolve("data/postgres");
        try (ServerProcess first = ServerProcess.start(Map.of(), work)) {
            long postgres = postmasterPid(data);
            JsonPath game = createAndMove(first, "owner");

            ServerProcess.Exit second = ServerProcess.runToExit(Map.of(), work, Duration.ofSeconds(60));

            assertEquals(2, second.code(), second.output());
            assertTrue(second.took().compareTo(Duration.ofSeconds(15)) < 0, "took " + second.took());
            String message = second.output();
            assertTrue(message.contains(data.toRealPath().toString()) || message.contains(data.toString()), message);
            assertTrue(message.contains("in use by another Card Table server"), message);
            assertTrue(message.contains("-Dcardtable.data-dir=") && message.contains("CARDTABLE_DATA_DIR"), message);
            // The first server's PostgreSQL was not touched, and it serves on.
            assertEquals(postgres, postmasterPid(data));
            assertTrue(ProcessHandle.of(postgres).map(ProcessHandle::isAlive).orElse(false));
            String id = game.getString("id");
            JsonPath now = at(first, game.getString("credentials[0].token")).get("/api/games/" + id)
                    .then().statusCode(200).body("version", equalTo(1)).extract().jsonPath();
            at(first, game.getString("credentials[0].token")).body(ServerRestartIT.firstPlay(now))
                    .post("/api/games/" + id + "/moves").then().statusCode(200).body("version", equalTo(2));
            createAndMove(first, "after");

            // With a data directory of its own, a second server runs beside the first.
            try (ServerProcess own = ServerProcess.start(Map.of("cardtable.data-dir", work.resolve("data/second").toString()), work)) {
                createAndMove(own, "beside");
            }
        }
    }

    /**
     * kill -9 of the server and of its PostgreSQL, after which the process id recorded in
     * {@code postmaster.pid} belongs to an unrelated live process (here a {@code sleep}).
     */
    @Test
    void aStalePostmasterPidNamingAnUnrelatedLiveProcessDoesNotStopTheNextStart() throws Exception {
        Path data = Files.createTempDirectory("cardtable-stale-").resolve("postgres");
        Map<String, String> props = Map.of("cardtable.data-dir", data.toString());
        JsonPath game;
        ServerProcess first = ServerProcess.start(props);
        try {
            game = createAndMove(first, "stale");
        } finally {
            first.kill();
        }
        ProcessHandle postmaster = ProcessHandle.of(postmasterPid(data)).orElseThrow();
        List<ProcessHandle> postgres = new ArrayList<>(postmaster.descendants().toList());
        postgres.add(postmaster);
        postgres.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle p : postgres) {
            p.onExit().get(30, TimeUnit.SECONDS);
        }
        Process unrelated = new ProcessBuilder("sleep", "300").start();
        try {
            List<String> pidFile = new ArrayList<>(Files.readAllLines(data.resolve("postmaster.pid")));
            pidFile.set(0, Long.toString(unrelated.pid()));
            Files.write(data.resolve("postmaster.pid"), pidFile);

            try (ServerProcess second = ServerProcess.start(props)) {
                at(second, game.getString("credentials[0].token")).get("/api/games/" + game.getString("id"))
                        .then().statusCode(200).body("version", equalTo(1));
                createAndMove(second, "afterstale");
                assertTrue(second.output().contains("removing " + data.resolve("postmaster.pid")), second.output());
            }
            assertTrue(unrelated.isAlive(), "the unrelated process was left alone");
        } finally {
            unrelated.destroyForcibly();
        }
    }
}
