package dev.cardtable.lobby;

import dev.cardtable.support.FilledSchema;
import dev.cardtable.support.Plans;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The lobby reads the waiting games alone ({@code docs/scaling.md}, "Read models"): on
 * {@value FilledSchema#GAMES} games, a page walks no more rows than the games that wait.
 */
class LobbyPlanTest {

    @Test
    void theLobbyWalksOnlyWaitingGames() throws Exception {
        long waiting = FilledSchema.GAMES / 6000 + 1;
        List<String> faults = new ArrayList<>();
        try (Connection c = FilledSchema.connect()) {
            faults.addAll(Plans.faults(Plans.explain(c, LobbyStore.sql(false, false), List.of(21)), waiting));
            faults.addAll(Plans.faults(Plans.explain(c, LobbyStore.sql(true, false), List.of("dazzle", 21)), waiting));
            faults.addAll(Plans.faults(Plans.explain(c, LobbyStore.sql(true, true),
                    List.of("scoundrel", Instant.parse("2026-04-01T00:00:00Z"), new UUID(0, 0), 21)), waiting));
        }
        assertEquals(List.of(), faults);
    }
}
