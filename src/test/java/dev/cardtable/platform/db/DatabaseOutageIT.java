package dev.cardtable.platform.db;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardtable.support.MovePlayers.Failure;
import dev.cardtable.support.MovePlayers;
import dev.cardtable.support.ServerProcess;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packaged server on a PostgreSQL that this test owns, stopped for five seconds under light
 * load and started again on the same port and data: meanwhile every request that needs the
 * database answers {@code 503 service-unavailable} problem+json with {@code Retry-After} (never a
 * 500); afterwards the server serves again without being restarted; and no acknowledged move is
 * lost or applied twice, moves in flight being retried with their {@code Idempotency-Key}.
 */
class DatabaseOutageIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static EmbeddedPostgres postgres(Path dir, int port) throws IOException {
        return EmbeddedPostgres.builder().setDataDirectory(dir).setCleanDataDirectory(false).setPort(port)
                .setServerConfig("synchronous_commit", "on").start();
    }

    @Test
    void whileTheDatabaseIsDownRequestsAnswer503AndAfterwardsNothingAcknowledgedIsLostOrDoubled() throws Exception {
        Path dir = Files.createTempDirectory("cardtable-outage-").resolve("pg");
        int port = freePort();
        EmbeddedPostgres pg = postgres(dir, port);
        Map<String, String> props = Map.of(
                "quarkus.datasource.jdbc.url", "jdbc:postgresql://localhost:" + port + "/postgres",
                "quarkus.datasource.username", "postgres", "quarkus.datasource.password", "postgres",
                "cardtable.rate-limit.move", "100000", "cardtable.rate-limit.create", "100000",
                "cardtable.rate-limit.budget.address", "100000000", "cardtable.rate-limit.budget.addresses", "100000000");
        try (ServerProcess server = ServerProcess.start(props)) {
            MovePlayers players = MovePlayers.start(3, server::baseUri);
            players.awaitAcknowledged(30, Duration.ofSeconds(60));
            assertEquals(List.of(), players.failures(), "failures before the outage");

            // Moves now spend two seconds committing, so that the stop below cuts some off mid-commit.
            sql(port, SLOW_COMMIT);
            Thread.sleep(500);
            pg.close(); // pg_ctl stop -m fast: sessions in flight are terminated
            int beforeOutage = players.acknowledged();
            Thread.sleep(5_000);
            int health = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(server.baseUri() + "/q/health/ready"))
                    .build(), HttpResponse.BodyHandlers.discarding()).statusCode();
            String metricsWhileDown = metrics(server);
            List<Failure> whileDown = players.failures();
            int duringOutage = players.acknowledged() - beforeOutage;
            pg = postgres(dir, port);
            sql(port, "drop trigger slow_commit on moves; drop function slow_commit()");

            // The server recovers by itself: the same players go on playing.
            int afterOutage = players.acknowledged();
            players.awaitAcknowledged(afterOutage + 30, Duration.ofSeconds(60));
            players.close(); // waits for every pending move to be acknowledged
            assertTrue(server.isAlive());

            assertEquals(503, health, "readiness while the database is down");
            // The gauge the alert CardTableDatabaseUnreachable reads (deploy/monitoring/alerts.yml).
            assertTrue(metricsWhileDown.contains("\ncardtable_database_up 0.0"), metricsWhileDown);
            // Probed at most once a second, when scraped: the first probe after the restart may still meet it starting.
            long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
            String metricsAfter = metrics(server);
            while (!metricsAfter.contains("\ncardtable_database_up 1.0") && System.nanoTime() < deadline) {
                Thread.sleep(1_100);
                metricsAfter = metrics(server);
            }
            assertTrue(metricsAfter.contains("\ncardtable_database_up 1.0"), "the database is back: " + metricsAfter);
            // At most the moves that had committed when the database stopped (one a player).
            assertTrue(duringOutage <= 3, "moves acknowledged while the database was down: " + duringOutage);
            assertTrue(whileDown.stream().anyMatch(f -> f.request().equals("POST move")), "no move met the outage: " + whileDown);
            assertTrue(whileDown.stream().anyMatch(f -> f.request().equals("GET game")), "no read met the outage: " + whileDown);
            // Every failure, while down and after, is the documented 503 and nothing else.
            List<Failure> all = players.failures();
            for (Failure f : all) {
                assertEquals(503, f.status(), f.toString());
                assertTrue(f.contentType().startsWith("application/problem+json"), f.toString());
                assertTrue(Long.parseLong(f.retryAfter()) >= 1, f.toString());
                assertTrue(f.millis() < 5_000, "a 503 should come quickly: " + f);
                JsonNode body = JSON.readTree(f.body());
                assertEquals("service-unavailable", body.get("code").asText(), f.toString());
                assertEquals(503, body.get("status").asInt());
                if (f.request().equals("POST move")) {
                    // Refused before it began (counting it against its budget needed the database): not
                    // applied; cut off once begun: unknown, and a retry with its Idempotency-Key is safe.
                    assertTrue(body.hasNonNull("outcome"), f.toString());
                    String outcome = body.get("outcome").asText();
                    assertTrue(outcome.equals("unknown") || outcome.equals("not-applied"), f.toString());
                    if (outcome.equals("unknown")) {
                        assertTrue(body.get("detail").asText().contains("Idempotency-Key"), f.toString());
                    }
                }
            }
            // Some moves were cut off while committing, and that too was a 503.
            assertTrue(server.output().contains("terminating connection due to administrator command"), server.output());
            // No error logged: the log is JSON lines in the packaged server (a plain-text log would say " ERROR ").
            assertTrue(server.output().contains("\"level\":\"WARN"), "the outage is logged at WARN: " + server.output());
            assertTrue(!server.output().contains("internal-error") && !server.output().contains("\"level\":\"ERROR\"")
                    && !server.output().contains(" ERROR "), server.output());
            int checked = players.verifyLogs(server.baseUri());
            System.out.printf("database outage: %d answers 503, %d moves acknowledged (%d by a replay), %d log entries checked%n",
                    all.size(), players.acknowledged(), players.replayed(), checked);
        } finally {
            pg.close();
        }
    }

    /** A deferred trigger that makes every commit that added a move wait two seconds. */
    private static final String SLOW_COMMIT = """
            create function slow_commit() returns trigger language plpgsql as
              $$ begin perform pg_sleep(2); return null; end $$;
            create constraint trigger slow_commit after insert on moves deferrable initially deferred
              for each row execute function slow_commit()""";

    /** The server's {@code /q/metrics}, with a line break before its first line. */
    private static String metrics(ServerProcess server) throws IOException, InterruptedException {
        return "\n" + HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(server.baseUri() + "/q/metrics"))
                .timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString()).body();
    }

    private static void sql(int port, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:postgresql://localhost:" + port + "/postgres", "postgres", "postgres");
             Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
