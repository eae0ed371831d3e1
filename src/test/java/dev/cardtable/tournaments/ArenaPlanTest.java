package dev.cardtable.tournaments;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cardtable.support.MigratedDatabase;
import dev.cardtable.support.Plans;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Arenas' reads walk what they answer, however many arenas have been played
 * ({@code docs/tournaments.md}): on {@value #ARENAS} arenas of which {@value #LIVE_ARENAS} are live,
 * with {@value #SMALL} players in each finished one and {@value #BIG} in one running arena, the
 * pairing's walk of live arenas reads the live ones alone, a standings page (the first, and one far
 * down by its cursor's place) reads about a page of entries, the free players of the big arena are
 * read from its own entries alone, and whether an arena still has a game in progress counts its
 * running games alone.
 */
class ArenaPlanTest {

    private static final int ARENAS = 20_000;
    private static final int LIVE_ARENAS = 3;
    private static final int SMALL = 10;
    private static final int BIG = 50_000;
    /** In the big arena, one player in this many is free; the others are playing. */
    private static final int FREE_ONE_IN = 20;
    private static final int GAMES_PER_ARENA = 15;

    private static MigratedDatabase db;
    private static UUID big;
    private static final Instant NOW = Instant.parse("2026-06-01T12:00:00Z");

    @BeforeAll
    static void fill() throws Exception {
        db = MigratedDatabase.create("cardtable_arena_plans");
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            // Arena 1 is the big running one; arenas 2..LIVE_ARENAS run too; the rest are final.
            st.execute("""
                    insert into arenas (id, name, game_type, ruleset, clock, rated, starts_at, ends_at, pairing_ends_at,
                                        created_by, created_by_name, created_at, final, finished_at)
                    select md5('a' || i)::uuid, 'arena ' || i, 'dazzle', 'standard', '{}', true,
                           timestamptz '2026-06-01 11:00' - make_interval(hours => case when i <= %2$d then 0 else i end),
                           timestamptz '2026-06-01 13:00' - make_interval(hours => case when i <= %2$d then 0 else i end),
                           timestamptz '2026-06-01 12:59' - make_interval(hours => case when i <= %2$d then 0 else i end),
                           md5('p1')::uuid, 'p1', timestamptz '2026-01-01', i > %2$d,
                           case when i > %2$d then timestamptz '2026-06-01 13:00' - make_interval(hours => i) end
                    from generate_series(1, %1$d) i;
                    insert into arena_players (arena_id, player_id, player_name, rating, points, games, performance,
                                               playing, joined_at)
                    select md5('a' || a)::uuid, md5('p' || p)::uuid, 'p' || p, 1500, (a * 7 + p * 13) %% 60, 5,
                           case when p %% 9 = 0 then null else 1200 + (p * 31) %% 700 end, null, timestamptz '2026-01-01'
                    from generate_series(2, %1$d) a, generate_series(1, %3$d) p;
                    insert into arena_players (arena_id, player_id, player_name, rating, points, games, performance,
                                               playing, joined_at)
                    select md5('a1')::uuid, md5('p' || p)::uuid, 'p' || p, 1500, (p * 13) %% 90, 5,
                           case when p %% 9 = 0 then null else 1200 + (p * 31) %% 700 end,
                           case when p %% %5$d <> 0 then md5('g' || p)::uuid end, timestamptz '2026-01-01'
                    from generate_series(1, %4$d) p;
                    insert into arena_games (arena_id, game_id, player_a, player_b, name_a, name_b, rating_a, rating_b,
                                             paired_at, ended_at)
                    select md5('a' || a)::uuid, md5('ga' || a || '-' || g)::uuid, md5('p1')::uuid, md5('p2')::uuid,
                           'p1', 'p2', 1500, 1500, timestamptz '2026-01-01', timestamptz '2026-01-01'
                    from generate_series(2, %1$d) a, generate_series(1, %6$d) g;
                    insert into arena_games (arena_id, game_id, player_a, player_b, name_a, name_b, rating_a, rating_b,
                                             paired_at, ended_at)
                    select md5('a1')::uuid, md5('g' || p)::uuid, md5('p' || p)::uuid, md5('p' || (p + 1))::uuid,
                           'p' || p, 'p' || (p + 1), 1500, 1500, timestamptz '2026-06-01 11:30', null
                    from generate_series(1, %4$d, 2) p where p %% %5$d <> 0;
                    """.formatted(ARENAS, LIVE_ARENAS, SMALL, BIG, FREE_ONE_IN, GAMES_PER_ARENA));
            st.execute("vacuum analyze arenas, arena_players, arena_games");
            try (ResultSet rs = st.executeQuery("select md5('a1')::uuid")) {
                rs.next();
                big = (UUID) rs.getObject(1);
            }
        }
    }

    private static String jdbc(String sql) {
        return sql.replaceAll("\\?\\d+", "?");
    }

    @Test
    void thePairingWalksTheLiveArenasAlone() throws Exception {
        try (Connection c = db.connect()) {
            JsonNode plan = Plans.explain(c, jdbc(ArenaPairing.LIVE), List.of(NOW));
            assertEquals(List.of(), Plans.seqScans(plan, "arenas"));
            assertEquals(List.of(), Plans.faults(plan, LIVE_ARENAS + 1));
            assertTrue(Plans.uses(plan, "arenas_live_idx"), plan.toString());
        }
    }

    @Test
    void aStandingsPageReadsAboutAPageWhereverItIs() throws Exception {
        int limit = 51;
        try (Connection c = db.connect()) {
            List<String> faults = new ArrayList<>();
            JsonNode first = Plans.explain(c, jdbc(Arenas.STANDINGS_FIRST), List.of(big, limit));
            faults.addAll(Plans.seqScans(first, "arena_players"));
            faults.addAll(Plans.faults(first, limit + 1));
            assertTrue(Plans.uses(first, "arena_players_standing_idx"), first.toString());
            // The place of the 40,000th entry, as a cursor names it.
            Object[] place;
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("select -points, -coalesce(performance, "
                    + Arenas.NO_PERFORMANCE + "), player_name from arena_players where arena_id = '" + big + "' order by "
                    + Arenas.ORDER + " offset 39999 limit 1")) {
                assertTrue(rs.next());
                place = new Object[]{rs.getInt(1), rs.getInt(2), rs.getString(3)};
            }
            JsonNode deep = Plans.explain(c, jdbc(Arenas.STANDINGS_AFTER), List.of(big, place[0], place[1], place[2], limit)); // ?1, ?3–?5, ?2 in text order
            faults.addAll(Plans.seqScans(deep, "arena_players"));
            faults.addAll(Plans.faults(deep, limit + 1));
            assertTrue(Plans.uses(deep, "arena_players_standing_idx"), deep.toString());
            assertEquals(List.of(), faults);
        }
    }

    @Test
    void theFreePlayersOfAnArenaAreReadFromItsOwnEntries() throws Exception {
        try (Connection c = db.connect()) {
            for (int batch : List.of(10, 2000)) {
                JsonNode plan = Plans.explain(c, jdbc(ArenaPairing.FREE), List.of(big, batch));
                assertEquals(List.of(), Plans.seqScans(plan, "arena_players"));
                // At worst every entry of this arena, never another arena's.
                assertEquals(List.of(), Plans.faults(plan, BIG), "batch " + batch);
            }
            JsonNode small = Plans.explain(c, jdbc(ArenaPairing.FREE), List.of(uuid(c, "a7"), 2000));
            assertEquals(List.of(), Plans.faults(small, SMALL + 1));
        }
    }

    @Test
    void whetherAnArenaStillPlaysCountsItsRunningGamesAlone() throws Exception {
        try (Connection c = db.connect()) {
            long running;
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(
                    "select count(*) from arena_games where ended_at is null")) {
                rs.next();
                running = rs.getLong(1);
            }
            assertTrue(running > 1000 && running * 10 < ARENAS * GAMES_PER_ARENA, running + " running");
            JsonNode plan = Plans.explain(c, jdbc(ArenaPairing.RUNNING), List.of(big));
            assertEquals(List.of(), Plans.seqScans(plan, "arena_games"));
            assertEquals(List.of(), Plans.faults(plan, running + 1));
            assertTrue(Plans.uses(plan, "arena_games_running_idx"), plan.toString());
            JsonNode done = Plans.explain(c, jdbc(ArenaPairing.RUNNING), List.of(uuid(c, "a7")));
            assertEquals(List.of(), Plans.faults(done, 1));
        }
    }

    private static UUID uuid(Connection c, String text) throws Exception {
        return Plans.md5Uuid(c, text);
    }
}
