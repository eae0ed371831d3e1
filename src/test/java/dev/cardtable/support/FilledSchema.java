package dev.cardtable.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;

/**
 * A database of its own on the tests' PostgreSQL, migrated and filled in SQL with enough games
 * that the planner meets the shapes of a large history ({@value #GAMES} games over a year, 20,000
 * names, one of them, {@value #HEAVY}, in a fifth of the games, a few waiting games, daily
 * attempts), for the tests that read query plans. Filled once per JVM; nothing runs on it but
 * {@code EXPLAIN}s.
 */
public final class FilledSchema {

    /** The database's name. */
    public static final String DATABASE = "cardtable_plans";
    /** Games in it. */
    public static final int GAMES = 200_000;
    /** The name in a fifth of the games, of both types. */
    public static final String HEAVY = "heavy";
    /** Names {@code n1} … {@code n20000} hold the other seats; {@code n1} … {@code n2000} are registered. */
    public static final int NAMES = 20_000;

    private static MigratedDatabase filled;

    private FilledSchema() {
    }

    /** A connection to the filled database. */
    public static Connection connect() throws SQLException {
        return prepare().connect();
    }

    private static synchronized MigratedDatabase prepare() {
        if (filled != null) {
            return filled;
        }
        MigratedDatabase db = MigratedDatabase.create(DATABASE);
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            st.execute(FILL.formatted(GAMES, NAMES, HEAVY));
            st.execute("truncate player_games, player_stats, daily_standings");
            for (String insert : readModelBackfill()) {
                st.execute(insert);
            }
            st.execute("analyze");
        } catch (SQLException e) {
            throw new IllegalStateException("could not fill the database for query plans", e);
        }
        filled = db;
        return filled;
    }

    /**
     * The statements of migrations V11 and V12_1 that fill the read models from the games, in
     * order.
     */
    public static java.util.List<String> readModelBackfill() {
        java.util.List<String> out = new java.util.ArrayList<>();
        for (String file : java.util.List.of("V11__read_models.sql", "V12_1__rated_history.sql")) {
            try (var in = FilledSchema.class.getResourceAsStream("/db/migration/" + file)) {
                String sql = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
                // Comments go first: a comment may hold a semicolon.
                Arrays.stream(sql.replaceAll("(?m)--.*$", "").split(";")).map(String::trim)
                        .filter(s -> s.startsWith("insert into") || s.startsWith("update")).forEach(out::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    /**
     * The games (%1$d), names (%2$d) and the heavy player (%3$s): game i was created i minutes after
     * the year began; a fifth are Dazzle (a human against a computer), half of them rated (one in
     * twenty of the games the heavy player's, one in twenty another's), the rest Scoundrel; one in
     * 6,000 waits for a player, one in 1,500 runs, the rest are finished (won, lost, drawn, and one
     * in fifty abandoned); the newest 20,000 have ten moves each; 200 registered players played the
     * daily deal on each of 100 days.
     */
    private static final String FILL = """
            insert into players (id, name, key_hash, created_at)
            select md5('p' || i)::uuid, 'n' || i, md5('k' || i), timestamptz '2026-01-01'
            from generate_series(1, 2000) i;

            create temp table g as
            select i, md5('g' || i)::uuid id, case when i %% 5 = 0 then 'dazzle' else 'scoundrel' end type,
                   case when i %% 6000 = 0 then 'waiting' when i %% 1500 = 0 then 'active' else 'finished' end status,
                   timestamptz '2026-01-01' + make_interval(mins => i) created,
                   case when i %% 10 in (0, 3) then '%3$s' else 'n' || (1 + (i * 7919) %% %2$d) end name
            from generate_series(1, %1$d) i;

            insert into games (id, type, ruleset, ruleset_version, options, seed, seed_commitment, status, version,
                               state, result, created_at, updated_at, finished_at, seats_taken, rated)
            select id, type, 'standard', 1, '{}', 's' || i, 'c' || i, status, 20, '{}', null, created, created,
                   case when status = 'finished' then created + interval '10 minutes' end, 0, i %% 20 in (0, 5)
            from g;

            insert into seats (game_id, seat, kind, name, outcome, score, player_id, game_type, created_at)
            select id, 0, 'human', name,
                   case when status <> 'finished' then null when i %% 50 = 0 then 'abandoned'
                        when i %% 3 = 0 then 'won' when i %% 3 = 1 then 'lost' else 'drawn' end,
                   case when status = 'finished' and i %% 50 <> 0 then i %% 40 - 20 end,
                   case when name <> '%3$s' and (1 + (i * 7919) %% %2$d) <= 2000 then md5('p' || (1 + (i * 7919) %% %2$d))::uuid end,
                   type, created
            from g;

            insert into seats (game_id, seat, kind, ai_level, game_type, created_at)
            select id, 1, 'ai', 'random', type, created from g where type = 'dazzle';

            insert into moves (game_id, seq, seat, move, at)
            select g.id, s, 0, '{"action":"avoid"}', g.created + make_interval(secs => s)
            from g, generate_series(1, 10) s
            where g.i > %1$d - 20000;

            insert into daily_deals (day, ruleset, seed, seed_commitment, created_at)
            select date '2026-01-01' + d, 'standard', 'd' || d, 'c' || d, timestamptz '2026-01-01'
            from generate_series(0, 99) d;

            insert into daily_attempts (day, ruleset, player_id, game_id, started_at)
            select date '2026-01-01' + d, 'standard', md5('p' || p)::uuid, md5('g' || (1 + d * 200 + p))::uuid,
                   timestamptz '2026-01-01' + make_interval(days => d)
            from generate_series(0, 99) d, generate_series(1, 200) p;
            """;
}
