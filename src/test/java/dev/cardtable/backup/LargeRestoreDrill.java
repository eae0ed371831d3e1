package dev.cardtable.backup;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cardtable.support.ServerProcess;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The recovery time of a larger database: {@value #DEFAULT_GAMES} games (or
 * {@code -Dcardtable.backup.large-games=N}) with ten moves each, filled in SQL on the server's
 * schema (Flyway's migrations) of a PostgreSQL 15 with pgBackRest set up by deploy/backup/; a full
 * backup, then a restore of the newest state into a fresh data directory, its recovery, and the
 * packaged server ready on it, each timed. Only the base tables are filled (the read models stay
 * empty: they do not change what a restore costs), with triggers off during the fill.
 */
class LargeRestoreDrill {

    static final int DEFAULT_GAMES = 100_000;

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
    void restoresALargerDatabase() throws Exception {
        int games = Integer.getInteger("cardtable.backup.large-games", DEFAULT_GAMES);
        Drill drill = new Drill("pgBackRest restore of a larger database (PostgreSQL 15)");
        work = Drill.workDir("large-restore");
        Map<String, String> env = Map.of("PGBACKREST_CONFIG", work.resolve("pgbackrest/pgbackrest.conf").toString());
        Postgres15 pg = Postgres15.initdb(work.resolve("data"), work);
        running.add(pg);
        pg.start();
        try (Connection c = pg.connect("postgres"); Statement st = c.createStatement()) {
            st.execute("create database cardtable");
        }
        List<String> setup = List.of("--pg-data", pg.data().toString(), "--pg-port", Integer.toString(pg.port()),
                "--pg-socket", work.toString(), "--repo", work.resolve("repo").toString());
        BackupDrill.script(env, "setup.sh", setup.toArray(String[]::new));
        pg.restart();
        Flyway.configure().dataSource(pg.url("cardtable"), "postgres", "postgres")
                .locations("classpath:db/migration").load().migrate();

        long fill = System.nanoTime();
        try (Connection c = pg.connect("cardtable"); Statement st = c.createStatement()) {
            st.execute(FILL.formatted(games));
            st.execute("analyze");
            drill.seconds("fill: " + games + " games, " + games * 10 + " moves (SQL)", fill);
            drill.figure("database size", Drill.scalar(c, "select pg_size_pretty(pg_database_size('cardtable'))"));
        }
        long backup = System.nanoTime();
        BackupDrill.script(env, "backup.sh", "full");
        drill.seconds("full backup (backup.sh full)", backup);
        try (Stream<Path> files = Files.walk(work.resolve("repo/backup"))) {
            long bytes = files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
            drill.figure("full backup in the repository (lz4)", String.format(Locale.ROOT, "%.0f MB", bytes / 1e6));
        }
        pg.stop();

        long outage = System.nanoTime();
        BackupDrill.script(env, "restore.sh", "--to", work.resolve("restored").toString());
        drill.seconds("restore.sh (newest state)", outage);
        long recovery = System.nanoTime();
        Postgres15 restored = Postgres15.existing(work.resolve("restored"), work);
        running.add(restored);
        restored.start();
        BackupDrill.awaitPromoted(restored);
        drill.seconds("PostgreSQL recovery until open for writing", recovery);
        long start = System.nanoTime();
        ServerProcess server = BackupDrill.server(restored);
        running.add(server);
        drill.seconds("server ready on the restored database", start);
        drill.seconds("recovery time (restore + recovery + server ready)", outage);

        JsonNode newest = new Play(server.baseUri()).get("/api/games?limit=1", null);
        assertEquals(1, newest.get("items").size(), "the restored server lists games");
        try (Connection c = restored.connect("cardtable")) {
            assertEquals(Integer.toString(games), Drill.scalar(c, "select count(*) from games"));
            assertEquals(Integer.toString(games * 10), Drill.scalar(c, "select count(*) from moves"));
        }
        drill.report();
    }

    /**
     * %1$d games, one a minute from 2026-01-01: a fifth Dazzle against a computer, the rest
     * Scoundrel, all finished, each with ten moves; 2,000 registered players hold a tenth of the
     * seats. Triggers (the read models' marks) and foreign-key checks are off for the fill.
     */
    private static final String FILL = """
            set session_replication_role = replica;
            insert into players (id, name, key_hash, created_at)
            select md5('p' || i)::uuid, 'n' || i, md5('k' || i), timestamptz '2026-01-01'
            from generate_series(1, 2000) i;
            insert into games (id, type, ruleset, ruleset_version, options, seed, seed_commitment, status, version,
                               state, result, created_at, updated_at, finished_at, seats_taken, rated)
            select md5('g' || i)::uuid, case when i %% 5 = 0 then 'dazzle' else 'scoundrel' end, 'standard', 1, '{}',
                   's' || i, 'c' || i, 'finished', 10, '{"health":0,"room":[],"dungeon":[]}', '{"ending":"completed"}',
                   timestamptz '2026-01-01' + make_interval(mins => i),
                   timestamptz '2026-01-01' + make_interval(mins => i, secs => 10),
                   timestamptz '2026-01-01' + make_interval(mins => i, secs => 10), 1, false
            from generate_series(1, %1$d) i;
            insert into seats (game_id, seat, kind, name, outcome, score, player_id, game_type, created_at)
            select md5('g' || i)::uuid, 0, 'human', 'n' || (1 + i %% 20000),
                   case when i %% 3 = 0 then 'won' else 'lost' end, i %% 40 - 20,
                   case when i %% 10 = 0 then md5('p' || (1 + i %% 2000))::uuid end,
                   case when i %% 5 = 0 then 'dazzle' else 'scoundrel' end,
                   timestamptz '2026-01-01' + make_interval(mins => i)
            from generate_series(1, %1$d) i;
            insert into seats (game_id, seat, kind, ai_level, game_type, created_at)
            select md5('g' || i)::uuid, 1, 'ai', 'random', 'dazzle', timestamptz '2026-01-01' + make_interval(mins => i)
            from generate_series(5, %1$d, 5) i;
            insert into moves (game_id, seq, seat, move, at)
            select md5('g' || i)::uuid, s, 0, '{"action":"play","card":"5D"}',
                   timestamptz '2026-01-01' + make_interval(mins => i, secs => s)
            from generate_series(1, %1$d) i, generate_series(1, 10) s;
            set session_replication_role = origin;
            """;
}
