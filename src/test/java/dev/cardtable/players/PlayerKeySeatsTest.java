package dev.cardtable.players;

import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.cardtable.players.PlayersTest.register;
import static dev.cardtable.players.PlayersTest.unique;
import static dev.cardtable.support.Api.as;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * One credential per player (docs/api.md, "One credential per player"): a registered player's key
 * opens the seat its player holds verified in any game, for reads, moves, tickets and rematches;
 * a seat token still wins; rotation and revocation end the key's use everywhere at once.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
public class PlayerKeySeatsTest {

    static RequestSpecification withKey(String key) {
        return given().contentType(ContentType.JSON).accept(ContentType.JSON).header("X-Player-Key", key);
    }

    /** A Dazzle game between two registered players, both seats verified; returns its id. */
    static String dazzleBetween(String a, String aKey, String b, String bKey) {
        String id = withKey(aKey).body(Map.of("type", "dazzle", "seats", List.of(Map.of("name", a), Map.of("open", true))))
                .post("/api/games").then().statusCode(201).extract().path("id");
        withKey(bKey).body(Map.of("name", b)).post("/api/games/" + id + "/seats/1").then().statusCode(200)
                .body("seats[1].verified", equalTo(true)).body("status", equalTo("active"));
        return id;
    }

    @Test
    void aKeyOpensItsPlayersSeatForEveryGameRequest() {
        String alice = unique("kA"), bob = unique("kB"), carol = unique("kC");
        String aliceKey = register(alice), bobKey = register(bob), carolKey = register(carol);
        String id = dazzleBetween(alice, aliceKey, bob, bobKey);

        // Reads: the key's seat sees its own view; a registered player without a seat is a spectator.
        withKey(aliceKey).get("/api/games/" + id).then().statusCode(200).body("viewer", equalTo(0))
                .body("legalMoves.size()", org.hamcrest.Matchers.greaterThan(0));
        withKey(bobKey).get("/api/games/" + id).then().statusCode(200).body("viewer", equalTo(1));
        withKey(carolKey).get("/api/games/" + id).then().statusCode(200).body("viewer", nullValue());
        withKey(aliceKey).get("/api/games/" + id + "/moves").then().statusCode(200);
        withKey(aliceKey).get("/api/games/" + id + "/timeline").then().statusCode(200);

        // Moves: the key acts as its seat; another player's key is refused and changes nothing.
        Map<String, Object> move = withKey(aliceKey).get("/api/games/" + id).then().extract().jsonPath().getMap("legalMoves[0]");
        int version = as(null).get("/api/games/" + id).then().extract().path("version");
        withKey(carolKey).body(move).post("/api/games/" + id + "/moves").then().statusCode(401)
                .body("code", equalTo("unauthenticated"));
        withKey(bobKey).body(move).post("/api/games/" + id + "/moves").then().statusCode(409);
        withKey("not-a-key").body(move).post("/api/games/" + id + "/moves").then().statusCode(401)
                .body("code", equalTo("player-key-invalid"));
        assertEquals(version, (int) as(null).get("/api/games/" + id).then().extract().path("version"));
        withKey(aliceKey).body(move).post("/api/games/" + id + "/moves").then().statusCode(200)
                .body("toAct", equalTo(List.of(1)));

        // A stream ticket for the key's seat.
        withKey(bobKey).post("/api/games/" + id + "/stream-tickets").then().statusCode(201)
                .body("seat", equalTo(1));
        withKey(carolKey).post("/api/games/" + id + "/stream-tickets").then().statusCode(401);
    }

    @Test
    void aSeatTokenWinsOverAKeyAndUnverifiedSeatsAreNotOpenedByName() {
        String alice = unique("kD"), bob = unique("kE");
        String aliceKey = register(alice), bobKey = register(bob);
        // Alice's verified seat against a casual (unverified) seat: no key opens the casual seat.
        Response created = withKey(aliceKey).body(Map.of("type", "dazzle",
                        "seats", List.of(Map.of("name", alice), Map.of("name", unique("casual")))))
                .post("/api/games").then().statusCode(201).extract().response();
        String id = created.path("id");
        String casualToken = created.path("credentials[1].token");
        withKey(bobKey).get("/api/games/" + id).then().body("viewer", nullValue());
        // Both headers: the seat token decides.
        withKey(aliceKey).header("Authorization", "Bearer " + casualToken).get("/api/games/" + id).then()
                .body("viewer", equalTo(1));
        withKey(aliceKey).get("/api/games/" + id).then().body("viewer", equalTo(0));
    }

    @Test
    void rotationAndRevocationEndTheKeysUseInEveryGameAtOnce() {
        String alice = unique("kF"), bob = unique("kG");
        String aliceKey = register(alice), bobKey = register(bob);
        String first = dazzleBetween(alice, aliceKey, bob, bobKey);
        String second = dazzleBetween(alice, aliceKey, bob, bobKey);

        String newKey = withKey(aliceKey).post("/api/players/" + alice + "/key").then().statusCode(200).extract().path("key");
        for (String id : List.of(first, second)) {
            withKey(aliceKey).get("/api/games/" + id).then().statusCode(401).body("code", equalTo("player-key-invalid"));
            withKey(newKey).get("/api/games/" + id).then().statusCode(200).body("viewer", equalTo(0));
        }
        withKey(newKey).delete("/api/players/" + alice + "/key").then().statusCode(204);
        for (String id : List.of(first, second)) {
            Map<String, Object> move = withKey(bobKey).get("/api/games/" + id).then().extract().jsonPath().getMap("legalMoves[0]");
            // It is alice's turn: bob has no legal move, and alice's revoked key opens nothing.
            assertEquals(null, move);
            withKey(newKey).body(Map.of("type", "present")).post("/api/games/" + id + "/moves").then().statusCode(401)
                    .body("code", equalTo("player-key-invalid"));
        }
    }
}
