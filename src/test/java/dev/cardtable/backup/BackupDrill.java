package dev.cardtable.backup;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cardtable.support.ServerProcess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The restore drill of docs/operations.md, "Backups and restore", on a real PostgreSQL 15 with
 * pgBackRest, through the scripts an operator runs (deploy/backup/): the packaged server plays
 * games over HTTP, a full backup is taken, play goes on, a time T is noted, more moves are played
 * after T and then games are deleted by mistake; the database is restored to T into a fresh data
 * directory, and the server started on it must serve every game and move acknowledged before T,
 * move for move, nothing after T, with its read models and ratings agreeing. Measures the recovery
 * point (how long an acknowledged move waits before its WAL is in the repository, bounded by
 * {@code archive_timeout}) and the recovery time (restore, recovery, server ready).
 */
class BackupDrill {

    /** archive_timeout of the drill's database, in seconds: the recovery point's bound. */
    static final int ARCHIVE_TIMEOUT = 10;

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

    private <T extends AutoCloseable> T started(T c) {
        running.add(c);
        return c;
    }

    @Test
    void restoresToAPointInTimeEveryMoveBeforeItAndNothingAfter() throws Exception {
        Drill drill = new Drill("pgBackRest point-in-time restore (PostgreSQL 15)");
        work = Drill.workDir("backup-drill");
        Map<String, String> env = Map.of("PGBACKREST_CONFIG", work.resolve("pgbackrest/pgbackrest.conf").toString());
        Postgres15 pg = started(Postgres15.initdb(work.resolve("data"), work));
        pg.start();
        try (Connection c = pg.connect("postgres"); Statement st = c.createStatement()) {
            st.execute("create database cardtable");
        }
        script(env, "setup.sh", "--pg-data", pg.data().toString(), "--pg-port", Integer.toString(pg.port()),
                "--pg-socket", work.toString(), "--repo", work.resolve("repo").toString(),
                "--archive-timeout", Integer.toString(ARCHIVE_TIMEOUT));
        pg.restart(); // archive_mode takes effect
        script(env, "setup.sh", "--pg-data", pg.data().toString(), "--pg-port", Integer.toString(pg.port()),
                "--pg-socket", work.toString(), "--check-only");

        ServerProcess server = started(server(pg));
        Play play = new Play(server.baseUri());
        // Before the full backup: registered players, both games, a rated game, one left running.
        String aliceKey = play.register("alice");
        String bobKey = play.register("bob");
        String carolKey = play.register("carol");
        Map<String, Play.Game> games = new LinkedHashMap<>();
        games.put("alice scoundrel", play.scoundrel("alice", aliceKey));
        games.put("bob dazzle vs random", play.dazzleVsComputer("bob", bobKey, "random"));
        games.put("alice-bob rated", play.ratedDazzle("alice", aliceKey, "bob", bobKey));
        games.put("carol scoundrel", play.scoundrel("carol", carolKey));
        games.forEach((k, g) -> play.play(g, k.startsWith("carol") ? 3 : 300));

        long began = System.nanoTime();
        script(env, "backup.sh", "full");
        drill.seconds("full backup (backup.sh full)", began);

        // After the backup, before T: more games, more moves, a second rated game.
        games.put("bob-carol rated", play.ratedDazzle("bob", bobKey, "carol", carolKey));
        games.put("dave scoundrel", play.scoundrel("dave", null));
        games.put("carol dazzle vs heuristic", play.dazzleVsComputer("carol", carolKey, "heuristic"));
        play.finish(games.get("bob-carol rated"));
        play.play(games.get("carol scoundrel"), 3);
        play.play(games.get("dave scoundrel"), 4);
        play.play(games.get("carol dazzle vs heuristic"), 3);

        // T: after the last acknowledged move kept. What the restored server must serve:
        Map<String, JsonNode> logs = new LinkedHashMap<>();
        games.forEach((k, g) -> logs.put(g.id(), play.moveLog(g.id())));
        List<String> registered = List.of("alice", "bob", "carol");
        Map<String, JsonNode> players = play.players(registered);
        String target;
        try (Connection c = pg.connect("cardtable")) {
            Drill.assertReadModelsAgree(c, "before T");
            String lastLsn = Drill.scalar(c, "select pg_current_wal_lsn()::text");
            target = Drill.scalar(c, "select clock_timestamp()::text");
            // The recovery point: how long the last move waits, unforced, until its WAL is archived.
            long acked = System.nanoTime();
            String segment = Drill.scalar(c, "select pg_walfile_name('" + lastLsn + "')");
            awaitArchived(c, segment, Duration.ofSeconds(ARCHIVE_TIMEOUT + 30));
            drill.seconds("recovery point: last move acknowledged to its WAL archived (archive_timeout "
                    + ARCHIVE_TIMEOUT + " s)", acked);
        }
        int before = logs.values().stream().mapToInt(JsonNode::size).sum();
        drill.figure("games, moves at T", games.size() + ", " + before);

        // After T: moves that must not come back, a new game, then games deleted by mistake.
        Thread.sleep(1100);
        int after = games.values().stream().mapToInt(g -> play.play(g, 3)).sum();
        assertTrue(after >= 3, "moves played after T: " + after); // the Dazzle game against heuristic runs for 9 rounds
        Play.Game late = play.scoundrel("erin", null);
        play.play(late, 2);
        try (Connection c = pg.connect("cardtable"); Statement st = c.createStatement()) {
            int deleted = st.executeUpdate("delete from games where id in (select game_id from seats where name = 'alice')");
            assertEquals(2, deleted, "alice's two games deleted by mistake");
            String segment = Drill.scalar(c, "select pg_walfile_name(pg_current_wal_lsn())");
            st.execute("select pg_switch_wal()");
            awaitArchived(c, segment, Duration.ofSeconds(30));
        }
        assertEquals(404, play.status(games.get("alice scoundrel").id()));
        server.close();
        pg.stop();

        // Restore to T into a fresh data directory; PostgreSQL replays the archive up to T.
        long outage = System.nanoTime();
        script(env, "restore.sh", "--to", work.resolve("restored").toString(), "--time", target);
        drill.seconds("restore.sh to T", outage);
        long recovery = System.nanoTime();
        Postgres15 restored = started(Postgres15.existing(work.resolve("restored"), work));
        restored.start();
        awaitPromoted(restored);
        drill.seconds("PostgreSQL recovery to T until open for writing", recovery);
        long serverStart = System.nanoTime();
        ServerProcess again = started(server(restored));
        drill.seconds("server ready on the restored database", serverStart);
        drill.seconds("recovery time (restore + recovery + server ready)", outage);

        Play check = new Play(again.baseUri());
        for (Map.Entry<String, Play.Game> e : games.entrySet()) {
            JsonNode log = check.moveLog(e.getValue().id());
            assertEquals(logs.get(e.getValue().id()), log, e.getKey() + ": the restored move log is the one at T");
        }
        assertEquals(404, check.status(late.id()), "a game created after T is not restored");
        assertEquals(players, check.players(registered), "statistics, ratings and the leaderboard are those at T");
        try (Connection c = restored.connect("cardtable")) {
            Drill.assertReadModelsAgree(c, "after the restore");
            assertTrue(Long.parseLong(Drill.scalar(c, "select count(*) from rating_history")) >= 4,
                    "both rated games' rating points are back");
        }
        drill.report();
    }

    /** The packaged server on {@code pg}'s database cardtable, rate limits off (one client address plays). */
    static ServerProcess server(Postgres15 pg) {
        return ServerProcess.start(Map.of(
                "quarkus.datasource.jdbc.url", pg.url("cardtable"),
                "quarkus.datasource.username", "postgres",
                "quarkus.datasource.password", "postgres",
                "cardtable.rate-limit.enabled", "false"));
    }

    /** Runs deploy/backup/{@code name} with {@code args} and {@code env}, for at most 3 minutes. */
    static void script(Map<String, String> env, String name, String... args) {
        List<String> cmd = new ArrayList<>(List.of("bash", Drill.ROOT.resolve("deploy/backup/" + name).toString()));
        cmd.addAll(List.of(args));
        Postgres15.runAsSelf(Duration.ofMinutes(3), env, cmd.toArray(String[]::new));
    }

    /** Waits until the archiver has archived {@code segment} (or a later one). */
    static void awaitArchived(Connection c, String segment, Duration timeout) throws SQLException, InterruptedException {
        long until = System.nanoTime() + timeout.toNanos();
        while (true) {
            String last = Drill.scalar(c, "select coalesce(last_archived_wal, '') from pg_stat_archiver");
            if (last.length() >= 24 && last.substring(0, 24).compareTo(segment) >= 0) {
                return;
            }
            assertTrue(System.nanoTime() < until, "WAL segment " + segment + " not archived in " + timeout + " (last " + last + ")");
            Thread.sleep(100);
        }
    }

    /** Waits until a restored PostgreSQL has replayed to its target and opened for writing (at most 120 s). */
    static void awaitPromoted(Postgres15 pg) throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (true) {
            try (Connection c = pg.connect("postgres")) {
                if (Drill.scalar(c, "select pg_is_in_recovery()").equals("f")) {
                    return;
                }
            } catch (SQLException e) {
                // still starting
            }
            assertTrue(System.nanoTime() < until, "the restored PostgreSQL did not open for writing in 120 s");
            Thread.sleep(100);
        }
    }
}
