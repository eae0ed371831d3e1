package dev.cardtable.hints;

import dev.cardtable.play.ScoundrelGameTest;
import dev.cardtable.support.Api;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import static dev.cardtable.support.Api.as;
import static dev.cardtable.support.Api.move;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/** {@code GET /api/games/{id}/hint} and the view fields hints use, against a real PostgreSQL. */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class HintTest {

    /** {@link ScoundrelGameTest#WINNABLE} with the order of its last 36 cards reversed. */
    private static List<String> reorderedBelowTheFirstRooms() {
        List<String> d = new ArrayList<>(ScoundrelGameTest.WINNABLE);
        Collections.reverse(d.subList(8, d.size()));
        return d;
    }

    private static Api.Created custom(List<String> deal) {
        Response r = Api.create(Map.of("type", "scoundrel", "deal", deal, "seats", List.of(Map.of("name", "hinted"))));
        return new Api.Created(r.path("id"), r.path("credentials[0].token"), r);
    }

    private static Response hint(String id, String token) {
        return as(token).get("/api/games/" + id + "/hint").then().extract().response();
    }

    @Test
    void twoDealsWithTheSameViewButDifferentUnseenOrdersGetTheSameHint() {
        Api.Created one = custom(ScoundrelGameTest.WINNABLE);
        Api.Created two = custom(reorderedBelowTheFirstRooms());
        assertNotEquals(ScoundrelGameTest.WINNABLE, reorderedBelowTheFirstRooms());
        for (int step = 0; step < 3; step++) {
            Map<String, Object> v1 = as(one.token()).get("/api/games/" + one.id()).then().statusCode(200)
                    .extract().path("view");
            Map<String, Object> v2 = as(two.token()).get("/api/games/" + two.id()).then().statusCode(200)
                    .extract().path("view");
            assertEquals(v1, v2);
            Response h1 = hint(one.id(), one.token());
            Response h2 = hint(two.id(), two.token());
            h1.then().statusCode(200).body("move.action", notNullValue()).body("reason", not(equalTo("")));
            assertEquals(h1.asString(), h2.asString());
            Map<String, Object> hinted = h1.path("move");
            move(one.id(), one.token(), hinted).then().statusCode(200);
            move(two.id(), two.token(), hinted).then().statusCode(200);
        }
    }

    @Test
    void theViewNamesTheUnseenCardsAsASetAndTheAvoidedRoomsAtTheBottom() {
        Api.Created g = custom(ScoundrelGameTest.WINNABLE);
        as(g.token()).get("/api/games/" + g.id()).then().statusCode(200)
                .body("view.unseen", hasSize(40))
                .body("view.unseen[0]", equalTo("2C"))
                .body("view.bottomRooms", hasSize(0));
        move(g.id(), g.token(), Map.of("action", "avoid")).then().statusCode(200)
                .body("view.bottomRooms", equalTo(List.of(List.of("10D", "AC", "AS", "9H"))))
                .body("view.unseen", hasSize(36))
                .body("view.unseen", not(org.hamcrest.Matchers.hasItem("KC")))
                .body("view.dungeonCount", equalTo(40));
        // A spectator knows as much: everything in Scoundrel but the unseen order is open.
        as(null).get("/api/games/" + g.id()).then().statusCode(200)
                .body("view.bottomRooms[0]", equalTo(List.of("10D", "AC", "AS", "9H")));
    }

    @Test
    void aHintNeedsTheSeatsToken() {
        Api.Created g = Api.scoundrel("hint-token", "alice");
        hint(g.id(), null).then().statusCode(401).contentType(containsString("application/problem+json"))
                .body("code", equalTo("unauthenticated"));
        hint(g.id(), "not-a-token").then().statusCode(401).body("code", equalTo("unauthenticated"));
    }

    @Test
    void aFinishedGameHasNoHint() {
        Api.Created g = custom(ScoundrelGameTest.deadly());
        move(g.id(), g.token(), Map.of("action", "play", "card", "AS")).then().statusCode(200);
        move(g.id(), g.token(), Map.of("action", "play", "card", "KS")).then().statusCode(200)
                .body("status", equalTo("finished"));
        hint(g.id(), g.token()).then().statusCode(409).body("code", equalTo("game-over"));
    }

    @Test
    void hintsAreForScoundrelOnlyAndForGamesThatExist() {
        Response dazzle = Api.create(Map.of("type", "dazzle", "seed", "hint",
                "seats", List.of(Map.of("name", "alice"), Map.of("ai", "random"))));
        hint(dazzle.path("id"), dazzle.path("credentials[0].token")).then().statusCode(404)
                .body("code", equalTo("not-found"));
        hint("00000000-0000-0000-0000-000000000000", "x").then().statusCode(404)
                .body("code", equalTo("game-not-found"));
    }
}
