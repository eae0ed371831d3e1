package dev.cardtable.ratings;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cardtable.support.MigratedDatabase;
import dev.cardtable.support.Plans;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The leaderboard and a player's rank answer from the index {@code ratings_leaderboard_idx}
 * ({@code docs/ratings.md}, "Leaderboard"): on {@value #PLAYERS} rated players, a page from the top
 * or from deep down walks about its own rows, and the rank of a player in the top tenth counts the
 * players above it in the index, with no sequential scan of {@code ratings} and no sort of its rows
 * (further down, the planner may rather count the perf's rows by a scan of the table).
 */
class RatingsPlanTest {

    private static final int PLAYERS = 100_000;
    private static final int LIMIT = 20;
    /** Rows a page's scans may walk: the page and one more, a few times over. */
    private static final long MOST = 10L * (LIMIT + 1);
    private static final double PROVISIONAL = 110;
    /** The fill's "now": every third player played in the last 30 days before it. */
    private static final Instant NOW = Instant.parse("2026-12-01T00:00:00Z");
    private static final Instant SINCE = NOW.minusSeconds(30L * 86_400);

    private static MigratedDatabase db;

    @BeforeAll
    static void fill() throws Exception {
        db = MigratedDatabase.create("cardtable_rating_plans");
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            st.execute("""
                    insert into players (id, name, key_hash, created_at)
                    select md5('p' || i)::uuid, 'r' || i, md5('k' || i), timestamptz '2026-01-01'
                    from generate_series(1, %1$d) i;
                    -- Dazzle ratings of every player: one in ten provisional, one in ten inactive.
                    insert into ratings (player_id, game_type, ruleset, rating, deviation, volatility, games, last_played)
                    select md5('p' || i)::uuid, 'dazzle', 'standard', 800 + (hashtext('r' || i) & 1023)::float8 + (i %% 7) / 10.0,
                           case when i %% 10 = 0 then 200 else 50 + i %% 50 end, 0.06, 1 + i %% 300,
                           timestamptz '2026-12-01' - case when i %% 10 = 1 then interval '60 days'
                                                          else (i %% 1000) * interval '1 minute' end
                    from generate_series(1, %1$d) i;
                    -- Another perf, for half the players.
                    insert into ratings (player_id, game_type, ruleset, rating, deviation, volatility, games, last_played)
                    select md5('p' || i)::uuid, 'other', 'standard', 1500, 60, 0.06, 5, timestamptz '2026-11-30'
                    from generate_series(1, %1$d, 2) i;
                    """.formatted(PLAYERS));
            // As autovacuum leaves a table that is read more than written: its visibility map set.
            st.execute("vacuum analyze ratings");
            st.execute("vacuum analyze players");
        }
    }

    @Test
    void aPageOfTheLeaderboardWalksAboutItsRows() throws Exception {
        try (Connection c = db.connect()) {
            double deep = middle(c);
            Map<String, List<Object>> queries = new LinkedHashMap<>();
            queries.put("first page", RatingsStore.leaderboardParams("dazzle", "standard", PROVISIONAL, SINCE, null, null,
                    LIMIT + 1));
            queries.put("deep page", RatingsStore.leaderboardParams("dazzle", "standard", PROVISIONAL, SINCE, deep,
                    new UUID(0, 0), LIMIT + 1));
            List<String> faults = new ArrayList<>();
            for (Map.Entry<String, List<Object>> q : queries.entrySet()) {
                String sql = RatingsStore.leaderboardSql(q.getValue().size() > 5);
                JsonNode plan = Plans.explain(c, sql, q.getValue());
                Plans.faults(plan, MOST).forEach(f -> faults.add(q.getKey() + ": " + f));
                faults.addAll(sortsAndSeqScans(q.getKey(), plan));
                assertTrue(usesIndex(plan), q.getKey() + " does not walk ratings_leaderboard_idx: " + plan);
            }
            assertEquals(List.of(), faults);
        }
    }

    @Test
    void aRankInTheTopTenthCountsThePlayersAboveInTheIndex() throws Exception {
        try (Connection c = db.connect()) {
            for (double top : List.of(0.99, 0.9)) {
                double rating = percentile(c, top);
                JsonNode plan = Plans.explain(c, RatingsStore.RANK_SQL, RatingsStore.rankParams("dazzle", "standard",
                        PROVISIONAL, SINCE, rating, new UUID(0, 0)));
                assertEquals(List.of(), sortsAndSeqScans("rank at " + top, plan), plan.toString());
                assertTrue(usesIndex(plan), "the rank does not walk ratings_leaderboard_idx: " + plan);
                // It reads the players above it, not the perf's every row.
                long walked = Plans.scans(plan).stream().filter(s -> s.relation().equals("ratings"))
                        .mapToLong(Plans.Scan::walked).sum();
                assertTrue(walked <= PLAYERS * (1 - top) * 1.2 + MOST, "the rank at " + top + " walked " + walked + " rows");
            }
        }
    }

    /** A rating half-way down the leaderboard. */
    private static double middle(Connection c) throws Exception {
        return percentile(c, 0.5);
    }

    /** The rating at {@code fraction} of the perf's ratings, from the lowest. */
    private static double percentile(Connection c, double fraction) throws Exception {
        try (PreparedStatement ps = c.prepareStatement("select percentile_disc(?) within group (order by rating)"
                + " from ratings where game_type = 'dazzle'")) {
            ps.setDouble(1, fraction);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getDouble(1);
            }
        }
    }

    /** Whether a node of {@code plan} walks {@code ratings_leaderboard_idx} (an index scan, or a bitmap's). */
    private static boolean usesIndex(JsonNode plan) {
        if ("ratings_leaderboard_idx".equals(plan.path("Index Name").asText())) {
            return true;
        }
        for (JsonNode child : plan.path("Plans")) {
            if (usesIndex(child)) {
                return true;
            }
        }
        return false;
    }

    /** Every sequential scan of ratings or players and every sort in {@code plan}. */
    private static List<String> sortsAndSeqScans(String name, JsonNode plan) {
        List<String> out = new ArrayList<>();
        collect(name, plan, out);
        return out;
    }

    private static void collect(String name, JsonNode node, List<String> out) {
        String type = node.path("Node Type").asText();
        String relation = node.path("Relation Name").asText();
        if (type.equals("Seq Scan") && (relation.equals("ratings") || relation.equals("players"))) {
            out.add(name + ": sequential scan of " + relation);
        }
        if (type.contains("Sort")) {
            out.add(name + ": " + type + " of " + node.path("Actual Rows").asText() + " rows");
        }
        for (JsonNode child : node.path("Plans")) {
            collect(name, child, out);
        }
    }
}
