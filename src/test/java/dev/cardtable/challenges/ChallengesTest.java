package dev.cardtable.challenges;

import dev.cardtable.support.Api;
import dev.cardtable.support.Db;
import dev.cardtable.support.MovableClock;
import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.Race;
import dev.cardtable.support.SseClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import static dev.cardtable.players.PlayersTest.register;
import static dev.cardtable.players.PlayersTest.unique;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Challenges (docs/api.md, "Challenges"): made, listed, accepted into one game with both seats
 * verified however many accept at once, declined, cancelled and expired once; every refusal with
 * its own code and no change.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
public class ChallengesTest {

    @Inject
    MovableClock clock;

    @Inject
    ChallengeSweep sweep;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    static RequestSpecification as(String key) {
        RequestSpecification r = given().contentType(ContentType.JSON).accept(ContentType.JSON);
        return key == null ? r : r.header("X-Player-Key", key);
    }

    static Response challenge(String key, Map<String, ?> body) {
        return as(key).body(body).post("/api/challenges").then().extract().response();
    }

    @Test
    void anAcceptedChallengeMakesOneGameWithBothSeatsVerified() throws Exception {
        String alice = unique("chA"), bob = unique("chB");
        String aliceKey = register(alice), bobKey = register(bob);
        Response made = challenge(aliceKey, Map.of("player", bob, "type", "dazzle", "rated", true, "challengerSeat", 1,
                "clock", Map.of("type", "correspondence", "perMove", "PT24H")));
        made.then().statusCode(201).body("status", equalTo("pending")).body("challenger", equalTo(alice))
                .body("challenged", equalTo(bob)).body("challengerSeat", equalTo(1)).body("rated", equalTo(true))
                .body("gameId", nullValue()).body("options", equalTo(Map.of()));
        // No options and {} are one thing: the defaults, shown as {} (an object is never null).
        String empty = challenge(aliceKey, Map.of("player", bob, "type", "dazzle", "options", Map.of())).then()
                .statusCode(201).body("options", equalTo(Map.of())).extract().path("id");
        as(aliceKey).post("/api/challenges/" + empty + "/cancel").then().statusCode(200);
        String id = made.path("id");
        as(bobKey).get("/api/challenges").then().statusCode(200).body("in.id", equalTo(List.of(id)))
                .body("out", hasSize(0));
        as(aliceKey).get("/api/challenges").then().statusCode(200).body("out.id", equalTo(List.of(id)))
                .body("in", hasSize(0));

        // Two accepts at once (as two instances would see them): one game, one 201.
        List<Callable<Integer>> calls = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            calls.add(() -> as(bobKey).post("/api/challenges/" + id + "/accept").then().extract().statusCode());
        }
        List<Integer> statuses = Race.run(calls);
        assertEquals(1, statuses.stream().filter(s -> s == 201).count(), statuses.toString());
        assertEquals(3, statuses.stream().filter(s -> s == 409).count(), statuses.toString());

        Response got = as(aliceKey).get("/api/challenges/" + id).then().statusCode(200)
                .body("status", equalTo("accepted")).extract().response();
        String gameId = got.path("gameId");
        assertEquals("1", Db.scalar("select count(*) from games where id = ?::uuid", gameId));
        assertEquals("2", Db.scalar("select count(*) from seats where game_id = ?::uuid and player_id is not null", gameId));
        // Each key opens its own seat: alice sits where she asked.
        as(aliceKey).get("/api/games/" + gameId).then().statusCode(200).body("viewer", equalTo(1))
                .body("status", equalTo("active")).body("rated", equalTo(true))
                .body("seats[1].name", equalTo(alice)).body("seats[0].name", equalTo(bob))
                .body("seats[0].verified", equalTo(true)).body("seats[1].verified", equalTo(true));
        as(bobKey).get("/api/games/" + gameId).then().body("viewer", equalTo(0));
        as(bobKey).post("/api/challenges/" + id + "/accept").then().statusCode(409)
                .body("code", equalTo("challenge-not-pending")).body("challengeStatus", equalTo("accepted"))
                .body("gameId", equalTo(gameId));
        as(bobKey).get("/api/challenges").then().body("in", hasSize(0));
    }

    @Test
    void anAcceptedChallengesGameIsNeverOpenInTheLobby() throws Exception {
        String alice = unique("chL"), bob = unique("chM");
        String aliceKey = register(alice), bobKey = register(bob);
        try (SseClient sse = SseClient.connect("http://localhost:" + RestAssured.port + "/api/lobby/events", null, null)) {
            assertEquals(200, sse.status());
            String id = challenge(aliceKey, Map.of("player", bob, "type", "dazzle")).then().statusCode(201)
                    .extract().path("id");
            String gameId = as(bobKey).post("/api/challenges/" + id + "/accept").then().statusCode(201)
                    .extract().path("game.id");
            // A game opened after it: once the lobby tells of this one, it has told of everything before.
            String marker = Api.create(Map.of("type", "dazzle", "seats", List.of(Map.of("name", unique("chN")),
                    Map.of("open", true)))).then().statusCode(201).extract().path("id");
            List<String> seen = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                SseClient.Event e = sse.poll(Duration.ofSeconds(10));
                assertNotNull(e, "the lobby never told of the game opened after the challenge's: " + seen);
                seen.add(e.name() + " " + e.data());
                if (e.data() != null && e.data().contains(marker)) {
                    break;
                }
            }
            assertTrue(seen.stream().noneMatch(e -> e.contains(gameId)), "the challenge's game showed in the lobby: " + seen);
            as(null).get("/api/lobby?limit=100").then().statusCode(200).body("items.id", not(hasItem(gameId)));
            as(bobKey).get("/api/games/" + gameId).then().statusCode(200).body("status", equalTo("active"));
        }
    }

    @Test
    void refusalsHaveCodesOfTheirOwnAndChangeNothing() throws Exception {
        String alice = unique("chC"), bob = unique("chD"), carol = unique("chE");
        String aliceKey = register(alice), bobKey = register(bob), carolKey = register(carol);
        String before = Db.scalar("select count(*) from challenges");
        challenge(aliceKey, Map.of("player", alice, "type", "dazzle")).then().statusCode(422)
                .body("code", equalTo("challenge-self"));
        challenge(aliceKey, Map.of("player", unique("nobody"), "type", "dazzle")).then().statusCode(404)
                .body("code", equalTo("player-not-found"));
        challenge(aliceKey, Map.of("player", bob, "type", "scoundrel")).then().statusCode(422)
                .body("code", equalTo("two-player-game-type"));
        challenge(null, Map.of("player", bob, "type", "dazzle")).then().statusCode(401)
                .body("code", equalTo("player-key-required"));
        challenge("not-a-key", Map.of("player", bob, "type", "dazzle")).then().statusCode(401)
                .body("code", equalTo("player-key-invalid"));
        challenge(aliceKey, Map.of("player", bob, "type", "dazzle", "ruleset", "nope")).then().statusCode(400);
        challenge(aliceKey, Map.of("player", bob, "type", "dazzle", "challengerSeat", 2)).then().statusCode(400)
                .body("code", equalTo("malformed-request"));
        challenge(aliceKey, Map.of("player", bob)).then().statusCode(400);
        assertEquals(before, Db.scalar("select count(*) from challenges"));

        String id = challenge(aliceKey, Map.of("player", bob, "type", "dazzle")).then().statusCode(201).extract().path("id");
        // Only its two players see it; only the challenged accepts or declines, only the challenger cancels.
        as(carolKey).get("/api/challenges/" + id).then().statusCode(404).body("code", equalTo("challenge-not-found"));
        as(carolKey).post("/api/challenges/" + id + "/accept").then().statusCode(404);
        as(aliceKey).get("/api/challenges/not-an-id").then().statusCode(404).body("code", equalTo("challenge-not-found"));
        as(aliceKey).post("/api/challenges/" + id + "/accept").then().statusCode(403).body("code", equalTo("player-key-mismatch"));
        as(bobKey).post("/api/challenges/" + id + "/cancel").then().statusCode(403).body("code", equalTo("player-key-mismatch"));
        as(bobKey).body(Map.of("reason", "bored")).post("/api/challenges/" + id + "/decline").then().statusCode(400)
                .body("code", equalTo("malformed-request"));
        as(bobKey).get("/api/challenges/" + id).then().body("status", equalTo("pending"));

        // The cap on pending challenges: 10, then 429; other players are not affected.
        for (int i = 1; i < 10; i++) {
            challenge(aliceKey, Map.of("player", bob, "type", "dazzle")).then().statusCode(201);
        }
        challenge(aliceKey, Map.of("player", carol, "type", "dazzle")).then().statusCode(429)
                .body("code", equalTo("challenge-limit")).body("limit", equalTo(10));
        challenge(carolKey, Map.of("player", alice, "type", "dazzle")).then().statusCode(201);
        as(aliceKey).get("/api/challenges").then().body("out", hasSize(10)).body("in", hasSize(1));
    }

    @Test
    void declinedCancelledAndExpiredChallengesEndOnce() {
        String alice = unique("chF"), bob = unique("chG");
        String aliceKey = register(alice), bobKey = register(bob);
        String declined = challenge(aliceKey, Map.of("player", bob, "type", "dazzle")).path("id");
        as(bobKey).body(Map.of("reason", "later")).post("/api/challenges/" + declined + "/decline").then().statusCode(200)
                .body("status", equalTo("declined")).body("declineReason", equalTo("later"));
        as(aliceKey).post("/api/challenges/" + declined + "/cancel").then().statusCode(409)
                .body("challengeStatus", equalTo("declined"));

        String cancelled = challenge(aliceKey, Map.of("player", bob, "type", "dazzle")).path("id");
        // One spelling with seeks, games and the lobby; the row keeps the one the previous release reads.
        as(aliceKey).post("/api/challenges/" + cancelled + "/cancel").then().statusCode(200).body("status", equalTo("cancelled"));
        as(bobKey).post("/api/challenges/" + cancelled + "/accept").then().statusCode(409)
                .body("challengeStatus", equalTo("cancelled"));
        as(aliceKey).get("/api/challenges/" + cancelled).then().statusCode(200).body("status", equalTo("cancelled"));
        assertEquals("canceled", dbStatus(cancelled));

        String expiring = challenge(aliceKey, Map.of("player", bob, "type", "dazzle")).path("id");
        clock.advance(Duration.ofMinutes(11));
        // Past its time it answers as expired at once, before the sweep writes it.
        as(bobKey).get("/api/challenges/" + expiring).then().body("status", equalTo("expired"));
        as(bobKey).post("/api/challenges/" + expiring + "/accept").then().statusCode(409)
                .body("challengeStatus", equalTo("expired"));
        as(bobKey).get("/api/challenges").then().body("in", hasSize(0));
        int swept = sweep.expireDue();
        assertEquals(true, swept >= 1);
        assertEquals("expired", dbStatus(expiring));
        // Once written, it is not expired (nor told) again.
        assertEquals(0, sweep.expireDue());
    }

    @Test
    void aRevocationRacingAnAcceptanceEndsTheChallengeOneWayOrTheOther() throws Exception {
        for (int round = 0; round < 8; round++) {
            String alice = unique("chR"), bob = unique("chS");
            String aliceKey = register(alice), bobKey = register(bob);
            String id = challenge(aliceKey, Map.of("player", bob, "type", "dazzle", "rated", true))
                    .then().statusCode(201).extract().path("id");
            List<Integer> statuses = Race.run(List.of(
                    () -> as(bobKey).post("/api/challenges/" + id + "/accept").then().extract().statusCode(),
                    () -> as(aliceKey).delete("/api/players/" + alice + "/key").then().extract().statusCode()));
            assertEquals(204, statuses.get(1), "the revocation always goes through: " + statuses);
            String status = dbStatus(id);
            String games = Db.scalar("select count(*) from challenges c join games g on g.id = c.game_id where c.id = ?::uuid", id);
            if (statuses.get(0) == 201) {
                assertEquals("accepted", status, "accepted first, then revoked: the challenge stays accepted");
                assertEquals("1", games);
            } else {
                assertEquals(409, statuses.get(0), statuses.toString());
                assertEquals("canceled", status, "revoked first: the challenge is cancelled and no game is made");
                assertEquals("0", games);
            }
        }
    }

    private static String dbStatus(String id) {
        try {
            return Db.scalar("select status from challenges where id = ?::uuid", id);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
