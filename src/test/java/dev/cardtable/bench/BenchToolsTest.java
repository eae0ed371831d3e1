package dev.cardtable.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The load tool's move policy, the move benchmark's log parsing and the scale bench's streaks, without a server. */
class BenchToolsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode game(String ruleset, String view, String legal) throws Exception {
        return JSON.readTree("{\"type\":\"scoundrel\",\"ruleset\":\"" + ruleset + "\",\"view\":" + view
                + ",\"legalMoves\":" + legal + "}");
    }

    @Test
    void healthAfterEachKindOfMove() throws Exception {
        JsonNode g = game("standard",
                "{\"health\":10,\"maxHealth\":20,\"room\":[\"5D\",\"7H\",\"9S\",\"QC\"],"
                        + "\"weapon\":{\"card\":\"4D\",\"slain\":[\"10C\"]},\"potionUsedThisTurn\":false}",
                "[{\"action\":\"avoid\"},{\"action\":\"play\",\"card\":\"5D\"},{\"action\":\"play\",\"card\":\"7H\"},"
                        + "{\"action\":\"play\",\"card\":\"9S\"},{\"action\":\"play\",\"card\":\"9S\",\"barehanded\":true},"
                        + "{\"action\":\"play\",\"card\":\"QC\"}]");
        JsonNode legal = g.get("legalMoves");
        // avoid, weapon, potion, 9S with the 4D weapon, 9S barehanded, QC (above the last slain 10C: barehanded)
        int[] expected = {10, 10, 17, 5, 1, -2};
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], LoadTool.healthAfter(g, legal.get(i)), legal.get(i).toString());
        }
    }

    @Test
    void aSecondPotionInATurnDoesNotHealInStandardButDoesInSimple() throws Exception {
        String view = "{\"health\":15,\"maxHealth\":20,\"room\":[\"9H\"],\"weapon\":null,\"potionUsedThisTurn\":true}";
        String legal = "[{\"action\":\"play\",\"card\":\"9H\"}]";
        assertEquals(15, LoadTool.healthAfter(game("standard", view, legal), JSON.readTree(legal).get(0)));
        assertEquals(20, LoadTool.healthAfter(game("simple", view, legal), JSON.readTree(legal).get(0)));
    }

    @Test
    void bestForHealthPicksAmongTheBestOnly() throws Exception {
        JsonNode g = game("standard",
                "{\"health\":20,\"maxHealth\":20,\"room\":[\"5D\",\"7H\",\"9S\",\"QC\"],\"weapon\":null,"
                        + "\"potionUsedThisTurn\":false}",
                "[{\"action\":\"avoid\"},{\"action\":\"play\",\"card\":\"5D\"},{\"action\":\"play\",\"card\":\"7H\"},"
                        + "{\"action\":\"play\",\"card\":\"9S\"},{\"action\":\"play\",\"card\":\"QC\"}]");
        Random r = new Random(1);
        for (int i = 0; i < 50; i++) {
            JsonNode m = LoadTool.bestForHealth(g, r);
            assertEquals(20, LoadTool.healthAfter(g, m), m.toString());
        }
        assertEquals(JSON.readTree("{\"action\":\"play\",\"card\":\"5D\"}"),
                LoadTool.firstPlay(g.get("legalMoves")));
    }

    @Test
    void parametersAsPostgresLogsThem() {
        assertEquals(Arrays.asList("a'b, $2 = 'c", null, "{\"k\": 1}", ""),
                MoveBench.parameters("Parameters: $1 = 'a''b, $2 = ''c', $2 = NULL, $3 = '{\"k\": 1}', $4 = ''"));
        assertEquals(List.of(), MoveBench.parameters(""));
    }

    @Test
    void theMovesSeqParameterIsFoundByColumnThenByValue() {
        assertEquals(5, MoveBench.seqParameter("insert into moves (at,move,seat,game_id,seq) values ($1,$2,$3,$4,$5)",
                List.of("t", "{}", "0", "g", "22"), "22"));
        assertEquals(2, MoveBench.seqParameter("insert into moves values ($1, $2, now())",
                List.of("g", "22"), "22"));
        assertEquals(0, MoveBench.seqParameter("insert into seats (game_id, seat) values ($1, $2)",
                List.of("g", "22"), "22"));
    }

    @Test
    void theOptimisticWritesSeqAndVersionCheckAreFound() {
        String sql = "with g as (update games set status = $1, version = $2 where id = $3 and version = $4"
                + " and seats_taken = $5 returning id), m as (insert into moves (game_id, seq, seat, move, at)"
                + " select g.id, v.seq, v.seat, v.move::jsonb, v.at from g, (values ($6::int, $7::int, $8, $9::timestamptz))"
                + " v(seq, seat, move, at)) select count(*) from g";
        // $2 (the new version) has the move's number too; the column list decides.
        assertEquals(6, MoveBench.seqParameter(sql, List.of("active", "9", "g", "8", "0", "9", "0", "{}", "t"), "9"));
        assertEquals(java.util.Map.of(4, "version", 5, "seats_taken"), MoveBench.guardParameters(sql));
        assertEquals(java.util.Map.of(), MoveBench.guardParameters("update games set version = $1 where id = $2"));
    }

    @Test
    void aStreakRunsThroughYesterdayUntilTodayIsPlayed() {
        java.time.LocalDate today = java.time.LocalDate.parse("2026-12-10");
        java.util.Set<java.time.LocalDate> days = new java.util.HashSet<>();
        for (String d : List.of("2026-12-01", "2026-12-02", "2026-12-03", "2026-12-07", "2026-12-08", "2026-12-09")) {
            days.add(java.time.LocalDate.parse(d));
        }
        // Three days up to yesterday: current 3 while today has no attempt yet; the longest is 3.
        assertEquals(List.of(3, 3), ScaleTruth.runs(days, today));
        days.add(today);
        assertEquals(List.of(4, 4), ScaleTruth.runs(days, today));
        days.remove(java.time.LocalDate.parse("2026-12-09"));
        assertEquals(List.of(1, 3), ScaleTruth.runs(days, today));
        assertEquals(List.of(0, 0), ScaleTruth.runs(java.util.Set.of(), today));
    }

    @Test
    void theKolmogorovSmirnovDistanceOfTwoSamples() {
        assertEquals(0.0, CertifiedDifficulty.ks(new double[]{1, 2, 2, 3}, new double[]{1, 2, 2, 3}), 1e-12);
        assertEquals(1.0, CertifiedDifficulty.ks(new double[]{1, 2}, new double[]{3, 4}), 1e-12);
        // {1,1,2,2} against {1,2,2,2}: after 1 the shares seen are 1/2 and 1/4.
        assertEquals(0.25, CertifiedDifficulty.ks(new double[]{1, 1, 2, 2}, new double[]{1, 2, 2, 2}), 1e-12);
    }
}
