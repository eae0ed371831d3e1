package dev.cardtable.play;

import dev.cardtable.platform.game.Sweep;
import dev.cardtable.support.Api;
import dev.cardtable.support.Db;
import dev.cardtable.support.MovableClock;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static dev.cardtable.support.Api.as;
import static dev.cardtable.support.Api.move;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Resigning, aborting, clocks and abandonment over HTTP, against a clock the test moves: every
 * ending is a log entry, ends the game once, and replays from the record.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class EndingsTest {

    @Inject
    MovableClock clock;

    @Inject
    Sweep sweep;

    /** A two-human Dazzle game: id and both tokens. */
    private record Table(String id, String t0, String t1, Response created) {
    }

    private static Table twoHumans(String a, String b, Map<String, String> clock) {
        Map<String, Object> body = new java.util.HashMap<>(Map.of("type", "dazzle", "seed", "ending-" + a,
                "seats", List.of(Map.of("name", a), Map.of("name", b))));
        if (clock != null) {
            body.put("clock", clock);
        }
        Response r = Api.create(body);
        return new Table(r.path("id"), r.path("credentials[0].token"), r.path("credentials[1].token"), r);
    }

    /** The clock is shared with the classes that run after this one, which expect system time. */
    @AfterEach
    void putTheClockBack() {
        clock.reset();
    }

    private static JsonPath game(String id) {
        return as(null).get("/api/games/" + id).then().statusCode(200).extract().jsonPath();
    }

    private static Map<String, Object> firstLegal(String id, String token) {
        return as(token).get("/api/games/" + id).then().extract().jsonPath().getMap("legalMoves[0]");
    }

    @Test
    void aSeatResignsOnTheOtherSeatsTurnAndTheOtherSeatWins() {
        Table t = twoHumans("rita", "sam", null);
        move(t.id(), t.t0(), firstLegal(t.id(), t.t0())).then().statusCode(200);
        // Seat 1 is to act; seat 0 resigns anyway.
        move(t.id(), t.t0(), Map.of("action", "resign")).then().statusCode(200)
                .body("status", equalTo("finished")).body("toAct", equalTo(List.of()))
                .body("result.ending", equalTo("resigned")).body("result.endedBy", equalTo(0))
                .body("result.standings[1].outcome", equalTo("won")).body("applied[0].move.action", equalTo("resign"))
                .body("applied[0].seat", equalTo(0));
        move(t.id(), t.t1(), Map.of("action", "resign")).then().statusCode(409).body("code", equalTo("game-over"));
        // Its seats cannot be taken, and the refusal says how it ended.
        as(null).body(Map.of("name", "tess")).post("/api/games/" + t.id() + "/seats/1").then().statusCode(409)
                .body("code", equalTo("game-over")).body("detail", equalTo("the game is over: a seat resigned"));
        as(null).get("/api/players/sam/stats").then().body("types[0].won", equalTo(1));
    }

    @Test
    void resigningAScoundrelRunLosesIt() {
        Api.Created g = Api.scoundrel("give-up", "una");
        move(g.id(), g.token(), Map.of("action", "resign")).then().statusCode(200)
                .body("result.standings[0].outcome", equalTo("lost")).body("result.ending", equalTo("resigned"))
                .body("result.endedBy", equalTo(0));
    }

    @Test
    void anAbortUntilBothSeatsMovedEndsTheGameUncountedAndLaterItIsIllegal() {
        Table t = twoHumans("vera", "walt", null);
        move(t.id(), t.t1(), Map.of("action", "abort")).then().statusCode(200)
                .body("status", equalTo("finished")).body("result.ending", equalTo("aborted"))
                .body("result.endedBy", nullValue()).body("result.standings[0].outcome", nullValue());
        as(null).get("/api/players/vera/stats").then().body("types", equalTo(List.of()));

        // After one seat's move, the seat that moved may still call the game off.
        Table u = twoHumans("xena", "yuri", null);
        move(u.id(), u.t0(), firstLegal(u.id(), u.t0())).then().statusCode(200);
        move(u.id(), u.t0(), Map.of("action", "abort")).then().statusCode(200).body("result.ending", equalTo("aborted"))
                .body("result.standings[1].outcome", nullValue());
        as(null).get("/api/players/xena/stats").then().body("types", equalTo(List.of()));

        // Once both seats have moved it is too late, for either seat: resign instead.
        Table v = twoHumans("zack", "abby", null);
        move(v.id(), v.t0(), firstLegal(v.id(), v.t0())).then().statusCode(200);
        move(v.id(), v.t1(), firstLegal(v.id(), v.t1())).then().statusCode(200);
        for (String token : List.of(v.t0(), v.t1())) {
            move(v.id(), token, Map.of("action", "abort")).then().statusCode(422).body("code", equalTo("illegal-move"))
                    .body("detail", containsString("until every seat has moved"));
        }
        assertEquals("active", game(v.id()).getString("status"));
    }

    @Test
    void timeoutsAndAbandonmentAreWrittenByTheServerNotPlayed() {
        Table t = twoHumans("zack", "abby", null);
        move(t.id(), t.t0(), Map.of("action", "timeout")).then().statusCode(422).body("code", equalTo("illegal-move"));
        move(t.id(), t.t0(), Map.of("action", "abandon")).then().statusCode(422).body("code", equalTo("illegal-move"));
        assertEquals(0, game(t.id()).getInt("moveCount"));
    }

    @Test
    void aCorrespondenceClockEndsTheGameOnTimeOnceAndTheRecordReplaysIt() {
        Table t = twoHumans("carl", "dora", Map.of("type", "correspondence", "perMove", "PT24H"));
        t.created().then().body("clock.type", equalTo("correspondence")).body("clock.perMove", equalTo("PT24H"));
        Instant deadline = Instant.parse(t.created().path("clock.deadline"));
        move(t.id(), t.t0(), firstLegal(t.id(), t.t0())).then().statusCode(200);
        JsonPath afterMove = game(t.id());
        Instant next = Instant.parse(afterMove.getString("clock.deadline"));
        assertTrue(next.isAfter(deadline), "a move restarts the correspondence clock");
        assertTrue(afterMove.getLong("clock.remainingMs[1]") <= Duration.ofHours(24).toMillis());

        clock.advance(Duration.ofHours(23));
        sweep.sweep();
        assertEquals("active", game(t.id()).getString("status"), "not yet out of time");
        clock.advance(Duration.ofHours(2));
        sweep.sweep();
        sweep.sweep();
        JsonPath ended = game(t.id());
        assertEquals("finished", ended.getString("status"));
        assertEquals("timeout", ended.getString("result.ending"));
        assertEquals(1, ended.getInt("result.endedBy"));
        assertEquals("won", ended.getString("result.standings[0].outcome"));
        assertEquals(2, ended.getInt("moveCount"), "one timeout entry after the one move");
        JsonPath log = as(null).get("/api/games/" + t.id() + "/moves").then().extract().jsonPath();
        assertEquals(Map.of("action", "timeout"), log.getMap("items[1].move"));
        assertEquals(1, log.getInt("items[1].seat"));
        assertEquals(next.toString(), log.getString("items[1].at"), "the game ended at the deadline");

        // The record replays to the same end: the import verifies every move, the timeout included,
        // and finds the stored game; a timeout charged to the wrong seat is refused.
        Map<String, Object> record = as(null).get("/api/games/" + t.id() + "/record").then().extract().jsonPath().getMap("");
        as(null).body(record).post("/api/games/import").then().statusCode(409).body("code", equalTo("record-exists"))
                .body("gameId", equalTo(t.id()));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> moves = (List<Map<String, Object>>) record.get("moves");
        moves.get(1).put("seat", 0);
        as(null).body(record).post("/api/games/import").then().statusCode(422).body("code", equalTo("invalid-record"))
                .body("move", equalTo(2));
    }

    @Test
    @SuppressWarnings("unchecked")
    void aRecordCarriesTheClockAndItsTimeoutIsTimedByIt() throws Exception {
        Table t = twoHumans("ulla", "vito", Map.of("type", "correspondence", "perMove", "PT1H"));
        move(t.id(), t.t0(), firstLegal(t.id(), t.t0())).then().statusCode(200);
        clock.advance(Duration.ofHours(2));
        JsonPath ended = game(t.id());
        assertEquals("timeout", ended.getString("result.ending"));
        Map<String, Object> record = as(null).get("/api/games/" + t.id() + "/record").then().statusCode(200)
                .body("formatVersion", equalTo(3)).body("clock.type", equalTo("correspondence"))
                .body("clock.perMove", equalTo("PT1H")).extract().jsonPath().getMap("");
        List<Map<String, Object>> moves = (List<Map<String, Object>>) record.get("moves");
        Db.update("delete from games where id = ?::uuid", t.id());

        // A timeout before the seat's hour was up, or in a game without a clock, is refused.
        Map<String, Object> early = retimed(record, Map.of(1, at(moves, 0).plus(Duration.ofMinutes(30))));
        as(null).body(early).post("/api/games/import").then().statusCode(422).body("code", equalTo("invalid-record"))
                .body("move", equalTo(2));
        Map<String, Object> unclocked = new java.util.HashMap<>(record);
        unclocked.put("clock", null);
        as(null).body(unclocked).post("/api/games/import").then().statusCode(422).body("code", equalTo("invalid-record"))
                .body("move", equalTo(2));
        // A move made after its seat's hour was up, when the game had ended on time, is refused.
        Instant lateAt = Instant.parse((String) record.get("createdAt")).plus(Duration.ofMinutes(61));
        Map<String, Object> late = retimed(record, Map.of(0, lateAt, 1, lateAt.plus(Duration.ofHours(1))));
        as(null).body(late).post("/api/games/import").then().statusCode(422).body("code", equalTo("invalid-record"))
                .body("move", equalTo(1)).body("detail", containsString("at or after the deadline"));

        // The record as it was imports to the same clock and the same end, and exports the same record.
        String imported = as(null).body(record).post("/api/games/import").then().statusCode(201)
                .body("clock.perMove", equalTo("PT1H")).body("result.ending", equalTo("timeout"))
                .body("result.endedBy", equalTo(1)).extract().path("id");
        Map<String, Object> again = as(null).get("/api/games/" + imported + "/record").then().extract().jsonPath().getMap("");
        assertEquals(record, again);
    }

    @Test
    void aFischerClockChargesEachMoveAndAddsTheIncrement() {
        Table t = twoHumans("emma", "finn", Map.of("type", "fischer", "initial", "PT5M", "increment", "PT2S"));
        long start = t.created().jsonPath().getLong("clock.remainingMs[0]");
        assertTrue(start <= 300_000 && start > 290_000, "seat 0's clock runs from 5 minutes: " + start);
        assertEquals(300_000, t.created().jsonPath().getLong("clock.remainingMs[1]"), "seat 1's clock stands");
        clock.advance(Duration.ofSeconds(30));
        move(t.id(), t.t0(), firstLegal(t.id(), t.t0())).then().statusCode(200);
        JsonPath g = game(t.id());
        long seat0 = g.getLong("clock.remainingMs[0]");
        assertTrue(seat0 <= 300_000 - 30_000 + 2_000 && seat0 > 300_000 - 35_000 + 2_000, // up to 5 s of real time on a busy machine
                "30 s used and 2 s added back: " + seat0);
        clock.advance(Duration.ofMinutes(5).plusSeconds(1));
        // No sweep has run: the next read sees the game ended on time all the same.
        g = game(t.id());
        assertEquals("timeout", g.getString("result.ending"));
        assertEquals(1, g.getInt("result.endedBy"));
        assertEquals(2, g.getInt("moveCount"));
        assertEquals(0, g.getLong("clock.remainingMs[1]"), "the seat that ran out has no time left, and no increment");
        assertEquals(seat0, g.getLong("clock.remainingMs[0]"));
        assertEquals(0, sweep.sweep(), "ended once");
    }

    @Test
    void everyReadOfAGameThatRanOutOfTimeShowsItEndedWithoutASweep() {
        Table viaLog = twoHumans("olga", "piet", Map.of("type", "fischer", "initial", "PT1M", "increment", "PT0S"));
        Table viaHistory = twoHumans("quin", "rosa", Map.of("type", "fischer", "initial", "PT1M", "increment", "PT0S"));
        Table viaTimeline = twoHumans("sven", "tova", Map.of("type", "fischer", "initial", "PT1M", "increment", "PT0S"));
        clock.advance(Duration.ofMinutes(2));

        // No sweep runs and no GET of the game comes first: each read ends the game itself.
        JsonPath log = as(null).get("/api/games/" + viaLog.id() + "/moves").then().statusCode(200).extract().jsonPath();
        assertEquals(Map.of("action", "timeout"), log.getMap("items[0].move"));
        assertEquals(0, log.getInt("items[0].seat"));

        JsonPath history = as(null).get("/api/games?player=quin").then().statusCode(200).extract().jsonPath();
        assertEquals(viaHistory.id(), history.getString("items[0].id"));
        assertEquals("finished", history.getString("items[0].status"));
        assertEquals("timeout", history.getString("items[0].result.ending"));

        JsonPath timeline = as(null).get("/api/games/" + viaTimeline.id() + "/timeline").then().statusCode(200)
                .extract().jsonPath();
        assertEquals(2, timeline.getList("items").size(), "the deal and the timeout");
        assertEquals("timeout", timeline.getString("items[1].entry.move.action"));

        assertEquals(0, sweep.sweep(), "every game already ended once");
        for (Table t : List.of(viaLog, viaHistory, viaTimeline)) {
            assertEquals(1, game(t.id()).getInt("moveCount"));
        }
    }

    @Test
    void aMoveAfterTheDeadlineIsRefusedAndEndsTheGameOnTime() {
        Table t = twoHumans("gail", "hank", Map.of("type", "fischer", "initial", "PT1M", "increment", "PT0S"));
        Map<String, Object> legal = firstLegal(t.id(), t.t0());
        clock.advance(Duration.ofMinutes(2));
        move(t.id(), t.t0(), legal).then().statusCode(409).body("code", equalTo("time-expired"));
        JsonPath g = game(t.id());
        assertEquals("finished", g.getString("status"));
        assertEquals("timeout", g.getString("result.ending"));
        assertEquals(0, g.getInt("result.endedBy"));
        assertEquals(1, g.getInt("moveCount"));
        assertEquals(0, sweep.sweep(), "the game ended once; nothing is left for the sweep");
        assertEquals(1, game(t.id()).getInt("moveCount"));
    }

    @Test
    void aGameWithoutAClockInWhichNobodyMovesIsAbandonedAndCountedApart() throws Exception {
        Table t = twoHumans("ivan", "jade", null);
        move(t.id(), t.t0(), firstLegal(t.id(), t.t0())).then().statusCode(200);
        Table clocked = twoHumans("kurt", "lena", Map.of("type", "correspondence", "perMove", "P30D"));
        clock.advance(Duration.ofDays(8));
        sweep.sweep();
        JsonPath g = game(t.id());
        assertEquals("abandoned", g.getString("result.ending"));
        assertEquals(2, g.getInt("moveCount"));
        assertTrue(g.get("result.endedBy") == null);
        assertEquals("active", game(clocked.id()).getString("status"), "a game with a clock is never abandoned");
        as(null).get("/api/players/ivan/stats").then().body("types[0].played", equalTo(0))
                .body("types[0].abandoned", equalTo(1));
        as(null).get("/api/games?player=ivan&result=abandoned").then().body("items[0].id", equalTo(t.id()));

        // Its record imports as it was; an abandon sooner after the last move than the sweep waits does not.
        Map<String, Object> record = as(null).get("/api/games/" + t.id() + "/record").then().statusCode(200)
                .extract().jsonPath().getMap("");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> moves = (List<Map<String, Object>>) record.get("moves");
        assertEquals(Map.of("action", "abandon"), moves.get(1).get("move"));
        Db.update("delete from games where id = ?::uuid", t.id());
        Map<String, Object> soon = retimed(record, Map.of(1, at(moves, 0).plus(Duration.ofDays(1))));
        as(null).body(soon).post("/api/games/import").then().statusCode(422).body("code", equalTo("invalid-record"))
                .body("move", equalTo(2)).body("detail", containsString("an abandon comes P7D after"));
        as(null).body(record).post("/api/games/import").then().statusCode(201).body("result.ending", equalTo("abandoned"));
    }

    @Test
    void aBadClockIsMalformed() {
        for (Map<String, String> bad : List.of(Map.of("type", "hourglass"), Map.of("type", "correspondence"),
                Map.of("type", "fischer", "initial", "five minutes"), Map.of("type", "correspondence", "perMove", "PT0S"),
                Map.of("type", "fischer", "initial", "PT5M", "perMove", "PT1H"))) {
            as(null).body(Map.of("type", "dazzle", "seats", List.of(Map.of("name", "a"), Map.of("ai", "random")),
                    "clock", bad)).post("/api/games").then().statusCode(400).body("code", equalTo("malformed-request"));
        }
        // The longest clock is written as docs/api.md writes it, P60D.
        as(null).body(Map.of("type", "dazzle", "seats", List.of(Map.of("name", "a"), Map.of("ai", "random")),
                "clock", Map.of("type", "correspondence", "perMove", "P61D"))).post("/api/games").then().statusCode(400)
                .body("code", equalTo("malformed-request")).body("detail", equalTo("clock 'perMove' must be PT1S to P60D"));
        as(null).body(Map.of("type", "dazzle", "seats", List.of(Map.of("name", "a"), Map.of("ai", "random")),
                "clock", Map.of("type", "correspondence", "perMove", "P60D"))).post("/api/games").then().statusCode(201);
    }

    /** The time of move {@code i} (0-based) of a record's moves. */
    private static Instant at(List<Map<String, Object>> moves, int i) {
        return Instant.parse((String) moves.get(i).get("at"));
    }

    /** A copy of {@code record} whose moves at the given indexes (0-based) are timed anew. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> retimed(Map<String, Object> record, Map<Integer, Instant> times) {
        Map<String, Object> copy = new java.util.HashMap<>(record);
        List<Map<String, Object>> moves = new java.util.ArrayList<>();
        for (Map<String, Object> m : (List<Map<String, Object>>) record.get("moves")) {
            Map<String, Object> move = new java.util.HashMap<>(m);
            Instant t = times.get(moves.size());
            if (t != null) {
                move.put("at", t.toString());
            }
            moves.add(move);
        }
        copy.put("moves", moves);
        return copy;
    }
}
