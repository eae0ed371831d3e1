package dev.cardtable.tournaments;

import dev.cardtable.support.Db;
import dev.cardtable.support.MovableClock;
import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.SseClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import dev.cardtable.platform.game.GameChanged;
import dev.cardtable.platform.game.GameReconciled;
import dev.cardtable.platform.game.GameStore;
import dev.cardtable.support.Race;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;

import static dev.cardtable.players.PlayersTest.register;
import static dev.cardtable.players.PlayersTest.unique;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Arenas (docs/tournaments.md): made, joined, paired by the run, scored as their games end through
 * the move API, withdrawn from and rejoined, finished with final ranks; every refusal changes
 * nothing.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
public class ArenasTest {

    private static final Map<String, Object> CLOCK = Map.of("type", "fischer", "initial", "PT3M", "increment", "PT2S");

    @Inject
    ArenaPairing pairing;

    @Inject
    MovableClock clock;

    @Inject
    dev.cardtable.platform.game.ReadModelUpkeep upkeep;

    @Inject
    GameStore games;

    @Inject
    Event<GameReconciled> reconciled;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    static RequestSpecification as(String key) {
        RequestSpecification r = given().contentType(ContentType.JSON).accept(ContentType.JSON);
        return key == null ? r : r.header("X-Player-Key", key);
    }

    record Player(String name, String key) {
    }

    private static Player player(String prefix) {
        String name = unique(prefix);
        return new Player(name, register(name));
    }

    private static Map<String, Object> arena(String name, int minutes) {
        Map<String, Object> body = new HashMap<>();
        body.put("name", name);
        body.put("minutes", minutes);
        body.put("clock", CLOCK);
        body.put("rated", false);
        return body;
    }

    private static String create(Player by, Map<String, Object> body) {
        return as(by.key()).body(body).post("/api/arenas").then().statusCode(201)
                .header("Location", containsString("/api/arenas/")).extract().path("id");
    }

    private static String count(String sql, Object... args) {
        try {
            return Db.scalar(sql, args);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The arena games in progress: game id to the names of its seats. */
    private static Map<String, List<String>> running(String arena) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        try (var c = Db.connect(); var ps = c.prepareStatement(
                "select game_id, name_a, name_b from arena_games where arena_id = ?::uuid and ended_at is null")) {
            ps.setString(1, arena);
            try (var rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), List.of(rs.getString(2), rs.getString(3)));
                }
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    /** {@code loser} resigns game {@code game} with their key. */
    private static void resign(String game, Player loser) {
        as(loser.key()).body(Map.of("action", "resign")).post("/api/games/" + game + "/moves").then().statusCode(200)
                .body("status", equalTo("finished"));
    }

    private static Player named(List<Player> players, String name) {
        return players.stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }

    /** Every name in one game at most, and the standings' playing matches the games in progress. */
    private static void nobodyInTwoGames(String arena, List<Player> players) {
        Map<String, List<String>> games = running(arena);
        Set<String> busy = new HashSet<>();
        for (List<String> seats : games.values()) {
            for (String n : seats) {
                assertTrue(busy.add(n), n + " is in two arena games at once");
            }
        }
        JsonPath s = as(null).get("/api/arenas/" + arena + "/standings?limit=100").then().statusCode(200).extract().jsonPath();
        for (Player p : players) {
            String playing = s.getString("items.find { it.player == '" + p.name() + "' }.playing");
            if (busy.contains(p.name())) {
                assertNotNull(playing, p.name());
                assertTrue(games.get(playing).contains(p.name()));
            }
        }
    }

    @Test
    void anArenaPairsScoresStreaksAndFinishesWithFinalRanks() throws Exception {
        List<Player> players = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            players.add(player("ar" + i));
        }
        Player star = players.get(0);
        String id = create(star, arena("Evening arena", 5));
        as(null).get("/api/arenas/" + id).then().statusCode(200).body("status", equalTo("running"))
                .body("players", equalTo(0)).body("final", equalTo(false)).body("createdBy", equalTo(star.name()))
                .body("type", equalTo("dazzle")).body("ruleset", notNullValue()).body("rated", equalTo(false))
                .body("clock.initial", equalTo("PT3M"));
        as(null).get("/api/arenas?status=running&limit=100").then().statusCode(200).body("items.id", hasItem(id));
        try (SseClient sse = SseClient.connect("http://localhost:" + RestAssured.port + "/api/arenas/" + id + "/events?cursor=0",
                null, null)) {
            assertEquals(200, sse.status());
            for (Player p : players) {
                as(p.key()).post("/api/arenas/" + id + "/join").then().statusCode(200).body("id", equalTo(id));
            }
            // Joining twice changes nothing.
            String events = count("select event_seq from arenas where id = ?::uuid", id);
            as(star.key()).post("/api/arenas/" + id + "/join").then().statusCode(200).body("players", equalTo(5));
            assertEquals(events, count("select event_seq from arenas where id = ?::uuid", id));
            List<SseClient.Event> joins = sse.take(5, Duration.ofSeconds(10));
            assertTrue(joins.stream().allMatch(e -> e.name().equals("standing")));
            assertEquals("1", joins.get(0).id());

            // The first run pairs four of five; a second run pairs nobody more.
            List<UUID> first = pairing.run();
            assertEquals(2, first.size());
            assertEquals(List.of(), pairing.run());
            nobodyInTwoGames(id, players);
            SseClient.Event paired = sse.take(1, Duration.ofSeconds(10)).get(0);
            assertEquals("pairing", paired.name());
            assertTrue(paired.data().contains("\"gameId\""));
            // Each player's own stream announces the game, naming the arena.
            String gameId = first.get(0).toString();
            String start = count("select data from player_events where game_id = ?::uuid and kind = 'gameStart' limit 1", gameId);
            assertTrue(start.contains("\"arena\":\"" + id + "\""), start);
            as(star.key()).get("/api/games/" + gameId).then().statusCode(200).body("clock.initial", equalTo("PT3M"))
                    .body("rated", equalTo(false)).body("seats[0].verified", equalTo(true));

            // Play rounds: the star wins every game; elsewhere seat 0 resigns. One game of the
            // others is aborted before its first move: it counts nothing and frees its players.
            boolean aborted = false;
            for (int round = 0; round < 12 && starGames(id, star) < 3; round++) {
                pairing.run();
                nobodyInTwoGames(id, players);
                for (Map.Entry<String, List<String>> g : running(id).entrySet()) {
                    List<String> seats = g.getValue();
                    if (seats.contains(star.name())) {
                        resign(g.getKey(), named(players, seats.get(seats.get(0).equals(star.name()) ? 1 : 0)));
                    } else if (!aborted) {
                        aborted = true;
                        int toAct = as(null).get("/api/games/" + g.getKey()).then().extract().path("toAct[0]");
                        as(named(players, seats.get(toAct)).key()).body(Map.of("action", "abort"))
                                .post("/api/games/" + g.getKey() + "/moves").then().statusCode(200)
                                .body("result.ending", equalTo("aborted"));
                        assertEquals("1", count("select count(*) from arena_games where game_id = ?::uuid "
                                + "and ended_at is not null and counted is null", g.getKey()));
                    } else {
                        resign(g.getKey(), named(players, seats.get(0)));
                    }
                }
            }
            assertTrue(aborted);
            assertEquals(3, starGames(id, star));
            as(null).get("/api/arenas/" + id + "/players/" + star.name()).then().statusCode(200)
                    .body("player", equalTo(star.name())).body("rank", equalTo(1)).body("games", equalTo(3))
                    .body("wins", equalTo(3)).body("points", equalTo(8)).body("streak", equalTo(3))
                    .body("onStreak", equalTo(true)).body("performance", equalTo(2000))
                    .body("results.points", equalTo(List.of(2, 2, 4))).body("results.result", equalTo(List.of("won", "won", "won")))
                    .body("results[0].opponent", notNullValue()).body("results[0].endedAt", notNullValue());
            // Points in the table equal the sum of each sheet, and games the sheet's length.
            JsonPath table = as(null).get("/api/arenas/" + id + "/standings").then().statusCode(200).extract().jsonPath();
            List<Map<String, Object>> items = table.getList("items");
            assertEquals(5, items.size());
            for (int i = 0; i < items.size(); i++) {
                Map<String, Object> e = items.get(i);
                assertEquals(i + 1, e.get("rank"));
                JsonPath sheet = as(null).get("/api/arenas/" + id + "/players/" + e.get("player")).then().statusCode(200)
                        .extract().jsonPath();
                List<Integer> pts = sheet.getList("results.points", Integer.class);
                assertEquals(e.get("points"), pts.stream().mapToInt(Integer::intValue).sum());
                assertEquals(e.get("games"), pts.size());
                if (i > 0) {
                    assertTrue((Integer) items.get(i - 1).get("points") >= (Integer) e.get("points"));
                }
            }
            // Pages of two walk the same table.
            List<String> paged = new ArrayList<>();
            String cursor = null;
            do {
                var req = as(null).queryParam("limit", 2);
                if (cursor != null) {
                    req.queryParam("cursor", cursor);
                }
                JsonPath page = req.get("/api/arenas/" + id + "/standings").then().statusCode(200).extract().jsonPath();
                paged.addAll(page.getList("items.player"));
                cursor = page.getString("nextCursor");
            } while (cursor != null);
            assertEquals(table.getList("items.player"), paged);
            // A cursor is the server's: one with another rank, or for another arena, is refused.
            String second = as(null).queryParam("limit", 2).get("/api/arenas/" + id + "/standings").then().statusCode(200)
                    .extract().path("nextCursor");
            String[] parts = new String(java.util.Base64.getUrlDecoder().decode(second), java.nio.charset.StandardCharsets.UTF_8)
                    .split("\\|");
            parts[0] = "-5";
            String forged = java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(String.join("|", parts)
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8));
            as(null).queryParam("cursor", forged).get("/api/arenas/" + id + "/standings").then().statusCode(400)
                    .body("code", equalTo("malformed-request"));
            String other = create(players.get(0), arena("Another arena", 30));
            as(null).queryParam("cursor", second).get("/api/arenas/" + other + "/standings").then().statusCode(400)
                    .body("code", equalTo("malformed-request"));

            // A withdrawn player keeps their points and is not paired; joining again brings them back.
            Player quitter = players.get(4);
            finishRunning(id, players);
            as(quitter.key()).post("/api/arenas/" + id + "/withdraw").then().statusCode(200);
            as(null).get("/api/arenas/" + id + "/players/" + quitter.name()).then().body("withdrawn", equalTo(true));
            pairing.run();
            assertFalse(running(id).values().stream().anyMatch(s -> s.contains(quitter.name())));
            finishRunning(id, players);
            as(quitter.key()).post("/api/arenas/" + id + "/join").then().statusCode(200);
            as(null).get("/api/arenas/" + id + "/players/" + quitter.name()).then().body("withdrawn", equalTo(false));

            // A game paired before the end and ended after it counts; the arena is final only then.
            pairing.run();
            Map<String, List<String>> late = running(id);
            assertFalse(late.isEmpty());
            clock.advance(Duration.ofMinutes(6));
            as(null).get("/api/arenas/" + id).then().body("status", equalTo("finished")).body("final", equalTo(false));
            assertEquals(List.of(), pairing.run());
            as(null).get("/api/arenas/" + id).then().body("final", equalTo(false));
            as(quitter.key()).post("/api/arenas/" + id + "/join").then().statusCode(409).body("code", equalTo("arena-finished"));
            String lateGame = late.keySet().iterator().next();
            int countedBefore = Integer.parseInt(count("select count(*) from arena_games where arena_id = ?::uuid "
                    + "and counted is not null", id));
            finishRunning(id, players);
            assertTrue(Integer.parseInt(count("select count(*) from arena_games where arena_id = ?::uuid "
                    + "and counted is not null", id)) >= countedBefore + 1);
            assertNotNull(count("select counted from arena_games where game_id = ?::uuid", lateGame));
            pairing.run();
            as(null).get("/api/arenas/" + id).then().body("final", equalTo(true));
            assertEquals("5", count("select count(final_rank) from arena_players where arena_id = ?::uuid", id));
            as(null).get("/api/arenas/" + id + "/standings").then().body("items.rank", equalTo(List.of(1, 2, 3, 4, 5)));
            as(null).get("/api/arenas?status=finished&limit=100").then().statusCode(200).body("items.id", hasItem(id));
            // Finishing happens once.
            String seq = count("select event_seq from arenas where id = ?::uuid", id);
            pairing.run();
            assertEquals(seq, count("select event_seq from arenas where id = ?::uuid", id));
            assertEquals("1", count("select count(*) from arena_events where arena_id = ?::uuid and name = 'finished'", id));

            // The stream carried every stored event, in order, ending with finished.
            int total = Integer.parseInt(seq);
            List<SseClient.Event> rest = sse.take(total - 6, Duration.ofSeconds(10));
            List<String> names = new ArrayList<>();
            for (int i = 0; i < rest.size(); i++) {
                assertEquals(Integer.toString(7 + i), rest.get(i).id());
                names.add(rest.get(i).name());
            }
            assertEquals("finished", names.get(names.size() - 1));
            assertTrue(names.contains("result"));
            assertTrue(names.contains("pairing"));

            // An ending told again (a game reconciled after a build that kept no arena rows) counts nothing more.
            JsonPath before = as(null).get("/api/arenas/" + id + "/players/" + star.name()).then().extract().jsonPath();
            String firstGame = before.getString("results[0].gameId");
            QuarkusTransaction.requiringNew().run(() -> reconciled.fire(new GameReconciled(
                    GameChanged.of(null, games.find(UUID.fromString(firstGame)).orElseThrow(), true, List.of()))));
            assertEquals(seq, count("select event_seq from arenas where id = ?::uuid", id));
            as(null).get("/api/arenas/" + id + "/players/" + star.name()).then()
                    .body("results.size()", equalTo(before.getList("results").size()))
                    .body("points", equalTo(before.getInt("points")));
        }
        // A stream resumes after the id it is given.
        try (SseClient again = SseClient.connect("http://localhost:" + RestAssured.port + "/api/arenas/" + id + "/events",
                "5", null)) {
            assertEquals("6", again.take(1, Duration.ofSeconds(10)).get(0).id());
        }
    }

    private static int starGames(String arena, Player star) {
        return as(null).get("/api/arenas/" + arena + "/players/" + star.name()).then().statusCode(200).extract().path("games");
    }

    /**
     * Ends every arena game in progress: its seat 0 resigns, or, past the seat's time, the move is
     * refused and the game ends on time.
     */
    private static void finishRunning(String arena, List<Player> players) {
        for (Map.Entry<String, List<String>> g : running(arena).entrySet()) {
            var r = as(named(players, g.getValue().get(0)).key()).body(Map.of("action", "resign"))
                    .post("/api/games/" + g.getKey() + "/moves").then().extract();
            assertTrue(r.statusCode() == 200 || r.statusCode() == 409 && "time-expired".equals(r.path("code")),
                    r.body().asString());
        }
        assertEquals(Map.of(), running(arena));
    }

    /**
     * A release before 0.7.0 keeps no arenas: an arena game it ends during a rolling update is
     * ended without the arena hearing of it, and the mark it leaves ({@code read_model_marks},
     * generation 2) brings it to the arena by the reconcile step, counted once; until then
     * {@code read_model_disagreements()} names it.
     */
    @Test
    void anArenaGameEndedByTheReleaseBeforeIsCountedByTheReconcile() throws Exception {
        Player a = player("arR"), b = player("arR");
        String id = create(a, arena("Upgraded arena", 30));
        as(a.key()).post("/api/arenas/" + id + "/join").then().statusCode(200);
        as(b.key()).post("/api/arenas/" + id + "/join").then().statusCode(200);
        pairing.run();
        Map<String, List<String>> games = running(id);
        assertEquals(1, games.size(), games.toString());
        String game = games.keySet().iterator().next();
        String winner = games.get(game).get(0);
        // Ended as that build ends it: the game and its seats, and its own marks cleared.
        Db.update("update games set status = 'finished', finished_at = now(), updated_at = now() where id = ?::uuid", game);
        Db.update("update seats set outcome = case seat when 0 then 'won' else 'lost' end where game_id = ?::uuid", game);
        Db.update("delete from read_model_pending where game_id = ?::uuid", game);
        assertEquals("1", count("select count(*) from read_model_disagreements() where model = 'arena_games' "
                + "and subject = ?", id + " " + game));

        assertTrue(upkeep.reconcile() >= 1);
        assertEquals("0", count("select count(*) from read_model_disagreements() where model like 'arena%' "
                + "and subject like ?", id + "%"));
        JsonPath s = as(null).get("/api/arenas/" + id + "/standings").then().statusCode(200).extract().jsonPath();
        assertEquals(winner, s.getString("items[0].player"));
        assertEquals(2, s.getInt("items[0].points"));
        assertEquals(List.of(1, 1), s.getList("items.games"));
        assertEquals(java.util.Arrays.asList(null, null), s.getList("items.playing"));
        // A second mark (a run cut short) counts nothing more.
        Db.update("insert into read_model_marks (game_id, generation) values (?::uuid, 2)", game);
        upkeep.reconcile();
        as(null).get("/api/arenas/" + id + "/standings").then().body("items.points", equalTo(List.of(2, 0)));
        for (Player p : List.of(a, b)) {
            as(p.key()).post("/api/arenas/" + id + "/withdraw").then().statusCode(200);
        }
    }

    @Test
    void runsAtOnceMakeEachPairingOnce() throws Exception {
        List<Player> players = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            players.add(player("arC" + i));
        }
        Map<String, Object> rated = arena("Crowded arena", 30);
        rated.put("rated", true);
        String id = create(players.get(0), rated);
        for (Player p : players) {
            as(p.key()).post("/api/arenas/" + id + "/join").then().statusCode(200);
        }
        List<Callable<Integer>> runs = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            runs.add(() -> pairing.run().size());
        }
        Player first = players.get(0);
        SseClient own = SseClient.connectAs("http://localhost:" + RestAssured.port + "/api/players/" + first.name()
                + "/events", null, first.key());
        assertEquals(200, own.status());
        assertEquals("snapshot", own.take(1, Duration.ofSeconds(10)).get(0).name());
        List<Integer> made = Race.run(runs);
        // The player's own stream tells the game's start, naming the arena.
        SseClient.Event start = own.poll(Duration.ofSeconds(10));
        own.close();
        assertNotNull(start);
        assertEquals("gameStart", start.name());
        assertTrue(start.data().contains("\"arena\":\"" + id + "\""), start.data());
        assertTrue(made.stream().mapToInt(Integer::intValue).sum() >= 3, "games made: " + made);
        assertEquals(3, running(id).size());
        for (String g : running(id).keySet()) {
            as(null).get("/api/games/" + g).then().body("rated", equalTo(true)).body("seats[0].rating", equalTo(1500));
        }
        assertEquals("3", count("select count(*) from arena_games where arena_id = ?::uuid", id));
        nobodyInTwoGames(id, players);
        assertEquals("3", count("select count(*) from arena_events where arena_id = ?::uuid and name = 'pairing'", id));
        finishRunning(id, players);
        // Paused, they are paired no more, by this test's runs or another's.
        for (Player p : players) {
            as(p.key()).post("/api/arenas/" + id + "/withdraw").then().statusCode(200);
        }
        pairing.run();
        assertEquals(Map.of(), running(id));
        as(null).get("/api/arenas/" + id + "/standings").then().body("items.withdrawn", equalTo(List.of(true, true, true,
                true, true, true)));
    }

    @Test
    void refusalsChangeNothing() throws Exception {
        Player alice = player("arR"), bob = player("arS");
        String arenas = count("select count(*) from arenas");
        List<Map<String, Object>> bad = new ArrayList<>();
        for (Object[] change : new Object[][] {
                {"minutes", 4}, {"minutes", 1441}, {"minutes", null}, {"name", ""}, {"name", "x".repeat(81)},
                {"name", null}, {"clock", Map.of("type", "correspondence", "perMove", "PT24H")}, {"clock", null},
                {"type", "scoundrel"}, {"name", " padded"}, {"name", "tab\t"},
                {"startsAt", Instant.now().plus(Duration.ofDays(31)).toString()},
                {"startsAt", Instant.now().minus(Duration.ofHours(1)).toString()},
                {"minRating", -1}, {"minRatedGames", -1},
                {"clock", Map.of("type", "fischer", "initial", "PT48H", "increment", "PT2S")},
                {"clock", Map.of("type", "fischer", "initial", "PT3M", "increment", "PT61S")}}) {
            Map<String, Object> body = arena("Bad", 30);
            body.put((String) change[0], change[1]);
            bad.add(body);
        }
        for (Map<String, Object> body : bad) {
            as(alice.key()).body(body).post("/api/arenas").then().statusCode(422).body("code", equalTo("arena-request-invalid"));
        }
        // Malformed, as for a game: an unknown ruleset or clock type, a time that is no duration, no body.
        // A start time is an ISO-8601 string: a number (seconds since 1970, to a lenient reader) is malformed.
        for (Object[] change : new Object[][] {{"ruleset", "nope"}, {"clock", Map.of("type", "blitz")},
                {"clock", Map.of("type", "fischer", "initial", "nope")},
                {"startsAt", Instant.now().plus(Duration.ofHours(1)).getEpochSecond()}, {"startsAt", true}}) {
            Map<String, Object> body = arena("Malformed", 30);
            body.put((String) change[0], change[1]);
            as(alice.key()).body(body).post("/api/arenas").then().statusCode(400).body("code", equalTo("malformed-request"));
        }
        as(alice.key()).post("/api/arenas").then().statusCode(400).body("code", equalTo("malformed-request"));
        as(null).body(arena("No key", 30)).post("/api/arenas").then().statusCode(401).body("code", equalTo("player-key-required"));
        assertEquals(arenas, count("select count(*) from arenas"));

        String missing = UUID.randomUUID().toString();
        for (String path : List.of("/api/arenas/" + missing, "/api/arenas/not-an-id", "/api/arenas/" + missing + "/standings",
                "/api/arenas/" + missing + "/players/" + alice.name())) {
            as(null).get(path).then().statusCode(404).body("code", equalTo("arena-not-found"));
        }
        as(alice.key()).post("/api/arenas/" + missing + "/join").then().statusCode(404).body("code", equalTo("arena-not-found"));
        as(null).get("/api/arenas?status=someday").then().statusCode(400).body("code", equalTo("malformed-request"));
        as(null).get("/api/arenas?limit=0").then().statusCode(400).body("code", equalTo("malformed-request"));
        as(null).get("/api/arenas?cursor=nope").then().statusCode(400).body("code", equalTo("malformed-request"));

        // Conditions: every new player is rated 1500 with no rated game.
        Map<String, Object> strong = arena("Strong", 30);
        strong.put("minRating", 1600);
        String strongId = create(alice, strong);
        as(bob.key()).post("/api/arenas/" + strongId + "/join").then().statusCode(403)
                .body("code", equalTo("arena-conditions-unmet")).body("condition", equalTo("minRating"));
        Map<String, Object> seasoned = arena("Seasoned", 30);
        seasoned.put("minRatedGames", 1);
        String seasonedId = create(alice, seasoned);
        as(bob.key()).post("/api/arenas/" + seasonedId + "/join").then().statusCode(403)
                .body("condition", equalTo("minRatedGames"));
        assertEquals("0", count("select count(*) from arena_players where arena_id in (?::uuid, ?::uuid)", strongId, seasonedId));
        as(bob.key()).post("/api/arenas/" + strongId + "/withdraw").then().statusCode(404)
                .body("code", equalTo("arena-player-not-found"));
        as(null).get("/api/arenas/" + strongId + "/players/" + bob.name()).then().statusCode(404)
                .body("code", equalTo("arena-player-not-found"));
        as(null).get("/api/arenas/" + strongId + "/standings?cursor=nope").then().statusCode(400);
        given().accept("text/event-stream").get("/api/arenas/" + strongId + "/events?cursor=x").then().statusCode(400)
                .body("code", equalTo("malformed-request"));
        given().accept("text/event-stream").get("/api/arenas/" + missing + "/events").then().statusCode(404)
                .body("code", equalTo("arena-not-found"));

        // An upcoming arena: withdrawing before the start leaves it; nobody is paired before it starts.
        Map<String, Object> later = arena("Later", 60);
        later.put("startsAt", Instant.now().plus(Duration.ofHours(2)).toString());
        String laterId = create(alice, later);
        as(null).get("/api/arenas/" + laterId).then().body("status", equalTo("upcoming"));
        as(alice.key()).post("/api/arenas/" + laterId + "/join").then().statusCode(200).body("players", equalTo(1));
        as(bob.key()).post("/api/arenas/" + laterId + "/join").then().statusCode(200).body("players", equalTo(2));
        pairing.run();
        assertEquals("0", count("select count(*) from arena_games where arena_id = ?::uuid", laterId));
        as(bob.key()).post("/api/arenas/" + laterId + "/withdraw").then().statusCode(200).body("players", equalTo(1));
        as(null).get("/api/arenas/" + laterId + "/players/" + bob.name()).then().statusCode(404);
        // Upcoming lists page by cursor, soonest first.
        String secondLater = create(alice, Map.of("name", "Later still", "minutes", 60, "clock", CLOCK,
                "startsAt", Instant.now().plus(Duration.ofHours(3)).toString()));
        List<String> upcoming = new ArrayList<>();
        String cursor = null;
        do {
            var req = as(null).queryParam("status", "upcoming").queryParam("limit", 1);
            if (cursor != null) {
                req.queryParam("cursor", cursor);
            }
            JsonPath page = req.get("/api/arenas").then().statusCode(200).extract().jsonPath();
            upcoming.addAll(page.getList("items.id"));
            cursor = page.getString("nextCursor");
        } while (cursor != null && upcoming.size() < 500);
        assertTrue(upcoming.indexOf(laterId) >= 0 && upcoming.indexOf(laterId) < upcoming.indexOf(secondLater));
        as(null).get("/api/arenas?status=running&limit=100").then().body("items.id", not(hasItem(laterId)));
        as(null).get("/api/arenas/" + laterId).then().body("rated", equalTo(false)).body("minRating", nullValue());
    }
}
