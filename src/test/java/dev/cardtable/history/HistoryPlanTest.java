package dev.cardtable.history;

import dev.cardtable.platform.game.Status;
import dev.cardtable.support.FilledSchema;
import dev.cardtable.support.Plans;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every read of the history answers from the size of its page, not of the history
 * ({@code docs/scaling.md}, "Read models"): on {@value FilledSchema#GAMES} games, no filter, no
 * combination of filters and no cursor deep in a heavy player's games reads {@code games},
 * {@code seats} or {@code player_games} from end to end, or walks more than a few times the rows
 * of its page. A query added later that scans fails here.
 */
class HistoryPlanTest {

    private static final int LIMIT = 20;
    /** Rows a page's scan may walk: the page and one more, a few times over. */
    private static final long MOST = 10L * (LIMIT + 1);
    private static final List<String> TYPES = List.of("scoundrel", "dazzle");
    private static final Instant AUTUMN = Instant.parse("2026-03-15T00:00:00Z");

    /** The types that offer rated games. */
    private static final List<String> RATED_TYPES = List.of("dazzle");

    private static HistoryQueries.Filter filter(String type, Status status, String player, String result,
                                                Instant after, Instant before, Instant cursorAt) {
        return rated(null, type, status, player, result, after, before, cursorAt);
    }

    private static HistoryQueries.Filter rated(Boolean rated, String type, Status status, String player, String result,
                                               Instant after, Instant before, Instant cursorAt) {
        return new HistoryQueries.Filter(type, status, player, null, result, rated, after, before, cursorAt,
                cursorAt == null ? null : new UUID(0, 0), LIMIT);
    }

    @Test
    void everyFilterAndCombinationReadsAboutItsPage() throws Exception {
        String heavy = FilledSchema.HEAVY;
        Map<String, HistoryQueries.Filter> filters = new LinkedHashMap<>();
        filters.put("newest", filter(null, null, null, null, null, null, null));
        filters.put("type", filter("dazzle", null, null, null, null, null, null));
        filters.put("status=waiting", filter(null, Status.WAITING, null, null, null, null, null));
        filters.put("status=active", filter(null, Status.ACTIVE, null, null, null, null, null));
        filters.put("type+status", filter("scoundrel", Status.FINISHED, null, null, null, null, null));
        filters.put("result=drawn", filter(null, null, null, "drawn", null, null, null));
        filters.put("result=abandoned+type", filter("dazzle", null, null, "abandoned", null, null, null));
        filters.put("result=won+status=active", filter(null, Status.ACTIVE, null, "won", null, null, null));
        filters.put("createdBefore", filter(null, null, null, null, null, AUTUMN, null));
        filters.put("createdAfter+type", filter("dazzle", null, null, null, AUTUMN, null, null));
        filters.put("player", filter(null, null, heavy, null, null, null, null));
        filters.put("player+status=waiting", filter(null, Status.WAITING, heavy, null, null, null, null));
        filters.put("player+type", filter("dazzle", null, heavy, null, null, null, null));
        filters.put("player+result", filter(null, null, heavy, "won", null, null, null));
        filters.put("player+type+result", filter("dazzle", null, heavy, "won", null, null, null));
        filters.put("player+type+status+result", filter("dazzle", Status.FINISHED, heavy, "lost", null, null, null));
        filters.put("player+createdBefore", filter(null, null, heavy, null, null, AUTUMN, null));
        filters.put("player, deep cursor", filter(null, null, heavy, null, null, null, AUTUMN));
        filters.put("light player", filter(null, null, "n77", null, null, null, null));
        filters.put("light player+result", filter(null, null, "n77", "drawn", null, null, null));
        filters.put("rated", rated(true, null, null, null, null, null, null, null));
        filters.put("unrated", rated(false, null, null, null, null, null, null, null));
        filters.put("rated+type", rated(true, "dazzle", null, null, null, null, null, null));
        filters.put("rated+status=active", rated(true, null, Status.ACTIVE, null, null, null, null, null));
        filters.put("rated+type+status", rated(true, "dazzle", Status.FINISHED, null, null, null, null, null));
        filters.put("unrated+type", rated(false, "dazzle", null, null, null, null, null, null));
        filters.put("unrated+status=waiting", rated(false, null, Status.WAITING, null, null, null, null, null));
        filters.put("rated+result", rated(true, null, null, null, "won", null, null, null));
        filters.put("rated+createdBefore", rated(true, null, null, null, null, null, AUTUMN, null));
        filters.put("rated, deep cursor", rated(true, null, null, null, null, null, null, AUTUMN));
        filters.put("player+rated", rated(true, null, null, heavy, null, null, null, null));
        filters.put("player+unrated", rated(false, null, null, heavy, null, null, null, null));
        filters.put("player+rated+result", rated(true, null, null, heavy, "lost", null, null, null));
        filters.put("player+rated+type", rated(true, "dazzle", null, heavy, null, null, null, null));
        filters.put("player+rated, deep cursor", rated(true, null, null, heavy, null, null, null, AUTUMN));
        filters.put("light player+rated", rated(true, null, null, "n77", null, null, null, null));
        List<String> faults = new ArrayList<>();
        try (Connection c = FilledSchema.connect()) {
            for (Map.Entry<String, HistoryQueries.Filter> f : filters.entrySet()) {
                HistoryQueries.Query q = HistoryQueries.query(f.getValue(),
                        Boolean.TRUE.equals(f.getValue().rated()) ? RATED_TYPES : TYPES);
                if (q == null) {
                    continue; // answered without a query
                }
                Plans.faults(Plans.explain(c, q.sql(), q.params()), MOST).forEach(x -> faults.add(f.getKey() + ": " + x));
            }
        }
        assertEquals(List.of(), faults);
    }

    @Test
    void ratedGamesOfATypeWithoutRatingsNeedNoQuery() {
        assertEquals(null, HistoryQueries.query(rated(true, "scoundrel", null, null, null, null, null, null), RATED_TYPES));
        assertEquals(null, HistoryQueries.query(rated(true, "scoundrel", null, "n77", null, null, null, null), RATED_TYPES));
    }

    @Test
    void statisticsReadCountersNotGames() throws Exception {
        List<String> faults = new ArrayList<>();
        try (Connection c = FilledSchema.connect()) {
            for (Object who : List.of(FilledSchema.HEAVY, "n77", UUID.nameUUIDFromBytes(new byte[0]))) {
                String sql = HistoryQueries.statsSql(who);
                Plans.faults(Plans.explain(c, sql, List.of(who)), 10).forEach(x -> faults.add(who + ": " + x));
            }
        }
        assertEquals(List.of(), faults);
    }
}
