package dev.cardtable.play;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cardtable.support.FilledSchema;
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
 * Revoking a key finds the player's waiting games from {@code player_games_running_idx}
 * ({@link OpenSeats#WAITING_GAMES}): on {@value FilledSchema#GAMES} games it reads about as many
 * rows as the player has games not yet ended, however many it has finished. It finds the rematches
 * waiting for it from {@code games_waiting_rematch_idx} ({@link OpenSeats#WAITING_REMATCHES}),
 * reading about as many rows as there are waiting rematches.
 */
class OpenSeatsPlanTest {

    @Test
    void aRevocationReadsThePlayersUnfinishedGamesAloneHoweverManyItFinished() throws Exception {
        try (Connection c = FilledSchema.connect()) {
            c.setAutoCommit(false);
            try (Statement st = c.createStatement()) {
                // The heavy name of the fill, registered for this test.
                UUID heavy = Plans.registerHeavy(c, "heavy-revoked");
                long games, running, waiting;
                try (var rs = st.executeQuery("select count(*), count(*) filter (where status <> 'finished'), "
                        + "count(*) filter (where status = 'waiting') from player_games where name = '"
                        + FilledSchema.HEAVY + "'")) {
                    rs.next();
                    games = rs.getLong(1);
                    running = rs.getLong(2);
                    waiting = rs.getLong(3);
                }
                assertTrue(games > 10_000 && running * 100 < games, games + " games, " + running + " running");
                // Each game not yet ended, and no more.
                assertEquals(List.of(), faults(c, OpenSeats.WAITING_GAMES, heavy, running + 1, "player_games_running_idx"));
                assertEquals(waiting, rows(c, OpenSeats.WAITING_GAMES, heavy, null), "each waiting game once");
            } finally {
                c.rollback();
            }
        }
    }

    @Test
    void aRevocationReadsTheWaitingRematchesAloneHoweverManyGamesExist() throws Exception {
        try (Connection c = FilledSchema.connect()) {
            c.setAutoCommit(false);
            try (Statement st = c.createStatement()) {
                UUID heavy = Plans.registerHeavy(c, "heavy-rematched");
                // The fill's waiting games become rematches of the heavy player's finished games, in
                // which its seat is verified.
                st.execute("""
                        with w as (select id, row_number() over (order by id) n from games where status = 'waiting'),
                             f as (select game_id, row_number() over (order by game_id) n from seats
                                   where name = '%1$s' and outcome is not null order by game_id limit 1000)
                        update games set rematch_of = f.game_id from w join f using (n) where games.id = w.id;
                        update seats set player_id = '%2$s' where seat = 0 and game_id in
                            (select rematch_of from games where status = 'waiting' and rematch_of is not null);
                        analyze games;
                        """.formatted(FilledSchema.HEAVY, heavy));
                long rematches;
                try (var rs = st.executeQuery("select count(*) from games where status = 'waiting' and rematch_of is not null")) {
                    rs.next();
                    rematches = rs.getLong(1);
                }
                assertTrue(rematches > 10, rematches + " waiting rematches");
                // Each waiting rematch and its old game's seats, and no more.
                assertEquals(List.of(), faults(c, OpenSeats.WAITING_REMATCHES, heavy, 2 * rematches + 1,
                        "games_waiting_rematch_idx"));
                assertEquals(rematches, rows(c, OpenSeats.WAITING_REMATCHES, heavy, 0), "each waiting rematch once");
            } finally {
                c.rollback();
            }
        }
    }

    /**
     * The faults ({@link Plans#faults}) of {@code sql}'s plans for two seated players of the fill and
     * {@code heavy}, each allowed to walk {@code most} rows; each plan must use {@code index}.
     */
    private static List<String> faults(Connection c, String sql, UUID heavy, long most, String index) throws Exception {
        List<String> faults = new ArrayList<>();
        List<UUID> players = new ArrayList<>(Plans.seatedPlayers(c));
        players.add(heavy);
        for (UUID player : players) {
            JsonNode plan = Plans.explain(c, sql, List.of(player));
            faults.addAll(Plans.faults(plan, most));
            assertTrue(Plans.uses(plan, index), "player " + player + ": " + plan);
        }
        return faults;
    }

    /** The rows {@code sql} answers for {@code player}; each one's second column is {@code seat} unless null. */
    private static long rows(Connection c, String sql, UUID player, Integer seat) throws Exception {
        try (var ps = c.prepareStatement(sql)) {
            ps.setObject(1, player);
            long found = 0;
            try (var rs = ps.executeQuery()) {
                while (rs.next()) {
                    if (seat != null) {
                        assertEquals(seat, rs.getInt(2), "the player's old seat");
                    }
                    found++;
                }
            }
            return found;
        }
    }
}
