package dev.cardtable.analysis;

import dev.cardtable.play.ScoundrelGameTest;
import dev.cardtable.support.Api;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static dev.cardtable.support.Api.as;
import static dev.cardtable.support.Api.move;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code GET /api/games/{id}/analysis}, against a real PostgreSQL. */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class AnalysisTest {

    private static Api.Created custom(List<String> deal) {
        Response r = Api.create(Map.of("type", "scoundrel", "deal", deal, "seats", List.of(Map.of("name", "analysed"))));
        return new Api.Created(r.path("id"), r.path("credentials[0].token"), r);
    }

    private static Response analysis(String id) {
        return as(null).get("/api/games/" + id + "/analysis").then().extract().response();
    }

    @Test
    void aLostGameNamesTheMoveAfterWhichItCouldNoLongerBeWon() {
        // ScoundrelGameTest.WINNABLE can be won; two aces barehanded (example 3 of scoundrel.md) lose it.
        Api.Created g = custom(ScoundrelGameTest.WINNABLE);
        analysis(g.id()).then().statusCode(409).body("code", equalTo("game-not-over"));
        move(g.id(), g.token(), Map.of("action", "play", "card", "AC")).then().statusCode(200);
        move(g.id(), g.token(), Map.of("action", "play", "card", "AS")).then().statusCode(200)
                .body("status", equalTo("finished")).body("result.standings[0].outcome", equalTo("lost"));

        Response a = analysis(g.id());
        a.then().statusCode(200).body("gameId", equalTo(g.id())).body("positions", hasSize(3))
                .body("positions[0].moves", equalTo(0)).body("positions[0].played", equalTo(null))
                .body("positions[0].winnable", equalTo(true))
                .body("positions[2].winnable", equalTo(false))
                .body("positions[2].played", equalTo(Map.of("action", "play", "card", "AS")))
                .body("turningPoint.kind", equalTo("lost-the-win"))
                // To the millisecond, as the game's own times are.
                .body("analysedAt", org.hamcrest.Matchers.matchesPattern("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d{1,3})?Z"));
        int m = a.path("turningPoint.move");
        assertEquals(Boolean.TRUE, a.path("positions[" + (m - 1) + "].winnable"));
        assertEquals(Boolean.FALSE, a.path("positions[" + m + "].winnable"));
        assertEquals((Object) a.path("positions[" + m + "].played"), a.path("turningPoint.played"));
        // The better move is one the solver says keeps the win: the best move of the position before.
        assertEquals((Object) a.path("positions[" + (m - 1) + "].bestMove"), a.path("turningPoint.better"));
        int before = a.path("positions[" + (m - 1) + "].bestScore");
        assertEquals(before, (int) a.path("turningPoint.bestScoreBefore"));
        assertEquals(true, before > 0);

        // Computed once and kept: the second answer is the same document.
        assertEquals(a.asString(), analysis(g.id()).asString());
    }

    /** Creates a Scoundrel game and plays the first legal move until it is over. */
    static Api.Created playedOut(String seed, String binding) {
        Response r = Api.create(Map.of("type", "scoundrel", "seed", seed, "options", Map.of("weaponBinding", binding),
                "seats", List.of(Map.of("name", "analysed"))));
        Api.Created g = new Api.Created(r.path("id"), r.path("credentials[0].token"), r);
        for (int i = 0; !"finished".equals(as(g.token()).get("/api/games/" + g.id()).path("status")); i++) {
            Map<String, Object> first = as(g.token()).get("/api/games/" + g.id()).jsonPath().getMap("legalMoves[0]");
            move(g.id(), g.token(), first).then().statusCode(200);
            assertTrue(i < 200, "a Scoundrel game ends within 200 moves");
        }
        return g;
    }

    /** A meter's value from {@code /q/metrics} (Prometheus text, no tags). */
    static double meter(String name) {
        String text = given().get("/q/metrics").then().statusCode(200).extract().asString();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^" + name + "(\\{[^}]*})? (\\S+)$").matcher(text);
        if (!m.find()) {
            throw new AssertionError(name + " is not among the metrics");
        }
        return Double.parseDouble(m.group(2));
    }

    @Test
    void concurrentRequestsShareOneComputationAndPastTheLimitTheServerIsBusy() throws Exception {
        // The hardest surveyed deal (HardDealsTest: millions of positions to solve), so that its
        // analysis runs long enough to be asked about while it runs; the test profile allows one
        // analysis at a time.
        Api.Created slow = playedOut("survey-12", "strictlyLess");
        Api.Created other = playedOut("analysis-other", "lessOrEqual");
        double computed = meter("cardtable_analyses_computed_total");
        assertEquals(0.0, meter("cardtable_analyses_running"));
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<Response> first = pool.submit(() -> analysis(slow.id()));
            long until = System.nanoTime() + 60_000_000_000L;
            while (meter("cardtable_analyses_running") < 1) {
                assertFalse(first.isDone(), "the analysis of a hard deal was seen running");
                assertTrue(System.nanoTime() < until, "the analysis started within a minute");
                Thread.sleep(20);
            }
            // Another request for the same game waits for that computation; one for another game
            // would start a second computation past the limit: server-busy, with Retry-After.
            Future<Response> second = pool.submit(() -> analysis(slow.id()));
            Response busy = analysis(other.id());
            assertFalse(first.isDone(), "the busy answer came while the first analysis ran");
            busy.then().statusCode(503).contentType("application/problem+json").body("code", equalTo("server-busy"))
                    .body("retryAfter", equalTo(3)).header("Retry-After", "3");
            Response a = first.get(5, TimeUnit.MINUTES);
            Response b = second.get(5, TimeUnit.MINUTES);
            a.then().statusCode(200).body("gameId", equalTo(slow.id()));
            assertEquals(a.asString(), b.asString(), "both requests answer the one analysis");
            assertEquals(computed + 1, meter("cardtable_analyses_computed_total"), "computed once");
            assertEquals(0.0, meter("cardtable_analyses_running"));
            // Once the slot is free, the other game is analysed.
            analysis(other.id()).then().statusCode(200).body("gameId", equalTo(other.id()));
            assertEquals(computed + 2, meter("cardtable_analyses_computed_total"));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aGameEndedByResigningOrCallingOffIsJudgedUpToItsLastMoveOfPlay() {
        Api.Created resigned = custom(ScoundrelGameTest.WINNABLE);
        move(resigned.id(), resigned.token(), Map.of("action", "play", "card", "10D")).then().statusCode(200);
        move(resigned.id(), resigned.token(), Map.of("action", "resign")).then().statusCode(200);
        analysis(resigned.id()).then().statusCode(200).body("positions", hasSize(2))
                .body("positions[1].played", equalTo(Map.of("action", "play", "card", "10D")))
                .body("positions[1].winnable", equalTo(true));
        Api.Created aborted = custom(ScoundrelGameTest.WINNABLE);
        move(aborted.id(), aborted.token(), Map.of("action", "abort")).then().statusCode(200);
        analysis(aborted.id()).then().statusCode(200).body("positions", hasSize(1))
                .body("positions[0].winnable", equalTo(true)).body("turningPoint", equalTo(null));
    }

    @Test
    void anUnknownGameIsNotFound() {
        analysis(UUID.randomUUID().toString()).then().statusCode(404).body("code", equalTo("game-not-found"));
    }
}
