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
 * rows as the player has games not yet ended, however many it has finished.
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
                List<String> faults = new ArrayList<>();
                List<UUID> players = new ArrayList<>(Plans.seatedPlayers(c));
                players.add(heavy);
                for (UUID player : players) {
                    JsonNode plan = Plans.explain(c, OpenSeats.WAITING_GAMES, List.of(player));
                    // Each game not yet ended, and no more.
                    faults.addAll(Plans.faults(plan, running + 1));
                    assertTrue(Plans.uses(plan, "player_games_running_idx"), "player " + player + ": " + plan);
                }
                assertEquals(List.of(), faults);
                try (var ps = c.prepareStatement(OpenSeats.WAITING_GAMES)) {
                    ps.setObject(1, heavy);
                    long found = 0;
                    try (var rs = ps.executeQuery()) {
                        while (rs.next()) {
                            found++;
                        }
                    }
                    assertEquals(waiting, found, "each waiting game once");
                }
            } finally {
                c.rollback();
            }
        }
    }
}
