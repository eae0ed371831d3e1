package dev.cardtable.ratings;

import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.Race;
import dev.cardtable.support.ServerProcess;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static dev.cardtable.support.Waits.await;
import static dev.cardtable.support.Waits.sleep;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A rated game's rating changes happen once, with its ending ({@code docs/ratings.md}, "Exactly
 * once"), against the packaged server: two instances ending the same games at the same moment, and
 * a server killed while rated games end. "Right" is read from the base tables: every rated game
 * that ended with a result has one {@code rating_history} point per player and its seats' changes;
 * each player's points form one chain (each starts from the rating the one before ended at, the
 * first from the initial rating), and the player's rating row is the chain's end with as many games
 * as points. A lost update breaks the chain (two points starting from one rating), a doubled one
 * adds a point.
 */
public class RatedEndingsIT {

    private static Map<String, String> database() {
        Map<String, String> db = new HashMap<>(PostgresResource.database().datasourceConfig());
        db.put("cardtable.rate-limit.enabled", "false");
        return db;
    }

    private static RequestSpecification at(String baseUri) {
        return RestAssured.given().baseUri(baseUri).contentType(ContentType.JSON);
    }

    private record Player(String name, String key) {
    }

    private static Player register(String baseUri, String prefix) {
        String name = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        String key = at(baseUri).body(Map.of("name", name)).post("/api/players").then().statusCode(201).extract().path("key");
        return new Player(name, key);
    }

    /** A rated game of {@code a} (seat 0) and {@code b} (seat 1, through the open seat): its id and b's token. */
    private static String[] ratedGame(String baseUri, Player a, Player b) {
        String id = at(baseUri).header("X-Player-Key", a.key())
                .body(Map.of("type", "dazzle", "rated", true, "seats", List.of(Map.of("name", a.name()), Map.of("open", true))))
                .post("/api/games").then().statusCode(201).extract().path("id");
        String token = at(baseUri).header("X-Player-Key", b.key()).body(Map.of("name", b.name()))
                .post("/api/games/" + id + "/seats/1").then().statusCode(200).extract().path("credentials[0].token");
        return new String[]{id, token};
    }

    private static int resign(String baseUri, String id, String token) {
        return at(baseUri).header("Authorization", "Bearer " + token).body(Map.of("action", "resign"))
                .post("/api/games/" + id + "/moves").statusCode();
    }

    private static Connection connect(Map<String, String> db) throws Exception {
        return DriverManager.getConnection(db.get("quarkus.datasource.jdbc.url"), db.get("quarkus.datasource.username"),
                db.get("quarkus.datasource.password"));
    }

    /** What is wrong with the ratings of the players named {@code like} (a SQL pattern), from the base tables. */
    private static List<String> faults(Map<String, String> db, String like) throws Exception {
        List<String> faults = new ArrayList<>();
        try (Connection c = connect(db)) {
            // Every rated game with a result: one point per seat's player, and both seats' changes.
            try (PreparedStatement ps = c.prepareStatement("""
                    select g.id, count(distinct h.player_id), count(*) filter (where s.rating_diff is not null),
                           count(distinct s.player_id)
                    from games g join seats s on s.game_id = g.id
                    left join rating_history h on h.game_id = g.id and h.player_id = s.player_id
                    where g.rated and g.status = 'finished' and s.outcome is not null and s.name like ?
                      and s.seat = 1
                    group by g.id""")) {
                ps.setString(1, like);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        if (rs.getInt(2) != 1 || rs.getInt(3) != 1) {
                            faults.add("game " + rs.getObject(1) + ": seat 1 has " + rs.getInt(2) + " points and "
                                    + rs.getInt(3) + " changes");
                        }
                    }
                }
            }
            try (PreparedStatement ps = c.prepareStatement("""
                    select g.id, count(h.*) from games g
                    left join rating_history h on h.game_id = g.id
                    where g.rated and g.status = 'finished'
                      and exists (select 1 from seats s where s.game_id = g.id and s.name like ?)
                    group by g.id having count(h.*) not in (0, (select count(*) from seats s2 where s2.game_id = g.id))""")) {
                ps.setString(1, like);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        faults.add("game " + rs.getObject(1) + " has " + rs.getLong(2) + " points, not one per seat");
                    }
                }
            }
            // Each player's points form one chain ending at the rating row.
            Map<UUID, List<double[]>> points = new HashMap<>();
            try (PreparedStatement ps = c.prepareStatement("""
                    select h.player_id, h.rating_before, h.rating from rating_history h
                    join players p on p.id = h.player_id where p.name like ?""")) {
                ps.setString(1, like);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        points.computeIfAbsent(rs.getObject(1, UUID.class), k -> new ArrayList<>())
                                .add(new double[]{rs.getDouble(2), rs.getDouble(3)});
                    }
                }
            }
            try (PreparedStatement ps = c.prepareStatement("""
                    select r.player_id, r.rating, r.games from ratings r
                    join players p on p.id = r.player_id where p.name like ?""")) {
                ps.setString(1, like);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        UUID player = rs.getObject(1, UUID.class);
                        List<double[]> chain = new ArrayList<>(points.getOrDefault(player, List.of()));
                        double rating = 1500;
                        int walked = 0;
                        while (!chain.isEmpty()) {
                            double from = rating;
                            List<double[]> next = chain.stream().filter(p -> p[0] == from).toList();
                            if (next.size() != 1) {
                                faults.add(player + ": " + next.size() + " points start from " + from);
                                break;
                            }
                            chain.remove(next.get(0));
                            rating = next.get(0)[1];
                            walked++;
                        }
                        if (chain.isEmpty() && (rs.getDouble(2) != rating || rs.getInt(3) != walked)) {
                            faults.add(player + ": rating " + rs.getDouble(2) + " after " + rs.getInt(3)
                                    + " games, its history ends at " + rating + " after " + walked);
                        }
                    }
                }
            }
        }
        return faults;
    }

    private static long points(Map<String, String> db, String like) throws Exception {
        try (Connection c = connect(db); PreparedStatement ps = c.prepareStatement(
                "select count(*) from rating_history h join players p on p.id = h.player_id where p.name like ?")) {
            ps.setString(1, like);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /**
     * One player plays 20 rated games against four others; each game is resigned twice at the same
     * instant, once through each of two instances: 20 endings, 20 refusals, and 40 points in five
     * unbroken chains.
     */
    @Test
    void twoInstancesEndingTheSameRatedGamesAtOnceRateEachOnce() throws Exception {
        Map<String, String> db = database();
        String prefix = "twice" + UUID.randomUUID().toString().substring(0, 4);
        try (ServerProcess a = ServerProcess.start(db); ServerProcess b = ServerProcess.start(db)) {
            Player hub = register(a.baseUri(), prefix);
            List<Player> others = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                others.add(register(b.baseUri(), prefix));
            }
            List<String[]> games = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                games.add(ratedGame((i % 2 == 0 ? a : b).baseUri(), others.get(i % 4), hub));
            }
            List<Callable<Integer>> calls = new ArrayList<>();
            for (String[] g : games) {
                for (ServerProcess s : List.of(a, b)) {
                    calls.add(() -> resign(s.baseUri(), g[0], g[1]));
                }
            }
            List<Integer> got = Race.run(calls);
            assertEquals(20, got.stream().filter(c -> c == 200).count(), got.toString());
            assertEquals(20, got.stream().filter(c -> c == 409).count(), got.toString());
            assertEquals(40, points(db, prefix + "-%"));
            JsonPath hubRatings = at(b.baseUri()).get("/api/players/" + hub.name() + "/ratings").then().statusCode(200)
                    .extract().jsonPath();
            assertEquals(20, hubRatings.getInt("ratings[0].games"));
            assertTrue(hubRatings.getDouble("ratings[0].rating") < 1500, "the hub lost every game");
            List<String> faults = faults(db, prefix + "-%");
            assertTrue(faults.isEmpty(), faults.toString());
        }
    }

    /**
     * Rated Scoundrel ({@code docs/ratings.md}, "Scoundrel: players against deals"): four players
     * each create five rated games through either instance (deals near their rating, so several
     * share a deal), and every game is resigned twice at the same instant, once through each
     * instance: 20 endings, 20 refusals, one point per game on each side (player and deal), every
     * deal's attempts its points, and each side's points one chain from its starting rating.
     */
    @Test
    void twoInstancesEndingTheSameRatedScoundrelGamesAtOnceRateBothSidesOnce() throws Exception {
        Map<String, String> db = database();
        String prefix = "deal" + UUID.randomUUID().toString().substring(0, 4);
        try (ServerProcess a = ServerProcess.start(db); ServerProcess b = ServerProcess.start(db)) {
            List<Player> players = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                players.add(register(a.baseUri(), prefix));
            }
            List<String[]> games = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                Player p = players.get(i % 4);
                String base = (i % 2 == 0 ? a : b).baseUri();
                io.restassured.response.Response r = at(base).header("X-Player-Key", p.key())
                        .body(Map.of("type", "scoundrel", "rated", true, "seats", List.of(Map.of("name", p.name()))))
                        .post("/api/games").then().statusCode(201).extract().response();
                games.add(new String[]{r.path("id"), r.path("credentials[0].token")});
            }
            List<Callable<Integer>> calls = new ArrayList<>();
            for (String[] g : games) {
                for (ServerProcess s : List.of(a, b)) {
                    calls.add(() -> resign(s.baseUri(), g[0], g[1]));
                }
            }
            List<Integer> got = Race.run(calls);
            assertEquals(20, got.stream().filter(c -> c == 200).count(), got.toString());
            assertEquals(20, got.stream().filter(c -> c == 409).count(), got.toString());
            assertEquals(20, points(db, prefix + "-%"));
            try (Connection c = connect(db)) {
                String ids = games.stream().map(g -> "'" + g[0] + "'").reduce((x, y) -> x + "," + y).orElseThrow();
                try (PreparedStatement ps = c.prepareStatement(
                        "select count(*) from deal_rating_history where game_id in (" + ids + ")");
                     ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    assertEquals(20, rs.getLong(1), "one deal point per game");
                }
                // Every deal's attempts are its points, and its points one chain (ordered as applied).
                try (PreparedStatement ps = c.prepareStatement("""
                        select count(*) from deal_ratings d
                        where d.attempts <> (select count(*) from deal_rating_history h where h.ruleset = d.ruleset
                                             and h.binding = d.binding and h.seed_commitment = d.seed_commitment)""");
                     ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    assertEquals(0, rs.getLong(1), "deals whose attempts differ from their points");
                }
                try (PreparedStatement ps = c.prepareStatement("""
                        select d.seed_commitment, d.seed_rating, d.rating, d.attempts from deal_ratings d
                        where exists (select 1 from deal_rating_history h where h.seed_commitment = d.seed_commitment
                                      and h.game_id in (%s))""".formatted(ids));
                     ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        String deal = rs.getString(1);
                        List<double[]> chain = new ArrayList<>();
                        try (PreparedStatement q = c.prepareStatement(
                                "select rating_before, rating from deal_rating_history where seed_commitment = ?")) {
                            q.setString(1, deal);
                            try (ResultSet h = q.executeQuery()) {
                                while (h.next()) {
                                    chain.add(new double[]{h.getDouble(1), h.getDouble(2)});
                                }
                            }
                        }
                        double rating = rs.getDouble(2);
                        int walked = 0;
                        while (!chain.isEmpty()) {
                            double from = rating;
                            List<double[]> next = chain.stream().filter(p -> p[0] == from).toList();
                            assertEquals(1, next.size(), "deal " + deal + ": points starting from " + from);
                            chain.remove(next.get(0));
                            rating = next.get(0)[1];
                            walked++;
                        }
                        assertEquals(rs.getDouble(3), rating, "deal " + deal + ": its rating ends its chain");
                        assertEquals(rs.getInt(4), walked);
                    }
                }
            }
            List<String> faults = faults(db, prefix + "-%");
            assertTrue(faults.isEmpty(), faults.toString());
        }
    }

    /**
     * Four clients play rated games (created, taken and resigned) among six players as fast as they
     * can; the server is killed (SIGKILL) in the middle and a new one started on the same database.
     * Every game still running afterwards is resigned; then every rated game with a result has its
     * two points and changes, each player's chain is unbroken and ends at its rating, and at least
     * every acknowledged ending is rated.
     */
    @Test
    void aServerKilledWhileRatedGamesEndLosesNoRatingAndDoublesNone() throws Exception {
        Map<String, String> db = database();
        String prefix = "kill" + UUID.randomUUID().toString().substring(0, 4);
        ServerProcess first = ServerProcess.start(db);
        ServerProcess second = null;
        List<Player> players = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            players.add(register(first.baseUri(), prefix));
        }
        AtomicReference<String> base = new AtomicReference<>(first.baseUri());
        Map<String, String> tokens = new ConcurrentHashMap<>();
        AtomicInteger ended = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService clients = Executors.newFixedThreadPool(4);
        try {
            for (int t = 0; t < 4; t++) {
                int client = t;
                clients.submit(() -> {
                    for (int i = client; !stop.get(); i += 4) {
                        try {
                            Player a = players.get(i % 6);
                            Player b = players.get((i % 6 + 1 + (i / 6) % 5) % 6);
                            String[] g = ratedGame(base.get(), a, b);
                            tokens.put(g[0], g[1]);
                            if (resign(base.get(), g[0], g[1]) == 200) {
                                ended.incrementAndGet();
                            }
                        } catch (Throwable e) {
                            // No server is listening (killed, or not started yet), or a request cut
                            // off by the kill: try again shortly.
                            failed.incrementAndGet();
                            sleep(50);
                        }
                    }
                });
            }
            await(ended::get, 20, Duration.ofSeconds(90));
            first.kill();
            int atKill = ended.get();
            second = ServerProcess.start(db);
            base.set(second.baseUri());
            await(ended::get, atKill + 20, Duration.ofSeconds(90));
            stop.set(true);
            clients.shutdown();
            assertTrue(clients.awaitTermination(60, TimeUnit.SECONDS), "the clients stop");

            for (Map.Entry<String, String> g : tokens.entrySet()) {
                int status = resign(second.baseUri(), g.getKey(), g.getValue());
                assertTrue(status == 200 || status == 409, g.getKey() + ": " + status);
            }
            long points = points(db, prefix + "-%");
            assertTrue(points >= 2L * ended.get(), points + " points, " + ended.get() + " endings acknowledged");
            assertEquals(2L * tokens.size(), points, "every game known ended rated, once");
            List<String> faults = faults(db, prefix + "-%");
            assertTrue(faults.isEmpty(), faults.toString());
            System.out.printf("ratings across a kill: %d rated games, %d endings acknowledged (%d before the kill), "
                    + "%d requests failed, %d points%n", tokens.size(), ended.get(), atKill, failed.get(), points);
        } finally {
            stop.set(true);
            clients.shutdownNow();
            first.kill();
            if (second != null) {
                second.close();
            }
        }
    }
}
