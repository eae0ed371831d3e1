package dev.cardtable.pairing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cardtable.support.FilledSchema;
import dev.cardtable.support.MigratedDatabase;
import dev.cardtable.support.Plans;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Quick pairing reads about what it needs ({@code docs/api.md}, "Quick pairing"): on
 * {@value #SEEKS} seeks of which one in {@value #OPEN_ONE_IN} is open, a pairing run reads the
 * oldest open seeks by {@code seeks_open_idx}, not every seek ever made; on
 * {@value FilledSchema#GAMES} games, the cap on a player's games waiting or running counts them
 * from {@code player_games_running_idx}, reading no more rows than that count however many games
 * the player has finished.
 */
class SeeksPlanTest {

    private static final int SEEKS = 200_000;
    private static final int OPEN_ONE_IN = 500;
    private static final int PLAYERS = 2_000;

    @Test
    void aPairingRunReadsTheOpenSeeksAlone() throws Exception {
        MigratedDatabase db = MigratedDatabase.create("cardtable_seek_plans");
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            st.execute("""
                    insert into players (id, name, key_hash, created_at)
                    select md5('p' || i)::uuid, 's' || i, md5('k' || i), timestamptz '2026-01-01'
                    from generate_series(1, %3$d) i;
                    insert into seeks (id, player_id, player_name, game_type, ruleset, clock, rated, rating, status,
                                       game_id, created_at, expires_at, seen_at, ended_at)
                    select md5('s' || i)::uuid, md5('p' || (1 + i %% %3$d))::uuid, 's' || (1 + i %% %3$d), 'dazzle',
                           'standard', null, i %% 2 = 0, 1500,
                           case when i %% %2$d = 0 then 'open' when i %% 4 = 1 then 'cancelled'
                                when i %% 4 = 2 then 'expired' when i %% 4 = 3 then 'abandoned' else 'paired' end,
                           null, timestamptz '2026-01-01' + make_interval(secs => i),
                           timestamptz '2026-01-01' + make_interval(secs => i + 600),
                           timestamptz '2026-01-01' + make_interval(secs => i),
                           case when i %% %2$d <> 0 then timestamptz '2026-01-01' + make_interval(secs => i + 60) end
                    from generate_series(1, %1$d) i;
                    """.formatted(SEEKS, OPEN_ONE_IN, PLAYERS));
            st.execute("vacuum analyze seeks");
            long open = SEEKS / OPEN_ONE_IN;
            List<String> faults = new ArrayList<>();
            for (int batch : List.of(10, 500)) {
                JsonNode plan = Plans.explain(c, Pairing.OPEN_SEEKS.replaceAll("\\?\\d+", "?"), List.of(batch));
                faults.addAll(Plans.seqScans(plan, "seeks"));
                faults.addAll(Plans.faults(plan, Math.min(batch, open) + 1));
                assertTrue(Plans.uses(plan, "seeks_open_idx"), "batch " + batch + ": " + plan);
            }
            assertEquals(List.of(), faults);
        }
    }

    @Test
    void theCapOnGamesCountsThePlayersRunningGamesAloneHoweverManyItFinished() throws Exception {
        try (Connection c = FilledSchema.connect()) {
            c.setAutoCommit(false);
            try (Statement st = c.createStatement()) {
                // The heavy name of the fill, registered for this test: tens of thousands of games,
                // about a hundred of them waiting or running.
                UUID heavy = Plans.registerHeavy(c, "heavy-registered");
                long games, running;
                try (var rs = st.executeQuery("select count(*), count(*) filter (where status <> 'finished') "
                        + "from player_games where name = '" + FilledSchema.HEAVY + "'")) {
                    rs.next();
                    games = rs.getLong(1);
                    running = rs.getLong(2);
                }
                assertTrue(games > 10_000 && running > 0 && running * 100 < games, games + " games, " + running + " running");
                List<String> faults = new ArrayList<>();
                List<UUID> players = new ArrayList<>(Plans.seatedPlayers(c));
                players.add(heavy);
                for (UUID player : players) {
                    JsonNode plan = Plans.explain(c, Seeks.ACTIVE_GAMES.replaceAll("\\?\\d+", "?"), List.of(player));
                    faults.addAll(Plans.faults(plan, running + 1));
                    assertTrue(Plans.uses(plan, "player_games_running_idx"), "player " + player + ": " + plan);
                    assertTrue(Plans.scans(plan).stream().noneMatch(sc -> sc.relation().equals("seats")
                            || sc.relation().equals("games")), plan.toString());
                }
                assertEquals(List.of(), faults);
                try (var ps = c.prepareStatement(Seeks.ACTIVE_GAMES.replaceAll("\\?\\d+", "?"))) {
                    ps.setObject(1, heavy);
                    try (var rs = ps.executeQuery()) {
                        rs.next();
                        assertEquals(running, rs.getLong(1));
                    }
                }
            } finally {
                c.rollback();
            }
        }
    }
}
