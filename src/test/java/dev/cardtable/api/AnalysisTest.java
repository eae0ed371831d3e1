package dev.cardtable.api;

import dev.cardtable.support.Api;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import static dev.cardtable.support.Api.as;
import static dev.cardtable.support.Api.move;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;

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
                .body("turningPoint.kind", equalTo("lost-the-win"));
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

    @Test
    void anUnknownGameIsNotFound() {
        analysis(UUID.randomUUID().toString()).then().statusCode(404).body("code", equalTo("game-not-found"));
    }
}
