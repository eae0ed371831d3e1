package dev.cardtable.tournaments;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardtable.support.ArenaBots;
import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.ServerProcess;
import dev.cardtable.support.SseClient;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An arena of 40 bots on two packaged instances of one database ({@code docs/tournaments.md}):
 * half the bots talk to one instance, half to the other, and both instances pair. When the arena
 * is final, the test checks from the stored games alone that every player was paired only when
 * free and never in two games at once, that no game was paired after the pairing closed, that the
 * final standings equal a recomputation by the published rules, and that the arena's event stream
 * and each player's stream told every pairing and result exactly once. Midway, one instance is
 * killed (SIGKILL) while its bots' games end and a new one starts on its port.
 */
class ArenaAcrossInstancesIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int BOTS = 40;
    private static final int MINUTES = 2;

    private static RequestSpecification at(ServerProcess server, String key) {
        RequestSpecification r = RestAssured.given().baseUri(server.baseUri()).contentType(ContentType.JSON)
                .accept(ContentType.JSON);
        return key == null ? r : r.header("X-Player-Key", key);
    }

    /** One game of the arena as stored: its players by seat, their outcomes, and its times. */
    record Stored(String game, List<String> players, List<String> outcomes, Instant created, Instant finished) {
    }

    @Test
    void fortyBotsPlayAnArenaOnTwoInstances() throws Exception {
        Map<String, String> db = new HashMap<>(PostgresResource.database().datasourceConfig());
        db.put("cardtable.rate-limit.enabled", "false");
        db.put("cardtable.arenas.shortest-minutes", "1");
        db.put("cardtable.arenas.closing", "PT15S");
        String jdbc = db.get("quarkus.datasource.jdbc.url");
        String tag = UUID.randomUUID().toString().substring(0, 6);
        ServerProcess a = ServerProcess.start(db);
        ServerProcess b = ServerProcess.start(db);
        try {
            String creatorKey = at(a, null).body(Map.of("name", "arenaHost" + tag)).post("/api/players").then().statusCode(201)
                    .extract().path("key");
            String arena = at(a, creatorKey).body(Map.of("name", "Two instances " + tag, "type", "dazzle", "minutes", MINUTES,
                            "clock", Map.of("type", "fischer", "initial", "PT1M", "increment", "PT1S"), "rated", true))
                    .post("/api/arenas").then().statusCode(201).extract().path("id");
            try (SseClient arenaOnA = SseClient.connect(a.baseUri() + "/api/arenas/" + arena + "/events", null, null);
                 ArenaBots bots = ArenaBots.register(arena, BOTS, "ab" + tag + "-", List.of(a.baseUri(), b.baseUri()))) {
                assertEquals(200, arenaOnA.status());
                bots.start();
                // One bot pauses for a while and comes back: paused, it is never paired.
                ArenaBots.Bot pausing = bots.bots().get(7);
                Thread.sleep(20_000);
                assertEquals(200, bots.withdraw(pausing));
                Instant pausedAt = Instant.now();
                Thread.sleep(15_000);
                Instant resumedAt = Instant.now();
                assertEquals(200, bots.join(pausing));
                // One instance is killed (SIGKILL) while its bots' games end, and a new one takes its
                // port: no ending is lost or counted twice, and its bots' streams resume.
                Thread.sleep(10_000);
                b.kill();
                b = ServerProcess.start(db, null, b.port());

                // Until final: the arena ends after MINUTES; its last games are played out.
                long deadline = System.nanoTime() + Duration.ofMinutes(MINUTES + 3).toNanos();
                JsonNode view;
                do {
                    Thread.sleep(2000);
                    view = JSON.readTree(at(b, null).get("/api/arenas/" + arena).then().statusCode(200).extract().asString());
                } while (!view.path("final").asBoolean() && System.nanoTime() < deadline);
                assertTrue(view.path("final").asBoolean(), "the arena is final: " + view);
                assertEquals("finished", view.path("status").asText());
                Instant pairingEnds = Instant.parse(view.path("pairingEndsAt").asText());
                Instant ends = Instant.parse(view.path("endsAt").asText());
                Thread.sleep(2000); // the streams' last events
                assertTrue(bots.failures().isEmpty(), "bots: " + bots.failures());

                List<Stored> games = stored(jdbc, arena);
                assertTrue(games.size() >= BOTS, "an arena of " + BOTS + " bots for " + MINUTES + " minutes plays at least "
                        + BOTS + " games: " + games.size());
                Set<String> names = new HashSet<>();
                bots.bots().forEach(x -> names.add(x.name()));

                // Every game: two of the arena's players, finished, paired before the pairing closed.
                for (Stored g : games) {
                    assertEquals(2, g.players().size(), g.toString());
                    assertTrue(names.containsAll(g.players()), g.toString());
                    assertFalse(g.players().get(0).equals(g.players().get(1)), g.toString());
                    assertNotNull(g.finished(), "every arena game ended before the arena was final: " + g);
                    assertTrue(g.created().isBefore(pairingEnds), "paired before the pairing closed: " + g);
                }
                // Each player: paired only when free (a game starts after the one before ended), never two at once.
                Map<String, List<Stored>> byPlayer = new TreeMap<>();
                for (Stored g : games) {
                    g.players().forEach(p -> byPlayer.computeIfAbsent(p, x -> new ArrayList<>()).add(g));
                }
                for (Map.Entry<String, List<Stored>> e : byPlayer.entrySet()) {
                    List<Stored> own = new ArrayList<>(e.getValue());
                    own.sort(Comparator.comparing(Stored::created));
                    for (int i = 1; i < own.size(); i++) {
                        assertFalse(own.get(i).created().isBefore(own.get(i - 1).finished()), e.getKey()
                                + " was paired while still playing: " + own.get(i - 1) + " then " + own.get(i));
                    }
                }
                // Paused, the bot was never paired (a game begun before its pause is played out).
                for (Stored g : byPlayer.getOrDefault(pausing.name(), List.of())) {
                    assertFalse(g.created().isAfter(pausedAt.plusSeconds(2)) && g.created().isBefore(resumedAt),
                            "paired while paused: " + g);
                }
                boolean late = games.stream().anyMatch(g -> g.finished().isAfter(ends));

                // The standings equal a recomputation from the stored games by the published rules.
                Map<String, int[]> expected = recompute(games); // points, games, wins, draws, losses
                List<JsonNode> standings = standings(a, arena);
                assertEquals(BOTS, standings.size(), "every bot is in the standings");
                int rank = 0;
                int lastPoints = Integer.MAX_VALUE;
                for (JsonNode s : standings) {
                    rank++;
                    assertEquals(rank, s.path("rank").asInt(), s.toString());
                    int[] want = expected.getOrDefault(s.path("player").asText(), new int[5]);
                    assertEquals(want[0], s.path("points").asInt(), "points of " + s);
                    assertEquals(want[1], s.path("games").asInt(), "games of " + s);
                    assertEquals(want[2], s.path("wins").asInt(), "wins of " + s);
                    assertEquals(want[3], s.path("draws").asInt(), "draws of " + s);
                    assertEquals(want[4], s.path("losses").asInt(), "losses of " + s);
                    assertTrue(s.path("points").asInt() <= lastPoints, "ordered by points: " + s);
                    lastPoints = s.path("points").asInt();
                }
                // The sheets say the same, game by game.
                for (ArenaBots.Bot bot : bots.bots().subList(0, 5)) {
                    JsonNode sheet = JSON.readTree(at(b, null).get("/api/arenas/" + arena + "/players/" + bot.name()).then()
                            .statusCode(200).extract().asString());
                    int sum = 0;
                    for (JsonNode r : sheet.path("results")) {
                        sum += r.path("points").asInt();
                    }
                    assertEquals(expected.getOrDefault(bot.name(), new int[5])[0], sum, "sheet of " + bot.name());
                }

                // The arena's stream: each pairing and each result once, then finished.
                Map<String, Integer> pairings = new HashMap<>();
                Map<String, Integer> results = new HashMap<>();
                boolean finished = false;
                long last = -1;
                for (SseClient.Event e : arenaOnA.take(Integer.MAX_VALUE, Duration.ofSeconds(3))) {
                    if (e.id() != null) {
                        long id = Long.parseLong(e.id());
                        assertTrue(id > last, "ids increase: " + e);
                        last = id;
                    }
                    JsonNode d = JSON.readTree(e.data());
                    switch (e.name()) {
                        case "pairing" -> pairings.merge(d.path("gameId").asText(), 1, Integer::sum);
                        case "result" -> results.merge(d.path("gameId").asText(), 1, Integer::sum);
                        case "finished" -> finished = true;
                        default -> { }
                    }
                }
                Set<String> ids = new HashSet<>();
                games.forEach(g -> ids.add(g.game()));
                assertEquals(ids, pairings.keySet(), "a pairing event for every game");
                assertTrue(pairings.values().stream().allMatch(n -> n == 1), "each pairing once: " + pairings);
                assertEquals(ids, results.keySet(), "a result event for every game");
                assertTrue(results.values().stream().allMatch(n -> n == 1), "each result once: " + results);
                assertTrue(finished, "the arena's stream told its end");

                // Each player's stream: gameStart (naming the arena) and gameFinish once per game of theirs.
                for (ArenaBots.Bot bot : bots.bots()) {
                    Map<String, Integer> starts = new HashMap<>();
                    Map<String, Integer> finishes = new HashMap<>();
                    for (ArenaBots.Seen s : bots.seen(bot.name())) {
                        if (s.name().equals("gameStart")) {
                            assertEquals(arena, s.data().path("arena").asText(), s.toString());
                            starts.merge(s.data().path("gameId").asText(), 1, Integer::sum);
                        } else if (s.name().equals("gameFinish")) {
                            finishes.merge(s.data().path("gameId").asText(), 1, Integer::sum);
                        }
                    }
                    Set<String> own = new HashSet<>();
                    byPlayer.getOrDefault(bot.name(), List.of()).forEach(g -> own.add(g.game()));
                    assertEquals(own, starts.keySet(), bot.name() + "'s gameStart events");
                    assertEquals(own, finishes.keySet(), bot.name() + "'s gameFinish events");
                    assertTrue(starts.values().stream().allMatch(n -> n == 1), bot.name() + ": " + starts);
                    assertTrue(finishes.values().stream().allMatch(n -> n == 1), bot.name() + ": " + finishes);
                }
                System.out.println("arena of " + BOTS + " bots on two instances: " + games.size() + " games"
                        + (late ? ", some ending after the arena's end" : "") + "; statuses " + bots.statuses());
            }
        } finally {
            a.close();
            b.close();
        }
    }

    /** The arena's standings, every page. */
    private static List<JsonNode> standings(ServerProcess server, String arena) throws Exception {
        List<JsonNode> all = new ArrayList<>();
        String cursor = null;
        do {
            RequestSpecification r = at(server, null).queryParam("limit", 7);
            if (cursor != null) {
                r.queryParam("cursor", cursor);
            }
            JsonNode page = JSON.readTree(r.get("/api/arenas/" + arena + "/standings").then().statusCode(200).extract().asString());
            page.path("items").forEach(all::add);
            cursor = page.path("nextCursor").isNull() ? null : page.path("nextCursor").asText(null);
        } while (cursor != null);
        return all;
    }

    /**
     * Points, games, wins, draws and losses of each player by {@code docs/tournaments.md},
     * "Scoring": 2 a win, 1 a draw, 0 a loss, doubled after two wins in a row until a game that is
     * not a win; games in the order they ended.
     */
    static Map<String, int[]> recompute(List<Stored> games) {
        List<Stored> ordered = new ArrayList<>(games);
        ordered.sort(Comparator.comparing(Stored::finished).thenComparing(Stored::game));
        Map<String, int[]> totals = new LinkedHashMap<>();
        Map<String, Integer> wins = new HashMap<>();
        for (Stored g : ordered) {
            for (int i = 0; i < 2; i++) {
                String p = g.players().get(i);
                int[] t = totals.computeIfAbsent(p, x -> new int[5]);
                int inARow = wins.getOrDefault(p, 0);
                int base = switch (g.outcomes().get(i)) {
                    case "won" -> 2;
                    case "drawn" -> 1;
                    default -> 0;
                };
                t[0] += inARow >= 2 ? base * 2 : base;
                t[1]++;
                switch (g.outcomes().get(i)) {
                    case "won" -> t[2]++;
                    case "drawn" -> t[3]++;
                    default -> t[4]++;
                }
                wins.put(p, g.outcomes().get(i).equals("won") ? inARow + 1 : 0);
            }
        }
        return totals;
    }

    /** The arena's games as the games and seats tables hold them. */
    private static List<Stored> stored(String jdbc, String arena) throws Exception {
        List<Stored> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(jdbc, "postgres", "postgres"); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select g.id, g.created_at, g.finished_at, "
                     + "array_agg(st.name order by st.seat), array_agg(coalesce(st.outcome, '') order by st.seat) "
                     + "from arena_games ag join games g on g.id = ag.game_id join seats st on st.game_id = g.id "
                     + "where ag.arena_id = '" + arena + "' group by g.id, g.created_at, g.finished_at")) {
            while (rs.next()) {
                Timestamp fin = rs.getTimestamp(3);
                out.add(new Stored(rs.getString(1), List.of((String[]) rs.getArray(4).getArray()),
                        List.of((String[]) rs.getArray(5).getArray()), rs.getTimestamp(2).toInstant(),
                        fin == null ? null : fin.toInstant()));
            }
        }
        return out;
    }
}
