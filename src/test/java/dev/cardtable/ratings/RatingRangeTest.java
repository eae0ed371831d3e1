package dev.cardtable.ratings;

import dev.cardtable.platform.GameException;
import dev.cardtable.platform.game.RatingRange;
import dev.cardtable.players.PlayersTest;
import dev.cardtable.support.Db;
import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.SseClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static dev.cardtable.support.Api.as;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Rating ranges of open rated games ({@code docs/ratings.md}, "Rating ranges"): a range is stored
 * and shown in the game, the lobby and its events; a player whose rating lies in it takes the open
 * seat, one outside it is refused and the seat stays open; a range on a game it cannot apply to,
 * or one malformed, is refused and nothing is created.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class RatingRangeTest {

    /** A registered player. */
    private record Player(String name, String key) {
        static Player register(String prefix) {
            String name = PlayersTest.unique(prefix);
            return new Player(name, PlayersTest.register(name));
        }

        /** Gives this player {@code rating} in dazzle/standard, as a player who has played a while. */
        Player rated(double rating) throws Exception {
            UUID id = UUID.fromString(Db.scalar("select id from players where name = ? and revoked_at is null", name));
            Db.update("insert into ratings (player_id, game_type, ruleset, rating, deviation, volatility, games, last_played)"
                    + " values (?, 'dazzle', 'standard', ?, 60, 0.06, 40, ?)", id, rating, Timestamp.from(Instant.now()));
            return this;
        }
    }

    private static Map<String, Object> ranged(Player host, Object range) {
        return Map.of("type", "dazzle", "rated", true, "ratingRange", range,
                "seats", List.of(Map.of("name", host.name()), Map.of("open", true)));
    }

    private static Response create(Player host, Map<String, ?> body) {
        return as(null).header("X-Player-Key", host.key()).body(body).post("/api/games").then().extract().response();
    }

    private static Response take(String id, Player p) {
        return as(null).header("X-Player-Key", p.key()).body(Map.of("name", p.name()))
                .post("/api/games/" + id + "/seats/1").then().extract().response();
    }

    private static Map<String, Object> lobbyItem(String id) {
        return as(null).get("/api/lobby?limit=100").then().statusCode(200).extract().jsonPath()
                .getMap("items.find { it.id == '" + id + "' }");
    }

    private static String gamesCount() throws Exception {
        return Db.scalar("select count(*) from games");
    }

    @Test
    void aPlayerInTheRangeTakesTheSeatAndTheRangeIsShownInTheGameAndTheLobby() throws Exception {
        Player host = Player.register("rr-host");
        Player guest = Player.register("rr-guest"); // a new player: 1500
        try (SseClient sse = SseClient.connect("http://localhost:" + RestAssured.port + "/api/lobby/events", null, null)) {
            assertEquals(200, sse.status());
            Response g = create(host, ranged(host, Map.of("min", 1400, "max", 1600)));
            g.then().statusCode(201).body("rated", equalTo(true)).body("status", equalTo("waiting"))
                    .body("ratingRange.min", equalTo(1400)).body("ratingRange.max", equalTo(1600));
            String id = g.path("id");
            as(null).get("/api/games/" + id).then().statusCode(200).body("ratingRange.min", equalTo(1400))
                    .body("ratingRange.max", equalTo(1600));
            Map<String, Object> listed = lobbyItem(id);
            assertNotNull(listed, "the game waits in the lobby");
            assertEquals(Map.of("min", 1400, "max", 1600), listed.get("ratingRange"));

            Map<String, Object> opened = null;
            for (int i = 0; i < 20 && opened == null; i++) {
                SseClient.Event e = sse.poll(Duration.ofSeconds(10));
                if (e == null) {
                    break;
                }
                if ("opened".equals(e.name()) && e.data().contains(id)) {
                    opened = JsonPath.from(e.data()).getMap("");
                }
            }
            assertEquals(listed, opened, "the lobby's event shows the range as the lobby lists it");

            take(id, guest).then().statusCode(200).body("status", equalTo("active"))
                    .body("seats[1].verified", equalTo(true)).body("seats[1].rating", equalTo(1500));
        }
        // An unranged game shows none.
        Response open = create(host, Map.of("type", "dazzle", "rated", true,
                "seats", List.of(Map.of("name", host.name()), Map.of("open", true))));
        open.then().statusCode(201).body("ratingRange", nullValue());
        assertTrue(lobbyItem(open.path("id")).containsKey("ratingRange"), "every lobby item has the key");
        assertEquals(null, lobbyItem(open.path("id")).get("ratingRange"));
    }

    @Test
    void aPlayerOutsideTheRangeIsRefusedAndTheSeatStaysOpen() throws Exception {
        Player host = Player.register("rr-host");
        Player strong = Player.register("rr-strong").rated(1700);
        Player edge = Player.register("rr-edge").rated(1600);
        String id = create(host, ranged(host, Map.of("min", 1400, "max", 1600))).then().statusCode(201)
                .extract().path("id");
        int version = as(null).get("/api/games/" + id).then().extract().path("version");

        take(id, strong).then().statusCode(403).body("code", equalTo("rating-out-of-range"))
                .body("rating", equalTo(1700)).body("ratingRange.min", equalTo(1400))
                .body("ratingRange.max", equalTo(1600))
                .body("detail", equalTo("this game admits players rated 1400–1600 in dazzle/standard; '"
                        + strong.name() + "' is rated 1700"));
        // Nothing changed: the seat is open, the game waits in the lobby at the same version.
        as(null).get("/api/games/" + id).then().statusCode(200).body("status", equalTo("waiting"))
                .body("seats[1].kind", equalTo("open")).body("seats[1].name", nullValue())
                .body("version", equalTo(version));
        assertNotNull(lobbyItem(id), "the refused game still waits in the lobby");
        assertEquals("0", Db.scalar("select seats_taken from games where id = ?::uuid", id));

        // Both bounds are included: a player rated exactly the top takes the seat.
        take(id, edge).then().statusCode(200).body("status", equalTo("active")).body("seats[1].name", equalTo(edge.name()))
                .body("seats[1].rating", equalTo(1600));

        // Below the range is refused too: the rating as payloads show it, in whole points, is compared
        // (1399.4 shows as 1399), and the problem shows it so.
        Player weak = Player.register("rr-weak").rated(1399.4);
        String low = create(host, ranged(host, Map.of("min", 1400, "max", 1600))).then().statusCode(201)
                .extract().path("id");
        take(low, weak).then().statusCode(403).body("code", equalTo("rating-out-of-range"))
                .body("rating", equalTo(1399));
        as(null).get("/api/games/" + low).then().body("seats[1].kind", equalTo("open"));
    }

    @Test
    void aRangeOnAGameItCannotApplyToIsRefused() throws Exception {
        Player host = Player.register("rr-host");
        String before = gamesCount();
        // Not rated.
        create(host, Map.of("type", "dazzle", "ratingRange", Map.of("min", 1400, "max", 1600),
                "seats", List.of(Map.of("name", host.name()), Map.of("open", true))))
                .then().statusCode(422).body("code", equalTo("rating-range-unrated"));
        create(host, Map.of("type", "dazzle", "rated", false, "ratingRange", Map.of("min", 1400, "max", 1600),
                "seats", List.of(Map.of("name", host.name()), Map.of("open", true))))
                .then().statusCode(422).body("code", equalTo("rating-range-unrated"));
        // Rated, but no seat is left open: against the computer.
        create(host, Map.of("type", "dazzle", "rated", true, "ratingRange", Map.of("min", 1400, "max", 1600),
                "seats", List.of(Map.of("name", host.name()), Map.of("ai", "random"))))
                .then().statusCode(422).body("code", equalTo("rating-range-no-open-seat"));
        assertEquals(before, gamesCount(), "nothing was created");
    }

    @Test
    void aMalformedRangeIsAMalformedRequest() throws Exception {
        Player host = Player.register("rr-host");
        String before = gamesCount();
        List<Object> bad = List.of(
                Map.of("min", 1600, "max", 1400),                 // min above max
                Map.of("min", -1, "max", 1600),                   // below the lowest bound
                Map.of("min", 1400, "max", 4001),                 // above the highest
                Map.of("min", 1400),                              // a bound missing
                Map.of("max", 1600),
                Map.of(),
                Map.of("min", "1400", "max", 1600),               // text for a number
                Map.of("min", 1400.5, "max", 1600),               // a fraction
                Map.of("min", 1400, "max", 1600, "step", 10),     // an unknown field
                Map.of("min", 1400, "max", 10_000_000_000L),      // beyond an int
                List.of(1400, 1600),                              // not an object
                "1400-1600");
        for (Object range : bad) {
            Response r = create(host, ranged(host, range));
            assertEquals(400, r.statusCode(), range + ": " + r.asString());
            assertEquals("malformed-request", r.path("code"), range + ": " + r.asString());
        }
        // The same on an unrated game: a malformed range is malformed before it is misplaced.
        create(host, Map.of("type", "dazzle", "ratingRange", Map.of("min", 1600, "max", 1400),
                "seats", List.of(Map.of("name", host.name()), Map.of("open", true))))
                .then().statusCode(400).body("code", equalTo("malformed-request"))
                .body("detail", equalTo("'ratingRange': 'min' (1600) must not be above 'max' (1400)"));
        assertEquals(before, gamesCount(), "nothing was created");
        // The widest range, and a range of one rating, are well-formed.
        create(host, ranged(host, Map.of("min", 0, "max", 4000))).then().statusCode(201);
        create(host, ranged(host, Map.of("min", 1500, "max", 1500))).then().statusCode(201);
    }

    @Test
    void theRuleIsAPureRecord() {
        RatingRange r = new RatingRange(1400, 1600);
        assertTrue(r.admits(1400));
        assertTrue(r.admits(1600));
        assertTrue(r.admits(1523.7));
        assertFalse(r.admits(1399.99));
        assertFalse(r.admits(1600.01));
        assertEquals("1400–1600", r.toString());
        assertThrows(GameException.class, () -> new RatingRange(1601, 1600));
        assertThrows(GameException.class, () -> new RatingRange(-1, 1600));
        assertThrows(GameException.class, () -> new RatingRange(0, 4001));
        assertThrows(GameException.class, () -> RatingRange.of(null, 1600));
    }
}
