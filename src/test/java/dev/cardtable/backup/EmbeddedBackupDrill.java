package dev.cardtable.backup;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardtable.support.ServerProcess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The embedded database's backup and restore commands (docs/operations.md, "Backups and restore"),
 * as an operator runs them: the packaged server runs on a data directory of its own and games are
 * played over HTTP; {@code java -jar quarkus-run.jar backup DIR} runs while the server serves and
 * a game is being played; the server is stopped, {@code restore DIR} writes the backup into a
 * fresh data directory, and the server started on it serves every game as it was: each move
 * acknowledged before the backup began, the game played during it cut at some move of its log,
 * read models agreeing.
 */
class EmbeddedBackupDrill {

    private final List<AutoCloseable> running = new ArrayList<>();
    private Path work;

    @AfterEach
    void tearDown() {
        for (AutoCloseable c : running.reversed()) {
            try {
                c.close();
            } catch (Exception e) {
                System.err.println("tear-down: " + e);
            }
        }
        Drill.remove(work);
    }

    @Test
    void backupWhileServingRestoresEveryGame() throws Exception {
        Drill drill = new Drill("embedded PostgreSQL 17: backup and restore commands");
        work = Drill.workDir("embedded-drill");
        ServerProcess server = ServerProcess.start(settings(work.resolve("data")));
        running.add(server);
        Play play = new Play(server.baseUri());
        String aliceKey = play.register("alice");
        String bobKey = play.register("bob");
        Map<String, Play.Game> games = new LinkedHashMap<>();
        games.put("alice scoundrel", play.scoundrel("alice", aliceKey));
        games.put("bob dazzle vs random", play.dazzleVsComputer("bob", bobKey, "random"));
        games.put("alice-bob rated", play.ratedDazzle("alice", aliceKey, "bob", bobKey));
        games.put("carol scoundrel", play.scoundrel("carol", null));
        games.forEach((k, g) -> play.play(g, k.startsWith("carol") ? 3 : 300));
        List<Play.Game> during = new CopyOnWriteArrayList<>();
        during.add(play.dazzleVsComputer("dora", null, "random"));
        play.play(during.getFirst(), 1);

        Map<String, JsonNode> logs = new LinkedHashMap<>();
        games.forEach((k, g) -> logs.put(g.id(), play.moveLog(g.id())));
        Map<String, JsonNode> players = play.players(List.of("alice", "bob"));
        int beforeBackup = play.moveLog(during.getFirst().id()).size();

        // The backup runs while games are played (a new one when one ends), as on a server in use.
        AtomicBoolean backingUp = new AtomicBoolean(true);
        CompletableFuture<Integer> mover = CompletableFuture.supplyAsync(() -> {
            int made = 0;
            while (backingUp.get() && made < 2000) {
                if (play.play(during.getLast(), 1) == 1) {
                    made++;
                } else {
                    during.add(play.dazzleVsComputer("dora", null, "random"));
                }
            }
            return made;
        });
        long began = System.nanoTime();
        String out = Drill.jar(Duration.ofMinutes(2), work.resolve("data"), "backup", work.resolve("backup").toString());
        drill.seconds("backup while serving (java -jar quarkus-run.jar backup DIR)", began);
        backingUp.set(false);
        int duringBackup = mover.get(60, TimeUnit.SECONDS);
        drill.figure("backup", out.strip());
        drill.figure("moves played during the backup", Integer.toString(duringBackup));
        List<JsonNode> finalLogs = during.stream().map(g -> (JsonNode) play.moveLog(g.id())).toList();
        server.close();

        long outage = System.nanoTime();
        Drill.jar(Duration.ofMinutes(2), work.resolve("restored"), "restore", work.resolve("backup").toString());
        drill.seconds("restore (java -jar quarkus-run.jar restore DIR)", outage);
        long start = System.nanoTime();
        ServerProcess again = ServerProcess.start(settings(work.resolve("restored")));
        running.add(again);
        drill.seconds("server ready on the restored data directory (recovery included)", start);
        drill.seconds("recovery time (restore + server ready)", outage);

        Play check = new Play(again.baseUri());
        for (Map.Entry<String, Play.Game> e : games.entrySet()) {
            assertEquals(logs.get(e.getValue().id()), check.moveLog(e.getValue().id()), e.getKey() + ": the restored move log");
        }
        assertEquals(players, check.players(List.of("alice", "bob")), "statistics, ratings and the leaderboard");
        // Games played during the backup: each restored log is the start of its log at the end (a game
        // created after the backup ended is not there), and the first holds every move made before.
        int restoredMoves = 0;
        int finalMoves = 0;
        for (int n = 0; n < during.size(); n++) {
            JsonNode last = finalLogs.get(n);
            String id = during.get(n).id();
            JsonNode cut = n > 0 && check.status(id) == 404 ? JsonNodeFactory.instance.arrayNode() : check.moveLog(id);
            assertTrue(cut.size() <= last.size(), "game " + n + " played during the backup: " + cut.size() + " moves of " + last.size());
            for (int i = 0; i < cut.size(); i++) {
                // The cards drawn are shown to spectators once a game is over: compare the rest.
                assertEquals(((ObjectNode) last.get(i)).without("drawn"), ((ObjectNode) cut.get(i)).without("drawn"),
                        "move " + i + " of game " + n + " played during the backup");
            }
            restoredMoves += cut.size();
            finalMoves += last.size();
        }
        assertTrue(check.moveLog(during.getFirst().id()).size() >= beforeBackup, "moves made before the backup began are restored");
        assertTrue(duringBackup > 0, "moves were played while the backup ran");
        drill.figure("games and moves played alongside the backup: moves before it, restored, at the end",
                during.size() + " games; " + beforeBackup + ", " + restoredMoves + ", " + finalMoves);
        try (Connection c = DriverManager.getConnection(Drill.embeddedUrl(work.resolve("restored")), "postgres", "postgres")) {
            Drill.assertReadModelsAgree(c, "after the restore");
        }
        assertTrue(Files.isRegularFile(work.resolve("backup/cardtable-backup.properties")));
        drill.report();
    }

    private static Map<String, String> settings(Path dataDir) {
        return Map.of("cardtable.data-dir", dataDir.toString(), "cardtable.rate-limit.enabled", "false");
    }
}
