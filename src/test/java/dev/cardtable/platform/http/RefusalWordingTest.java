package dev.cardtable.platform.http;

import dev.cardtable.support.Api;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.cardtable.support.Api.as;
import static dev.cardtable.support.Api.move;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * One rule, one code and one wording ({@code docs/api.md}, "Errors"): a name a request may not use,
 * a move without an action and a position out of range are refused alike wherever they are met.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class RefusalWordingTest {

    private static String detail(Response r, int status, String code) {
        r.then().statusCode(status);
        assertEquals(code, r.path("code"), r.asString());
        return r.path("detail");
    }

    @Test
    void anUnknownNameIsWordedAlikeInBodiesOptionsQueriesAndMoves() {
        String field = detail(as(null).body(Map.of("type", "scoundrel", "colour", "red", "seats", List.of(Map.of("name", "w"))))
                .post("/api/games"), 400, "malformed-request");
        String scoundrelOption = detail(as(null).body(Map.of("type", "scoundrel", "options", Map.of("colour", "red"),
                "seats", List.of(Map.of("name", "w")))).post("/api/games"), 400, "malformed-request");
        String dazzleOption = detail(as(null).body(Map.of("type", "dazzle", "options", Map.of("colour", "red"),
                "seats", List.of(Map.of("name", "w"), Map.of("ai", "random")))).post("/api/games"), 400, "malformed-request");
        String query = detail(as(null).get("/api/games?colour=red"), 400, "malformed-request");
        Api.Created g = Api.scoundrel("wording", "w");
        String action = detail(move(g.id(), g.token(), Map.of("action", "dance")), 400, "malformed-request");

        assertEquals("unknown field 'colour'; expected one of: certified, clock, deal, options, rated, ratingRange, ruleset, seats, seed, type", field);
        assertEquals("unknown option 'colour'; expected one of: weaponBinding", scoundrelOption);
        assertEquals("unknown option 'colour'; none is taken here", dazzleOption);
        assertEquals("unknown query parameter 'colour'; expected one of: createdAfter, createdBefore, cursor, limit, "
                + "player, rated, result, status, type", query);
        assertEquals("unknown action 'dance'; expected one of: avoid, play, resign, abort", action);
    }

    /** A problem's {@code instance} is a URI reference: the path as sent, its percent-encoding kept. */
    @Test
    void aProblemsInstanceIsThePathAsSent() {
        String path = "/api/players/caf%C3%A9/ratings";
        Response r = io.restassured.RestAssured.given().urlEncodingEnabled(false).get(path);
        detail(r, 400, "malformed-request");
        assertEquals(path, r.path("instance"), r.asString());
        assertEquals(path, java.net.URI.create(r.path("instance")).getRawPath(), "a URI reference");
    }

    @Test
    void aMoveWithoutAnActionIsRefusedAlikeInEveryGame() {
        Api.Created scoundrel = Api.scoundrel("no-action", "n");
        Response dazzle = Api.create(Map.of("type", "dazzle", "seats", List.of(Map.of("name", "n"), Map.of("ai", "random"))));
        String inScoundrel = detail(move(scoundrel.id(), scoundrel.token(), Map.of()), 400, "malformed-request");
        String inDazzle = detail(move(dazzle.path("id"), dazzle.path("credentials[0].token"), Map.of()), 400, "malformed-request");

        assertEquals("a move is a JSON object with 'action', one of: avoid, play, resign, abort", inScoundrel);
        assertEquals("a move is a JSON object with 'action', one of: present, own, resign, abort", inDazzle);
    }

    @Test
    void aPositionIsAMoveNumberFromZeroAndOneNotReachedIsNotFound() {
        Api.Created g = Api.scoundrel("positions", "p");
        String base = "/api/games/" + g.id() + "/states/";
        String negative = detail(as(null).get(base + "-1"), 400, "malformed-request");
        String text = detail(as(null).get(base + "abc"), 400, "malformed-request");
        String later = detail(as(null).get(base + "1000"), 404, "not-found");
        String huge = detail(as(null).get(base + "99999999999999999999"), 404, "not-found");

        assertEquals("'n' must be a move number: 0 (the deal) or more", negative);
        assertEquals(negative, text);
        assertEquals("no position 1000 yet: the game has 0 moves", later);
        assertEquals("no position that far yet: the game has 0 moves", huge);
    }
}
