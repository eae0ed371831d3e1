package dev.cardtable.watching;

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
 * A player's event stream reads its own rows ({@code docs/api.md}, "A player's event stream"): on
 * {@value #EVENTS} events of {@value #PLAYERS} players, a batch after a position walks the player's
 * events by {@code player_events_player_idx}; on {@value FilledSchema#GAMES} games, the snapshot's
 * games waiting or running find the player's seats by {@code seats_player_idx}, with no
 * sequential scan of either table.
 */
class PlayerEventsPlanTest {

    private static final int EVENTS = 200_000;
    private static final int PLAYERS = 2_000;
    private static final int LIMIT = 100;

    @Test
    void aBatchOfEventsWalksThePlayersOwn() throws Exception {
        MigratedDatabase db = MigratedDatabase.create("cardtable_player_event_plans");
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            st.execute("""
                    insert into player_events (player_id, kind, game_id, version, data, created_at, tx)
                    select md5('p' || (1 + i %% %2$d))::uuid, 'gameStart', md5('g' || i)::uuid, null, '{}',
                           timestamptz '2026-01-01' + make_interval(secs => i), (1000 + i)::text::xid8
                    from generate_series(1, %1$d) i;
                    """.formatted(EVENTS, PLAYERS));
            st.execute("vacuum analyze player_events");
            UUID player;
            try (var rs = st.executeQuery("select player_id from player_events limit 1")) {
                rs.next();
                player = rs.getObject(1, UUID.class);
            }
            long own = EVENTS / PLAYERS;
            List<String> faults = new ArrayList<>();
            for (String tx : List.of("0", String.valueOf(1000 + EVENTS / 2))) {
                JsonNode plan = Plans.explain(c, PlayerEventStore.AFTER, List.of(player, tx, -1L, LIMIT));
                faults.addAll(Plans.seqScans(plan, "player_events"));
                faults.addAll(Plans.faults(plan, own + LIMIT));
                assertTrue(Plans.uses(plan, "player_events_player_idx"), "after " + tx + ": " + plan);
            }
            assertEquals(List.of(), faults);
        }
    }

    @Test
    void theSnapshotsGamesFindThePlayersSeats() throws Exception {
        try (Connection c = FilledSchema.connect()) {
            List<String> faults = new ArrayList<>();
            for (UUID player : Plans.seatedPlayers(c)) {
                JsonNode plan = Plans.explain(c, PlayerEventStore.UNFINISHED, List.of(player, 50));
                faults.addAll(Plans.faults(plan, 200));
                assertTrue(Plans.uses(plan, "seats_player_idx"), "player " + player + ": " + plan);
            }
            assertEquals(List.of(), faults);
        }
    }
}
