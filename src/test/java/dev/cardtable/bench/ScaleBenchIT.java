package dev.cardtable.bench;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The scale bench ({@link ScaleBench}) at {@code cardtable.scale.games} games (default 200,000)
 * in its check mode: the fill, then every read path of the API over HTTP against the packaged
 * server, each answer compared with what the base tables say it must be (ids and order of each
 * page, cursors, statistics, streaks, boards, and every past position replayed through the
 * engine), and moves on a new game. No timing is asserted: the figures are printed, and belong in
 * {@code docs/benchmarks.md}.
 */
class ScaleBenchIT {

    @Test
    void everyReadAtScaleAnswersWhatTheBaseTablesSay() throws Exception {
        String games = System.getProperty("cardtable.scale.games", "200000");
        ScaleBench.Report report = ScaleBench.run(ScaleBench.Options.parse(Map.of("games", games, "reps", "2",
                "warmup", "0", "moves", "20", "analysis-reps", "1", "check", "true")), System.out);
        assertEquals(List.of(), report.problems(), "every read answers as the base tables say");
        assertEquals(games, report.facts().get("games"), "the database holds the games asked for");
        Set<String> groups = report.reads().stream().map(ScaleReads.Result::group).collect(Collectors.toSet());
        assertEquals(Set.of("history", "paging", "lobby", "players", "daily", "game"), groups);
        for (ScaleReads.Result r : report.reads()) {
            assertTrue(r.checked(), "checked: " + r.read());
            assertTrue(r.latency().getTotalCount() > 0, "timed: " + r.read());
        }
        assertTrue(report.reads().size() >= 60, "every read path is read: " + report.reads().size());
        assertEquals(20, report.moves().getTotalCount(), "moves were played on a new game");
    }
}
