package dev.cardtable.ratings;

import dev.cardtable.engine.rating.Glicko2;
import dev.cardtable.engine.rating.Outcome;
import dev.cardtable.engine.rating.Rating;
import dev.cardtable.platform.game.Sweep;
import dev.cardtable.players.PlayersTest;
import dev.cardtable.support.Db;
import dev.cardtable.support.MovableClock;
import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.Race;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.path.json.config.JsonPathConfig;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;

import static dev.cardtable.support.Api.as;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Rated Dazzle games through the HTTP API and the database ({@code docs/ratings.md}): the published
 * formulas after one game, the refusals of a game that cannot be rated, the endings that are not
 * rated, exactly one update per player and game when many end at once, the leaderboard and the
 * parameters.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
public class RatingsTest {

    @Inject
    MovableClock clock;

    @Inject
    Sweep sweep;

    /** The clock is shared with the classes that run after this one, which expect system time. */
    @AfterEach
    void putTheClockBack() {
        clock.reset();
    }

    private static final double CENT = 0.01;
    private static final JsonPathConfig DOUBLES = JsonPathConfig.jsonPathConfig()
            .numberReturnType(JsonPathConfig.NumberReturnType.DOUBLE);

    /** A registered player. */
    record Player(String name, String key) {
        static Player register(String prefix) {
            String name = PlayersTest.unique(prefix);
            return new Player(name, PlayersTest.register(name));
        }
    }

    /** A game with the tokens of its two seats. */
    record Game(String id, String token0, String token1) {
    }

    private static JsonPath json(Response r) {
        return r.jsonPath(DOUBLES);
    }

    private static Response create(Player creator, Map<String, ?> second, boolean rated) {
        Map<String, Object> body = new HashMap<>();
        body.put("type", "dazzle");
        body.put("rated", rated);
        body.put("seats", List.of(Map.of("name", creator.name()), second));
        return as(null).header("X-Player-Key", creator.key()).body(body).post("/api/games").then().extract().response();
    }

    /** A game of {@code a} (seat 0, who creates it) against {@code b} (seat 1, who takes the open seat). */
    private static Game play(Player a, Player b, boolean rated) {
        Response created = create(a, Map.of("open", true), rated);
        created.then().statusCode(201).body("rated", equalTo(rated));
        String id = created.path("id");
        Response taken = as(null).header("X-Player-Key", b.key()).body(Map.of("name", b.name()))
                .post("/api/games/" + id + "/seats/1").then().statusCode(200).body("status", equalTo("active"))
                .extract().response();
        return new Game(id, created.path("credentials[0].token"), taken.path("credentials[0].token"));
    }

    private static Response resign(String id, String token) {
        return as(token).body(Map.of("action", "resign")).post("/api/games/" + id + "/moves").then().statusCode(200)
                .body("status", equalTo("finished")).extract().response();
    }

    /** The player's one stored rating, to full precision. */
    private static Rating stored(UUID player) throws Exception {
        return new Rating(Double.parseDouble(count("select rating from ratings where player_id = ?", player)),
                Double.parseDouble(count("select deviation from ratings where player_id = ?", player)),
                Double.parseDouble(count("select volatility from ratings where player_id = ?", player)));
    }

    private static String count(String sql, Object... args) throws Exception {
        return Db.scalar(sql, args);
    }

    private static UUID playerId(Player p) throws Exception {
        return UUID.fromString(Db.scalar("select id from players where name = ? and revoked_at is null", p.name()));
    }

    @Test
    void twoNewPlayersAfterOneRatedGameHaveThePublishedFormulasRatings() throws Exception {
        Player alice = Player.register("ra");
        Player bob = Player.register("rb");
        Game g = play(alice, bob, true);
        // While it runs, each seat shows its player's rating.
        JsonPath running = json(as(g.token0()).get("/api/games/" + g.id()).then().statusCode(200).extract().response());
        assertEquals(1500, running.getLong("seats[0].rating"));
        assertEquals(1500, running.getLong("seats[1].rating"));
        assertNull(running.get("seats[0].ratingDiff"));

        // Alice resigns: Bob wins. The resignation's answer already shows the changes.
        JsonPath ended = json(resign(g.id(), g.token0()));
        assertEquals(1500, ended.getLong("seats[0].rating"));
        assertEquals(Math.round(1337.79 - 1500), ended.getLong("seats[0].ratingDiff"), "seats[0].ratingDiff: whole points");
        assertEquals(Math.round(1662.21 - 1500), ended.getLong("seats[1].ratingDiff"), "seats[1].ratingDiff: whole points");
        assertTrue(ended.getBoolean("rated"));

        JsonPath later = json(as(null).get("/api/games/" + g.id()).then().statusCode(200).extract().response());
        assertEquals(Math.round(1337.79 - 1500), later.getLong("seats[0].ratingDiff"), "seats[0].ratingDiff: whole points");
        assertEquals(1500, later.getLong("seats[1].rating"));
        JsonPath record = json(as(null).get("/api/games/" + g.id() + "/record").then().statusCode(200).extract().response());
        assertEquals(Math.round(1662.21 - 1500), record.getLong("seats[1].ratingDiff"), "seats[1].ratingDiff: whole points");
        JsonPath listed = json(as(null).get("/api/games?player=" + bob.name()).then().statusCode(200).extract().response());
        assertEquals(Math.round(1662.21 - 1500), listed.getLong("items[0].seats[1].ratingDiff"), "items[0].seats[1].ratingDiff: whole points");

        JsonPath a = json(as(null).get("/api/players/" + alice.name() + "/ratings").then().statusCode(200).extract().response());
        assertEquals(alice.name(), a.getString("name"));
        assertEquals("dazzle", a.getString("ratings[0].gameType"));
        assertEquals("standard", a.getString("ratings[0].ruleset"));
        assertEquals(Math.round(1337.79), a.getLong("ratings[0].rating"), "ratings[0].rating: whole points");
        assertEquals(Math.round(290.23), a.getLong("ratings[0].deviation"), "ratings[0].deviation: whole points");
        assertEquals(1, a.getInt("ratings[0].games"));
        assertTrue(a.getBoolean("ratings[0].provisional"));
        assertNull(a.get("ratings[0].rank"));
        assertNotNull(a.get("ratings[0].lastPlayed"));
        // Beside the whole points, the values as stored to the hundredth, which round to them.
        assertEquals(1337.79, a.getDouble("ratings[0].glicko.rating"), 0.01);
        assertEquals(290.23, a.getDouble("ratings[0].glicko.deviation"), 0.01);
        assertEquals(a.getLong("ratings[0].rating"), Math.round(a.getDouble("ratings[0].glicko.rating")));
        assertEquals(a.getLong("ratings[0].deviation"), Math.round(a.getDouble("ratings[0].glicko.deviation")));
        assertEquals(a.getDouble("ratings[0].volatility"), a.getDouble("ratings[0].glicko.volatility"));
        JsonPath b = json(as(null).get("/api/players/" + bob.name() + "/ratings").then().statusCode(200).extract().response());
        assertEquals(Math.round(1662.21), b.getLong("ratings[0].rating"), "ratings[0].rating: whole points");
        assertEquals(Math.round(290.23), b.getLong("ratings[0].deviation"), "ratings[0].deviation: whole points");

        JsonPath h = json(as(null).get("/api/players/" + bob.name() + "/ratings/dazzle/standard/history").then()
                .statusCode(200).extract().response());
        assertEquals(g.id(), h.getString("items[0].gameId"));
        assertEquals(Math.round(1662.21), h.getLong("items[0].rating"), "items[0].rating: whole points");
        assertEquals(Math.round(162.21), h.getLong("items[0].diff"), "items[0].diff: whole points");
        assertEquals(1662.21, h.getDouble("items[0].glicko.rating"), 0.01);
        assertEquals(h.getLong("items[0].rating"), Math.round(h.getDouble("items[0].glicko.rating")));
        assertNull(h.get("nextCursor"));

        // A rematch of a rated game is rated.
        as(g.token1()).post("/api/games/" + g.id() + "/rematch").then().statusCode(201).body("rated", equalTo(true));

        // Its record imported again is not rated again: the same record is refused, and the same
        // game under other names is an unrated game that changes no rating.
        Map<String, Object> rec = as(null).get("/api/games/" + g.id() + "/record").then().extract().jsonPath().getMap("$");
        as(null).body(rec).post("/api/games/import").then().statusCode(409).body("code", equalTo("record-exists"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> seats = (List<Map<String, Object>>) rec.get("seats");
        seats.get(0).put("name", PlayersTest.unique("imp"));
        seats.get(1).put("name", PlayersTest.unique("imp"));
        as(null).body(rec).post("/api/games/import").then().statusCode(201).body("rated", equalTo(false))
                .body("seats[0].rating", nullValue()).body("seats[0].ratingDiff", nullValue());
        assertEquals("1", count("select count(*) from rating_history where player_id = ?", playerId(bob)));
        assertEquals("1", count("select games from ratings where player_id = ?", playerId(bob)));
    }

    @Test
    void aTimeoutAndAnAbandonmentFoundByTheSweepAreRatedAsALossOfTheSeatToAct() throws Exception {
        Player alice = Player.register("rt");
        Player bob = Player.register("rt");
        // Out of time: a rated game with a clock, whose seat to act lets it run out.
        Response created = create(alice, Map.of("open", true), true);
        Map<String, Object> body = new HashMap<>(Map.of("type", "dazzle", "rated", true,
                "seats", List.of(Map.of("name", alice.name()), Map.of("open", true)),
                "clock", Map.of("type", "correspondence", "perMove", "PT1H")));
        Response clocked = as(null).header("X-Player-Key", alice.key()).body(body).post("/api/games").then()
                .statusCode(201).extract().response();
        String timed = clocked.path("id");
        as(null).header("X-Player-Key", bob.key()).body(Map.of("name", bob.name())).post("/api/games/" + timed + "/seats/1")
                .then().statusCode(200);
        int late = as(null).get("/api/games/" + timed).then().extract().path("toAct[0]");
        // Abandoned: a rated game without a clock in which nobody moves.
        String idle = created.path("id");
        as(null).header("X-Player-Key", bob.key()).body(Map.of("name", bob.name())).post("/api/games/" + idle + "/seats/1")
                .then().statusCode(200);
        int away = as(null).get("/api/games/" + idle).then().extract().path("toAct[0]");

        clock.advance(Duration.ofHours(2));
        sweep.sweep();
        JsonPath t = json(as(null).get("/api/games/" + timed).then().statusCode(200).extract().response());
        assertEquals("timeout", t.getString("result.ending"));
        assertTrue(t.getDouble("seats[" + late + "].ratingDiff") < 0, "the seat out of time loses rating");
        assertTrue(t.getDouble("seats[" + (1 - late) + "].ratingDiff") > 0);

        clock.advance(Duration.ofDays(7));
        sweep.sweep();
        JsonPath a = json(as(null).get("/api/games/" + idle).then().statusCode(200).extract().response());
        assertEquals("abandoned", a.getString("result.ending"));
        assertTrue(a.getDouble("seats[" + away + "].ratingDiff") < 0, "the seat that was to act loses rating");
        assertTrue(a.getDouble("seats[" + (1 - away) + "].ratingDiff") > 0);
        for (Player p : List.of(alice, bob)) {
            assertEquals("2", count("select count(*) from rating_history where player_id = ?", playerId(p)));
            assertEquals("2", count("select games from ratings where player_id = ?", playerId(p)));
        }
        assertEquals(0, sweep.sweep(), "every game ended once");
    }

    @Test
    void aGameThatCannotBeRatedIsRefusedWithItsOwnCode() throws Exception {
        Player alice = Player.register("rr");
        Player bob = Player.register("rr");
        // A rated Scoundrel game is dealt by the server: a client's seed is refused (RatedScoundrelTest has the rest).
        as(null).header("X-Player-Key", alice.key()).body(Map.of("type", "scoundrel", "rated", true, "seed", "42",
                "seats", List.of(Map.of("name", alice.name())))).post("/api/games").then().statusCode(422)
                .body("code", equalTo("rated-deal"));
        as(null).header("X-Player-Key", alice.key()).body(Map.of("type", "dazzle", "rated", true, "seed", "42",
                "seats", List.of(Map.of("name", alice.name()), Map.of("ai", "random")))).post("/api/games").then()
                .statusCode(422).body("code", equalTo("rated-deal"));
        as(null).header("X-Player-Key", alice.key()).body(Map.of("type", "dazzle", "rated", true,
                "deal", Map.of("decks", List.of(List.of(), List.of()), "removed", List.of()),
                "seats", List.of(Map.of("name", alice.name()), Map.of("ai", "random")))).post("/api/games").then()
                .statusCode(422).body("code", equalTo("rated-deal"));
        // Every human seat verified by its player's key.
        create(alice, Map.of("name", PlayersTest.unique("casual")), true).then().statusCode(422)
                .body("code", equalTo("rated-seat-unverified"));
        as(null).body(Map.of("type", "dazzle", "rated", true, "seats", List.of(Map.of("name", PlayersTest.unique("casual")),
                Map.of("ai", "random")))).post("/api/games").then().statusCode(422).body("code", equalTo("rated-seat-unverified"));
        String id = create(alice, Map.of("open", true), true).then().statusCode(201).extract().path("id");
        // The lobby shows the waiting player's rating.
        JsonPath lobby = json(as(null).get("/api/lobby?limit=100").then().statusCode(200).extract().response());
        assertTrue(lobby.getBoolean("items.find { it.id == '" + id + "' }.rated"));
        assertEquals(1500, lobby.getLong("items.find { it.id == '" + id + "' }.ratings[0]"));
        as(null).body(Map.of("name", PlayersTest.unique("casual"))).post("/api/games/" + id + "/seats/1").then()
                .statusCode(422).body("code", equalTo("rated-seat-unverified"));
        as(null).get("/api/games/" + id).then().body("seats[1].kind", equalTo("open")).body("status", equalTo("waiting"));
        // The player's key takes it.
        as(null).header("X-Player-Key", bob.key()).body(Map.of("name", bob.name())).post("/api/games/" + id + "/seats/1")
                .then().statusCode(200).body("rated", equalTo(true)).body("seats[1].verified", equalTo(true));
    }

    @Test
    void unratedCancelledAndAbortedGamesChangeNoRating() throws Exception {
        Player alice = Player.register("ru");
        Player bob = Player.register("ru");
        Game unrated = play(alice, bob, false);
        resign(unrated.id(), unrated.token0()).then().body("rated", equalTo(false))
                .body("seats[0].rating", nullValue()).body("seats[1].ratingDiff", nullValue());
        // Cancelled while waiting.
        Response waiting = create(alice, Map.of("open", true), true);
        String token = waiting.path("credentials[0].token");
        as(token).post("/api/games/" + waiting.path("id") + "/cancel").then().statusCode(200)
                .body("result.ending", equalTo("aborted"));
        // Aborted before the first move.
        Game aborted = play(alice, bob, true);
        JsonPath game = json(as(aborted.token0()).get("/api/games/" + aborted.id()).then().extract().response());
        int toAct = game.getInt("toAct[0]");
        as(toAct == 0 ? aborted.token0() : aborted.token1()).body(Map.of("action", "abort"))
                .post("/api/games/" + aborted.id() + "/moves").then().statusCode(200).body("result.ending", equalTo("aborted"))
                .body("seats[0].ratingDiff", nullValue()).body("seats[1].ratingDiff", nullValue());
        // Aborted after one seat's move, before both seats moved: not rated either.
        Game oneMoved = play(alice, bob, true);
        game = json(as(oneMoved.token0()).get("/api/games/" + oneMoved.id()).then().extract().response());
        String mover = game.getInt("toAct[0]") == 0 ? oneMoved.token0() : oneMoved.token1();
        Map<String, Object> first = json(as(mover).get("/api/games/" + oneMoved.id()).then().extract().response())
                .getMap("legalMoves[0]");
        as(mover).body(first).post("/api/games/" + oneMoved.id() + "/moves").then().statusCode(200);
        as(mover).body(Map.of("action", "abort")).post("/api/games/" + oneMoved.id() + "/moves").then().statusCode(200)
                .body("result.ending", equalTo("aborted")).body("rated", equalTo(true))
                .body("seats[0].ratingDiff", nullValue()).body("seats[1].ratingDiff", nullValue());
        for (Player p : List.of(alice, bob)) {
            assertEquals("0", count("select count(*) from ratings where player_id = ?", playerId(p)));
            assertEquals("0", count("select count(*) from rating_history where player_id = ?", playerId(p)));
            as(null).get("/api/players/" + p.name() + "/ratings").then().statusCode(200).body("ratings.size()", equalTo(0));
        }
    }

    /**
     * Two players' games, half with each in seat 0, ending at once: every ending is answered 200
     * (their statistics rows are locked in one order whatever the seats, so no ending deadlocks
     * another), and each player's statistics count every game.
     */
    @Test
    void gamesOfTwoPlayersInBothSeatOrdersEndingAtOnceAllCount() throws Exception {
        Player alice = Player.register("sw");
        Player bob = Player.register("sw");
        List<Game> games = new ArrayList<>();
        List<String> resigning = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            Game g = i % 2 == 0 ? play(alice, bob, false) : play(bob, alice, false);
            games.add(g);
            resigning.add(i % 4 < 2 ? g.token0() : g.token1());
        }
        List<Callable<Integer>> calls = new ArrayList<>();
        for (int i = 0; i < games.size(); i++) {
            Game g = games.get(i);
            String token = resigning.get(i);
            calls.add(() -> as(token).body(Map.of("action", "resign")).post("/api/games/" + g.id() + "/moves").statusCode());
        }
        assertEquals(java.util.Collections.nCopies(16, 200), Race.run(calls));
        for (Player p : List.of(alice, bob)) {
            as(null).get("/api/players/" + p.name() + "/stats").then().statusCode(200)
                    .body("types.find { it.type == 'dazzle' }.played", equalTo(16));
        }
    }

    @Test
    void twentyRatedGamesEndingAtOnceEachRateThePlayerOnceInCommitOrder() throws Exception {
        Player alice = Player.register("r20");
        List<Game> games = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            Response r = create(alice, Map.of("ai", "random"), true);
            r.then().statusCode(201).body("seats[1].rating", equalTo(1203));
            games.add(new Game(r.path("id"), r.path("credentials[0].token"), null));
        }
        List<Callable<Integer>> calls = games.stream().<Callable<Integer>>map(g -> () -> as(g.token0())
                .body(Map.of("action", "resign")).post("/api/games/" + g.id() + "/moves").statusCode()).toList();
        assertEquals(java.util.Collections.nCopies(20, 200), Race.run(calls));

        UUID id = playerId(alice);
        record Point(Instant at, double before, double rating, double deviation) {
        }
        List<Point> points = new ArrayList<>();
        double rating;
        double deviation;
        int played;
        try (Connection c = Db.connect()) {
            try (PreparedStatement ps = c.prepareStatement(
                    "select at, rating_before, rating, deviation from rating_history where player_id = ?")) {
                ps.setObject(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        points.add(new Point(rs.getTimestamp(1).toInstant(), rs.getDouble(2), rs.getDouble(3), rs.getDouble(4)));
                    }
                }
            }
            try (PreparedStatement ps = c.prepareStatement("select rating, deviation, games from ratings where player_id = ?")) {
                ps.setObject(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    assertTrue(rs.next());
                    rating = rs.getDouble(1);
                    deviation = rs.getDouble(2);
                    played = rs.getInt(3);
                }
            }
        }
        assertEquals(20, points.size());
        assertEquals(20, played);
        // The commit order is the chain of the points: each started from the one before.
        Glicko2 glicko = new Glicko2(0.75, 45, 350);
        Rating r = new Rating(1500, 350, 0.06);
        Rating level = new Rating(1203, 45, 0.06);
        Instant last = null;
        List<Point> left = new ArrayList<>(points);
        while (!left.isEmpty()) {
            double from = r.rating();
            Point next = left.stream().filter(p -> p.before() == from).findFirst().orElseThrow(
                    () -> new AssertionError("no point starts from " + from + ": " + left));
            left.remove(next);
            double periods = last == null ? 1 : Math.max(0, Duration.between(last, next.at()).toNanos())
                    / (double) Duration.ofDays(5).toNanos();
            r = glicko.update(r, List.of(new Outcome(level, 0)), periods);
            last = last == null || next.at().isAfter(last) ? next.at() : last;
            assertEquals(r.rating(), next.rating(), CENT);
            assertEquals(r.deviation(), next.deviation(), CENT);
        }
        assertEquals(r.rating(), rating, CENT);
        assertEquals(r.deviation(), deviation, CENT);
        for (Game g : games) {
            JsonPath seen = json(as(null).get("/api/games/" + g.id()).then().statusCode(200).extract().response());
            assertNotNull(seen.get("seats[0].ratingDiff"));
            assertNull(seen.get("seats[1].ratingDiff"));
            assertEquals(1203, seen.getLong("seats[1].rating"));
        }
        // The history lists the points in the order they were applied: each starts from the one
        // after it (newest first), the oldest from the initial rating, at strictly earlier times.
        JsonPath history = json(as(null).queryParam("limit", 20)
                .get("/api/players/" + alice.name() + "/ratings/dazzle/standard/history").then().statusCode(200).extract().response());
        List<Map<String, Object>> items = history.getList("items");
        assertEquals(20, items.size());
        for (int i = 0; i < items.size(); i++) {
            double from = ((Number) items.get(i).get("rating")).doubleValue() - ((Number) items.get(i).get("diff")).doubleValue();
            double previous = i + 1 < items.size() ? ((Number) items.get(i + 1).get("rating")).doubleValue() : 1500;
            // Each of the three is rounded to whole points on its own (docs/api.md, "One vocabulary").
            assertEquals(previous, from, 1.5, "point " + i + " starts from the point before it");
            if (i + 1 < items.size()) {
                assertTrue(Instant.parse((String) items.get(i).get("at")).isAfter(Instant.parse((String) items.get(i + 1).get("at"))),
                        "point " + i + " is later than the point before it");
            }
        }
        assertEquals(Math.round(rating), ((Number) items.get(0).get("rating")).longValue(), "the stored rating, in whole points");
    }

    @Test
    void theLeaderboardPagesRankedPlayersAndLeavesOutProvisionalAndInactiveOnes() throws Exception {
        List<Player> ranked = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ranked.add(Player.register("lb"));
        }
        Player provisional = Player.register("lbp");
        Player inactive = Player.register("lbi");
        Instant now = Instant.now();
        for (int i = 0; i < ranked.size(); i++) {
            insertRating(ranked.get(i), 9000 + i, 60, now);
        }
        insertRating(provisional, 9500, 111, now);
        insertRating(inactive, 9600, 60, now.minus(Duration.ofDays(31)));

        JsonPath first = json(as(null).get("/api/ratings/dazzle/standard/leaderboard?limit=2").then().statusCode(200)
                .extract().response());
        assertEquals(List.of(ranked.get(4).name(), ranked.get(3).name()), first.getList("items.name"));
        assertEquals(List.of(1, 2), first.getList("items.rank", Integer.class));
        assertEquals(9004, first.getLong("items[0].rating"));
        String cursor = first.getString("nextCursor");
        assertNotNull(cursor);
        JsonPath second = json(as(null).get("/api/ratings/dazzle/standard/leaderboard?limit=2&cursor=" + cursor).then()
                .statusCode(200).extract().response());
        assertEquals(List.of(ranked.get(2).name(), ranked.get(1).name()), second.getList("items.name"));
        assertEquals(List.of(3, 4), second.getList("items.rank", Integer.class));
        List<String> all = json(as(null).get("/api/ratings/dazzle/standard/leaderboard?limit=100").then().statusCode(200)
                .extract().response()).getList("items.name");
        assertFalse(all.contains(provisional.name()));
        assertFalse(all.contains(inactive.name()));

        as(null).get("/api/players/" + ranked.get(2).name() + "/ratings").then().statusCode(200)
                .body("ratings[0].rank", equalTo(3)).body("ratings[0].provisional", equalTo(false));
        as(null).get("/api/players/" + provisional.name() + "/ratings").then().statusCode(200)
                .body("ratings[0].rank", nullValue()).body("ratings[0].provisional", equalTo(true));
        as(null).get("/api/players/" + inactive.name() + "/ratings").then().statusCode(200)
                .body("ratings[0].rank", nullValue()).body("ratings[0].provisional", equalTo(false));

        // Bad input.
        as(null).get("/api/ratings/dazzle/standard/leaderboard?limit=0").then().statusCode(400)
                .body("code", equalTo("malformed-request"));
        as(null).get("/api/ratings/dazzle/standard/leaderboard?cursor=nope").then().statusCode(400)
                .body("code", equalTo("malformed-request"));
        // The cursor's rank is signed: edited to claim first place on the second page, it is
        // refused; as given, it still works.
        String[] parts = dev.cardtable.platform.Paging.decode(cursor, 4);
        assertEquals("2", parts[2]);
        String edited = dev.cardtable.platform.Paging.encode(parts[0], parts[1], "0", parts[3]);
        as(null).get("/api/ratings/dazzle/standard/leaderboard?limit=2&cursor=" + edited).then().statusCode(400)
                .body("code", equalTo("malformed-request")).body("detail", equalTo("'cursor' is not a cursor this server made"));
        as(null).get("/api/ratings/dazzle/standard/leaderboard?limit=2&cursor=" + cursor).then().statusCode(200)
                .body("items.rank", equalTo(List.of(3, 4)));
        as(null).get("/api/ratings/scoundrel/nope/leaderboard").then().statusCode(404).body("code", equalTo("not-found"));
        as(null).get("/api/ratings/dazzle/nope/leaderboard").then().statusCode(404).body("code", equalTo("not-found"));
        as(null).get("/api/players/" + PlayersTest.unique("nobody") + "/ratings").then().statusCode(404)
                .body("code", equalTo("not-found"));
        as(null).get("/api/players/no%20spaces/ratings").then().statusCode(400).body("code", equalTo("malformed-request"));
        as(null).get("/api/players/" + ranked.get(0).name() + "/ratings/dazzle/standard/history?limit=101").then()
                .statusCode(400).body("code", equalTo("malformed-request"));
        as(null).get("/api/players/" + ranked.get(0).name() + "/ratings/dazzle/standard/history?cursor=x").then()
                .statusCode(400).body("code", equalTo("malformed-request"));
        as(null).get("/api/players/" + ranked.get(0).name() + "/ratings/scoundrel/nope/history").then()
                .statusCode(404).body("code", equalTo("not-found"));
    }

    /**
     * The holes a first user found: a player on both seats of its own game, a rated computer
     * opponent at a weaker budget, a revoked registration left on the leaderboard, a forged rank in
     * a leaderboard cursor, and a rematch of a game called off before anyone joined.
     */
    @Test
    void noRatingFromOneselfAWeakerLevelOrARevokedRegistration() throws Exception {
        Player alice = Player.register("rs");
        // Both seats of one's own game: refused at creation and when taking the open seat; the seat stays open.
        as(null).header("X-Player-Key", alice.key()).body(Map.of("type", "dazzle", "rated", true,
                "seats", List.of(Map.of("name", alice.name()), Map.of("name", alice.name())))).post("/api/games")
                .then().statusCode(409).body("code", equalTo("name-registered"));
        for (boolean rated : List.of(true, false)) {
            String id = create(alice, Map.of("open", true), rated).then().statusCode(201).extract().path("id");
            as(null).header("X-Player-Key", alice.key()).body(Map.of("name", alice.name()))
                    .post("/api/games/" + id + "/seats/1").then().statusCode(409).body("code", equalTo("name-registered"));
            as(null).get("/api/games/" + id).then().statusCode(200).body("status", equalTo("waiting"))
                    .body("seats[1].kind", equalTo("open"));
        }
        // A rated computer opponent plays at the budget its rating was measured at.
        as(null).header("X-Player-Key", alice.key()).body(Map.of("type", "dazzle", "rated", true,
                "seats", List.of(Map.of("name", alice.name()), Map.of("ai", "ismcts", "aiBudget", 1)))).post("/api/games")
                .then().statusCode(422).body("code", equalTo("rated-ai-budget"));
        // A rated game rates people: two computer seats are refused, and so is a null seat, without a fault.
        long games = Long.parseLong(count("select count(*) from games"));
        as(null).body(Map.of("type", "dazzle", "rated", true,
                "seats", List.of(Map.of("ai", "random"), Map.of("ai", "heuristic")))).post("/api/games")
                .then().statusCode(422).contentType("application/problem+json").body("code", equalTo("rated-no-human"));
        as(null).contentType("application/json").body("{\"type\":\"dazzle\",\"rated\":true,\"certified\":true,\"seats\":[null,{\"ai\":\"random\"}]}")
                .post("/api/games").then().statusCode(org.hamcrest.Matchers.lessThan(500)).contentType("application/problem+json");
        as(null).contentType("application/json").body("{\"type\":\"dazzle\",\"rated\":true,\"seats\":[null,{\"ai\":\"random\"}]}")
                .post("/api/games").then().statusCode(org.hamcrest.Matchers.lessThan(500)).contentType("application/problem+json");
        assertEquals(Long.toString(games), count("select count(*) from games"), "nothing was stored");
        assertEquals("0", count("select count(*) from ratings r join players p on p.id = r.player_id where p.name = ?",
                alice.name()), "nothing was rated");

        // A rematch of a game called off before anyone joined has nobody to play.
        Response open = create(alice, Map.of("open", true), true);
        String token = open.path("credentials[0].token");
        as(token).post("/api/games/" + open.path("id") + "/cancel").then().statusCode(200);
        as(token).post("/api/games/" + open.path("id") + "/rematch").then().statusCode(409)
                .body("code", equalTo("game-not-started"));

        // A revoked registration leaves the leaderboard; the name registered again starts with no rating.
        Player gone = Player.register("rv");
        insertRating(gone, 30_000, 60, Instant.now());
        List<String> top = json(as(null).get("/api/ratings/dazzle/standard/leaderboard?limit=5").then().statusCode(200)
                .extract().response()).getList("items.name");
        assertEquals(gone.name(), top.get(0));
        as(null).header("X-Player-Key", gone.key()).delete("/api/players/" + gone.name() + "/key").then().statusCode(204);
        top = json(as(null).get("/api/ratings/dazzle/standard/leaderboard?limit=5").then().statusCode(200)
                .extract().response()).getList("items.name");
        assertFalse(top.contains(gone.name()), top.toString());
        PlayersTest.register(gone.name());
        as(null).get("/api/players/" + gone.name() + "/ratings").then().statusCode(200).body("ratings.size()", equalTo(0));

        // A cursor's rank must be one the server made.
        String forged = dev.cardtable.platform.Paging.encode(1500.0, UUID.randomUUID(), Long.MAX_VALUE, "AAAA");
        as(null).get("/api/ratings/dazzle/standard/leaderboard?cursor=" + forged).then().statusCode(400)
                .body("code", equalTo("malformed-request"));
    }

    @Test
    void aGameEndingAfterAPlayerRevokedRatesTheOtherAgainstTheRatingTheRevokedPlayerHad() throws Exception {
        Player alice = Player.register("rw");
        Player bob = Player.register("rx");
        Game first = play(alice, bob, true);
        resign(first.id(), first.token1()); // Alice wins the first game.
        // As stored, to full precision: payloads show whole points (docs/api.md, "One vocabulary").
        Rating aliceBefore = stored(playerId(alice));
        Rating bobBefore = stored(playerId(bob));
        UUID aliceId = playerId(alice);

        Game second = play(alice, bob, true);
        as(null).header("X-Player-Key", alice.key()).delete("/api/players/" + alice.name() + "/key").then().statusCode(204);
        JsonPath ended = json(resign(second.id(), second.token1())); // Alice, revoked, wins again.

        Glicko2 glicko = new Glicko2(0.75, 45, 350);
        double expected = glicko.update(bobBefore, List.of(new Outcome(aliceBefore, 0)), 0).rating() - bobBefore.rating();
        double asIfNew = glicko.update(bobBefore, List.of(new Outcome(new Rating(1500, 350, 0.06), 0)), 0).rating()
                - bobBefore.rating();
        assertTrue(Math.abs(expected - asIfNew) > 1, expected + " vs " + asIfNew);
        assertEquals(Math.round(expected), ended.getLong("seats[1].ratingDiff"), "seats[1].ratingDiff: whole points");
        assertNull(ended.get("seats[0].ratingDiff"), "a revoked registration is rated no more");
        assertEquals(Math.round(aliceBefore.rating()), ended.getLong("seats[0].rating"), "seats[0].rating: whole points");
        assertEquals("0", count("select count(*) from ratings where player_id = ?", aliceId), "no rating comes back");
        assertEquals("1", count("select count(*) from rating_history where game_id = ?::uuid", second.id()));
    }

    private static void insertRating(Player p, double rating, double deviation, Instant lastPlayed) throws Exception {
        Db.update("insert into ratings (player_id, game_type, ruleset, rating, deviation, volatility, games, last_played)"
                + " values (?, 'dazzle', 'standard', ?, ?, 0.06, 30, ?)", playerId(p), rating, deviation,
                Timestamp.from(lastPlayed));
    }

    @Test
    void theHistoryPagesNewestFirst() throws Exception {
        Player alice = Player.register("rh");
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Response r = create(alice, Map.of("ai", "heuristic"), true);
            ids.add(r.path("id"));
            resign(r.path("id"), r.path("credentials[0].token"));
        }
        String base = "/api/players/" + alice.name() + "/ratings/dazzle/standard/history";
        JsonPath first = json(as(null).get(base + "?limit=2").then().statusCode(200).extract().response());
        assertEquals(List.of(ids.get(2), ids.get(1)), first.getList("items.gameId"));
        JsonPath second = json(as(null).get(base + "?limit=2&cursor=" + first.getString("nextCursor")).then()
                .statusCode(200).extract().response());
        assertEquals(List.of(ids.get(0)), second.getList("items.gameId"));
        assertNull(second.get("nextCursor"));
        // Each point's change is the difference of successive ratings.
        double r1 = first.getDouble("items[1].rating");
        assertEquals(r1 - second.getDouble("items[0].rating"), first.getDouble("items[1].diff"), 1e-9);
    }

    @Test
    void theParametersArePublished() {
        JsonPath p = json(as(null).get("/api/ratings").then().statusCode(200).extract().response());
        assertEquals("glicko2", p.getString("system"));
        assertEquals(1500.0, p.getDouble("initial.rating"), 0);
        assertEquals(350.0, p.getDouble("initial.deviation"), 0);
        assertEquals(0.06, p.getDouble("initial.volatility"), 0);
        assertEquals(0.75, p.getDouble("tau"), 0);
        assertEquals("P5D", p.getString("period"));
        assertEquals(45.0, p.getDouble("deviationFloor"), 0);
        assertEquals(350.0, p.getDouble("deviationCeiling"), 0);
        assertEquals(110.0, p.getDouble("provisionalDeviation"), 0);
        assertEquals("P30D", p.getString("leaderboardInactiveAfter"));
        assertEquals(1203.0, p.getDouble("levels.random.rating"), 0);
        assertEquals(45.0, p.getDouble("levels.random.deviation"), 0);
        assertEquals(1500.0, p.getDouble("levels.heuristic.rating"), 0);
        assertEquals(1836.0, p.getDouble("levels.ismcts.rating"), 0);
        assertEquals(3, p.getInt("deals.candidates"));
        assertEquals(2_000_000L, p.getLong("deals.nodes"));
        // The game types show each computer level's rating.
        JsonPath types = json(as(null).get("/api/game-types").then().statusCode(200).extract().response());
        assertEquals(1203.0, types.getDouble("find { it.type == 'dazzle' }.aiRatings.random"), 0);
        assertEquals(1500.0, types.getDouble("find { it.type == 'dazzle' }.aiRatings.heuristic"), 0);
        assertEquals(1836.0, types.getDouble("find { it.type == 'dazzle' }.aiRatings.ismcts"), 0);
        assertEquals(Map.of(), types.getMap("find { it.type == 'scoundrel' }.aiRatings"));
    }
}
