package dev.cardtable.daily;

import dev.cardtable.engine.Rng;
import dev.cardtable.support.Db;
import dev.cardtable.support.MovableClock;
import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.SseClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static dev.cardtable.players.PlayersTest.register;
import static dev.cardtable.players.PlayersTest.unique;
import static dev.cardtable.support.Api.as;
import static dev.cardtable.support.Api.move;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The daily deal: one stored deal per day, one attempt per player, sealed until the day ends, boards
 * and streaks. These tests move the server's clock by days, so they run in a server of their own
 * (a test profile): the other tests' games never see that much time pass.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
@TestProfile(DailyDealTest.DaysPass.class)
class DailyDealTest {

    /** A server whose clock these tests alone move; games idle for the days they skip stay running. */
    public static class DaysPass implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("cardtable.sweep.abandon-after", "P3650D");
        }
    }

    @Inject
    MovableClock clock;

    /** Moves the server's clock to the start of a day no test has used yet, and answers it. */
    private LocalDate freshDay() {
        LocalDate today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
        LocalDate next = today.plusDays(3);
        clock.advance(Duration.between(clock.instant(), next.atStartOfDay(ZoneOffset.UTC).toInstant().plusSeconds(60)));
        return next;
    }

    private static Response attempt(String key) {
        return as(null).header("X-Player-Key", key).post("/api/daily/standard/attempts").then().extract().response();
    }

    @Test
    void requestsMadeAtOnceAgreeOnTheDaysDealWhichIsStoredAndCommitted() throws Exception {
        LocalDate day = freshDay();
        List<CompletableFuture<String>> calls = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            calls.add(CompletableFuture.supplyAsync(() -> as(null).get("/api/daily/standard").then().statusCode(200)
                    .body("day", equalTo(day.toString())).body("seed", nullValue()).extract().path("seedCommitment")));
        }
        String commitment = calls.get(0).get();
        for (CompletableFuture<String> c : calls) {
            assertEquals(commitment, c.get());
        }
        assertEquals("1", Db.scalar("select count(*) from daily_deals where day = ? and ruleset = 'standard'", day));
        String seed = Db.scalar("select seed from daily_deals where day = ? and ruleset = 'standard'", day);
        assertEquals(Rng.commitment(seed), commitment);
        assertEquals(32, seed.length());
        // Each ruleset has its own deal; an unknown ruleset has none.
        assertFalse(commitment.equals(as(null).get("/api/daily/simple").then().statusCode(200).extract().path("seedCommitment")));
        as(null).get("/api/daily/chess").then().statusCode(404).body("code", equalTo("not-found"));
        as(null).get("/api/daily/standard/" + day.plusDays(1)).then().statusCode(404);
        as(null).get("/api/daily/standard/yesterday").then().statusCode(400);
    }

    @Test
    void eachPlayerHasOneVerifiedAttemptPerDayAndOnlyWithAKey() throws Exception {
        LocalDate day = freshDay();
        String name = unique("daily");
        String key = register(name);
        as(null).post("/api/daily/standard/attempts").then().statusCode(401).body("code", equalTo("player-key-required"));
        attempt("forged").then().statusCode(401).body("code", equalTo("player-key-invalid"));
        Response game = attempt(key).then().statusCode(201).body("seats[0].name", equalTo(name))
                .body("seats[0].verified", equalTo(true)).body("certified", equalTo(true))
                .body("daily", equalTo(day.toString())).body("credentials[0].token", notNullValue()).extract().response();
        String commitment = as(null).get("/api/daily/standard").then().extract().path("seedCommitment");
        assertEquals(commitment, game.path("seedCommitment"));
        attempt(key).then().statusCode(409).body("code", equalTo("daily-attempted")).body("gameId", equalTo(game.path("id")));
        as(null).header("X-Player-Key", key).get("/api/daily/standard").then().body("attempt", equalTo(game.path("id")));
        as(null).get("/api/daily/standard").then().body("attempt", nullValue());
        as((String) game.path("credentials[0].token")).get("/api/games/" + game.path("id") + "/hint").then().statusCode(404);
        // Revoking the key and registering the name again (in another case) makes a new player, not a new attempt.
        as(null).header("X-Player-Key", key).delete("/api/players/" + name + "/key").then().statusCode(204);
        String again = register(name.toUpperCase());
        attempt(again).then().statusCode(409).body("code", equalTo("daily-attempted")).body("gameId", equalTo(game.path("id")));
        assertEquals("1", Db.scalar("select count(*) from daily_attempts a join players p on p.id = a.player_id "
                + "where lower(p.name) = lower(?) and a.day = ?", name, day));
        // The next day brings a new attempt.
        clock.advance(Duration.ofDays(1));
        attempt(again).then().statusCode(201).body("daily", equalTo(day.plusDays(1).toString()));
    }

    @Test
    void aDailyGameShowsTheDungeonToItsSeatAloneAndItsSeedToNobodyUntilTheDayEnds() throws Exception {
        LocalDate day = freshDay();
        String key = register(unique("seal"));
        Response game = attempt(key).then().statusCode(201).extract().response();
        String id = game.path("id");
        String token = game.path("credentials[0].token");
        move(id, token, Map.of("action", "avoid")).then().statusCode(200);
        game.then().body("certificate", nullValue());
        // Running, it is sealed before it is "not over": nobody learns even that much of it.
        for (String t : java.util.Arrays.asList(null, token)) {
            as(t).get("/api/games/" + id + "/analysis").then().statusCode(403).body("code", equalTo("game-sealed"))
                    .body("detail", startsWith("the analysis of a game of the daily deal of " + day));
        }
        move(id, token, Map.of("action", "resign")).then().statusCode(200).body("seed", nullValue()).body("certificate", nullValue());
        // The certificate speaks of the hidden order: shown with the seed, after the day.
        as(token).get("/api/games/" + id).then().statusCode(200).body("status", equalTo("finished")).body("seed", nullValue())
                .body("certificate", nullValue());
        as(token).get("/api/games/" + id + "/moves").then().statusCode(200);
        for (String path : List.of("", "/moves", "/timeline", "/states/1", "/record")) {
            as(null).get("/api/games/" + id + path).then().statusCode(403).body("code", equalTo("game-sealed"));
        }
        // The record and the analysis can be passed on: not even the seat gets them, and they say so.
        for (String path : List.of("/record", "/analysis")) {
            as(token).get("/api/games/" + id + path).then().statusCode(403).body("code", equalTo("game-sealed"))
                    .body("detail", containsString("its seat included"));
        }
        try (SseClient sse = SseClient.connect("http://localhost:" + RestAssured.port + "/api/games/" + id + "/events", null, null)) {
            assertEquals(403, sse.status());
        }
        as(null).get("/api/daily/standard/" + day).then().statusCode(200).body("seed", nullValue());

        clock.advance(Duration.ofDays(1));
        String seed = as(null).get("/api/daily/standard/" + day).then().statusCode(200).extract().path("seed");
        assertNotNull(seed);
        as(null).get("/api/daily/standard").then().body("previous.day", equalTo(day.toString()))
                .body("previous.seed", equalTo(seed));
        as(null).get("/api/games/" + id).then().statusCode(200).body("seed", equalTo(seed))
                .body("certificate.bestScore", greaterThan(0)).body("certificate.winningFirstMoves", greaterThan(0))
                .body("certificate.firstMoves", equalTo(5));
        as(null).get("/api/games/" + id + "/record").then().statusCode(200).body("seed", equalTo(seed))
                .body("seedCommitment", equalTo(Rng.commitment(seed)));
    }

    @Test
    void theDaysBoardRanksByScoreThenMovesThenFinishPagesByCursorAndStreamsFinishedAttempts() throws Exception {
        LocalDate day = freshDay();
        List<String> names = List.of(unique("b1"), unique("b2"), unique("b3"));
        List<Response> games = new ArrayList<>();
        for (String n : names) {
            games.add(attempt(register(n)).then().statusCode(201).extract().response());
        }
        // b2 plays a move first, so needs one move more than b1 and b3 for whatever score it gets.
        move(games.get(0).path("id"), games.get(0).path("credentials[0].token"), Map.of("action", "resign")).then().statusCode(200);
        move(games.get(1).path("id"), games.get(1).path("credentials[0].token"), Map.of("action", "avoid")).then().statusCode(200);
        move(games.get(1).path("id"), games.get(1).path("credentials[0].token"), Map.of("action", "resign")).then().statusCode(200);
        String board = "/api/daily/standard/" + day + "/leaderboard";
        try (SseClient sse = SseClient.connect("http://localhost:" + RestAssured.port + board + "/events", null, null)) {
            assertEquals(200, sse.status());
            move(games.get(2).path("id"), games.get(2).path("credentials[0].token"), Map.of("action", "resign")).then().statusCode(200);
            SseClient.Event e = null;
            for (int i = 0; i < 10 && (e == null || e.name() == null); i++) {
                e = sse.poll(Duration.ofSeconds(10));
            }
            assertNotNull(e);
            assertEquals("finished", e.name());
            assertTrue(e.data().contains(games.get(2).path("id")), e.data());
            assertTrue(e.data().contains(names.get(2)), e.data());
        }
        JsonPath first = as(null).get(board + "?limit=2").then().statusCode(200).extract().jsonPath();
        JsonPath second = as(null).get(board + "?limit=2&cursor=" + first.getString("nextCursor")).then().statusCode(200)
                .body("nextCursor", nullValue()).extract().jsonPath();
        List<Map<String, Object>> entries = new ArrayList<>(first.getList("items"));
        entries.addAll(second.getList("items"));
        assertEquals(3, entries.size());
        // A day without a deal has no board either, as it has no deal.
        String tomorrow = day.plusDays(1).toString();
        as(null).get("/api/daily/standard/" + tomorrow).then().statusCode(404).body("code", equalTo("not-found"));
        as(null).get("/api/daily/standard/" + tomorrow + "/leaderboard").then().statusCode(404)
                .body("code", equalTo("not-found"));
        // All resigned from the same deal before facing a monster: the same score, so moves and then
        // finishing time decide: b1 (1 move) before b3 (1 move, later), b2 (2 moves) last.
        assertEquals(List.of(names.get(0), names.get(2), names.get(1)), entries.stream().map(m -> m.get("player")).toList());
        assertEquals(List.of(1, 2, 3), entries.stream().map(m -> m.get("rank")).toList());
        assertEquals(List.of(1, 1, 2), entries.stream().map(m -> m.get("moves")).toList());
        as(null).get(board + "?cursor=nonsense").then().statusCode(400).body("code", equalTo("malformed-request"));

        JsonPath table = as(null).get("/api/daily/standard/leaderboard?limit=100").then().statusCode(200).extract().jsonPath();
        List<Map<String, Object>> lines = table.getList("items");
        for (String n : names) {
            Map<String, Object> line = lines.stream().filter(l -> n.equals(l.get("player"))).findFirst().orElseThrow();
            assertEquals(1, line.get("played"));
            assertEquals(0, line.get("won"));
        }
    }

    @Test
    void aGameFinishedAfterItsDayIsNotCounted() {
        LocalDate day = freshDay();
        String name = unique("late");
        Response game = attempt(register(name)).then().statusCode(201).extract().response();
        clock.advance(Duration.ofDays(1));
        move(game.path("id"), game.path("credentials[0].token"), Map.of("action", "resign")).then().statusCode(200);
        List<Object> players = as(null).get("/api/daily/standard/" + day + "/leaderboard?limit=100").then().statusCode(200)
                .extract().jsonPath().getList("items.player");
        assertFalse(players.contains(name));
    }

    @Test
    void streaksCountConsecutiveDaysPlayedAndWon() {
        String name = unique("streak");
        String key = register(name);
        as(null).get("/api/players/" + name + "/streaks").then().statusCode(200).body("rulesets", equalTo(List.of()));
        as(null).get("/api/players/" + unique("nobody") + "/streaks").then().statusCode(404);
        freshDay();
        for (int i = 0; i < 2; i++) {
            Response g = attempt(key).then().statusCode(201).extract().response();
            move(g.path("id"), g.path("credentials[0].token"), Map.of("action", "resign")).then().statusCode(200);
            clock.advance(Duration.ofDays(1));
        }
        // Today not played yet: the run that ended yesterday is still current.
        as(null).get("/api/players/" + name + "/streaks").then().statusCode(200)
                .body("rulesets[0].ruleset", equalTo("standard")).body("rulesets[0].played.current", equalTo(2))
                .body("rulesets[0].played.longest", equalTo(2)).body("rulesets[0].won.current", equalTo(0))
                .body("rulesets[0].days", equalTo(2));
        clock.advance(Duration.ofDays(1));
        attempt(key).then().statusCode(201);
        JsonPath s = as(null).get("/api/players/" + name + "/streaks").then().extract().jsonPath();
        assertEquals(1, s.getInt("rulesets[0].played.current"));
        assertEquals(2, s.getInt("rulesets[0].played.longest"));
        assertEquals(3, s.getInt("rulesets[0].days"));
        assertNull(s.get("rulesets[1]"));
    }
}
