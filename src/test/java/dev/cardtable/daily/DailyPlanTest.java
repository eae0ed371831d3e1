package dev.cardtable.daily;

import dev.cardtable.support.FilledSchema;
import dev.cardtable.support.Plans;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The daily deal's boards answer from the size of their page ({@code docs/scaling.md}, "Read
 * models"): a day's board and the all-time table read their rows in order from an index, and rank
 * the page by counting the rows ahead of it once; the top page walks about its own rows. A
 * player's days (its streaks) are its own attempts, and a day's attempt under a name in any case
 * is found by the name's index and the attempts' key, not by reading every player.
 */
class DailyPlanTest {

    private static final int LIMIT = 20;
    private static final long MOST = 10L * (LIMIT + 1);
    private static final LocalDate DAY = LocalDate.parse("2026-02-15");

    @Test
    void boardsAndStreaksReadAboutTheirPage() throws Exception {
        List<String> faults = new ArrayList<>();
        try (Connection c = FilledSchema.connect()) {
            faults.addAll(Plans.faults(Plans.explain(c, BoardStore.BOARD_PAGE, List.of(DAY, "standard", Integer.MIN_VALUE,
                    Integer.MIN_VALUE, Instant.EPOCH, new UUID(0, 0), LIMIT + 1)), MOST));
            faults.addAll(Plans.faults(Plans.explain(c, BoardStore.BOARD_AHEAD, List.of(20, 1, Instant.EPOCH, DAY,
                    "standard", 20, 1, Instant.EPOCH, new UUID(0, 0))), MOST));
            faults.addAll(Plans.faults(Plans.explain(c, BoardStore.TABLE_PAGE, List.of("standard", Long.MIN_VALUE,
                    Long.MIN_VALUE, "", new UUID(0, 0), LIMIT + 1)), MOST));
            faults.addAll(Plans.faults(Plans.explain(c, BoardStore.TABLE_AHEAD, List.of(-99L, -99L, "standard",
                    -99L, -99L, "", new UUID(0, 0))), MOST));
            UUID player;
            try (var st = c.createStatement(); var rs = st.executeQuery("select player_id from daily_attempts limit 1")) {
                rs.next();
                player = rs.getObject(1, UUID.class);
            }
            faults.addAll(Plans.faults(Plans.explain(c, DailyStore.DAYS, List.of(player, "standard")), 400));
            faults.addAll(Plans.faults(Plans.explain(c, DailyStore.SAME_NAME, List.of(DAY, "standard", player)), 10));
        }
        assertEquals(List.of(), faults);
    }
}
