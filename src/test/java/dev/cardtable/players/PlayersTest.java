package dev.cardtable.players;

import dev.cardtable.engine.Rng;
import dev.cardtable.support.Api;
import dev.cardtable.support.Db;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import static dev.cardtable.support.Api.as;
import static dev.cardtable.support.Api.move;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Registered players: keys shown once and stored hashed, verified seats, protected names, rotation, revocation. */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
public class PlayersTest {

    public static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** Registers {@code name} and returns its key. */
    public static String register(String name) {
        return as(null).body(Map.of("name", name)).post("/api/players").then().statusCode(201)
                .body("name", equalTo(name)).extract().path("key");
    }

    private static Response scoundrelFor(String name, String key) {
        var r = as(null).body(Map.of("type", "scoundrel", "seats", List.of(Map.of("name", name))));
        if (key != null) {
            r.header("X-Player-Key", key);
        }
        return r.post("/api/games").then().extract().response();
    }

    @Test
    void registeringANameShowsItsKeyOnceAndStoresOnlyItsHash() throws Exception {
        String name = unique("Reg");
        Response r = as(null).body(Map.of("name", name)).post("/api/players").then().statusCode(201)
                .header("Location", org.hamcrest.Matchers.endsWith("/api/players/" + name + "/stats")).extract().response();
        String key = r.path("key");
        assertEquals(43, key.length());
        assertEquals(Rng.sha256Hex(key), Db.scalar("select key_hash from players where name = ?", name));
        assertEquals("0", Db.scalar("select count(*) from players where key_hash = ? or name = ?", key, key));
        // Names are one per registration whatever their case.
        as(null).body(Map.of("name", name.toLowerCase())).post("/api/players").then().statusCode(409)
                .body("code", equalTo("name-taken"));
        as(null).body(Map.of("name", "no spaces")).post("/api/players").then().statusCode(400)
                .body("code", equalTo("malformed-request"));
        as(null).body(Map.of()).post("/api/players").then().statusCode(400);
    }

    @Test
    void aSeatCreatedOrTakenWithTheKeyIsVerifiedAndARegisteredNameNeedsItsKey() {
        String name = unique("ver");
        String key = register(name);
        scoundrelFor(name, key).then().statusCode(201).body("seats[0].verified", equalTo(true))
                .body("seats[0].name", equalTo(name));
        scoundrelFor(name, null).then().statusCode(409).body("code", equalTo("name-registered"));
        scoundrelFor(name.toUpperCase(), null).then().statusCode(409).body("code", equalTo("name-registered"));
        scoundrelFor(unique("other"), key).then().statusCode(403).body("code", equalTo("player-key-mismatch"));
        // Another player's key for a seat under this registered name: the key's own seat is what is missing.
        scoundrelFor(name, register(unique("oth"))).then().statusCode(403).body("code", equalTo("player-key-mismatch"));
        scoundrelFor(name, "not-a-key").then().statusCode(401).body("code", equalTo("player-key-invalid"));
        // The key's own name in another case is its name misspelt, not another player's registered name.
        scoundrelFor(name.toUpperCase(), key).then().statusCode(403).body("code", equalTo("player-key-mismatch"))
                .body("detail", org.hamcrest.Matchers.containsString("'" + name + "'"));
        String casual = unique("casual");
        scoundrelFor(casual, null).then().statusCode(201).body("seats[0].verified", equalTo(false));

        // Taking an open seat: verified with the key, refused for the registered name without it.
        Response waiting = Api.create(Map.of("type", "dazzle", "seats", List.of(Map.of("name", casual), Map.of("open", true))));
        String id = waiting.path("id");
        waiting.then().body("seats[0].verified", equalTo(false)).body("seats[1].verified", equalTo(false));
        as(null).body(Map.of("name", name)).post("/api/games/" + id + "/seats/1").then().statusCode(409)
                .body("code", equalTo("name-registered"));
        as(null).body(Map.of("name", casual)).header("X-Player-Key", key).post("/api/games/" + id + "/seats/1")
                .then().statusCode(403).body("code", equalTo("player-key-mismatch"));
        as(null).body(Map.of("name", name.toUpperCase())).header("X-Player-Key", key).post("/api/games/" + id + "/seats/1")
                .then().statusCode(403).body("code", equalTo("player-key-mismatch"));
        as(null).body(Map.of("name", name)).header("X-Player-Key", key).post("/api/games/" + id + "/seats/1")
                .then().statusCode(200).body("seats[1].verified", equalTo(true)).body("status", equalTo("active"));
        as(null).get("/api/games?player=" + name).then().body("items[0].seats[1].verified", equalTo(true));
        // A registered name filters the history in any case, as it names its statistics.
        List<String> games = as(null).get("/api/games?player=" + name).then().extract().path("items.id");
        assertEquals(2, games.size());
        as(null).get("/api/games?player=" + name.toUpperCase()).then().statusCode(200).body("items.id", equalTo(games));
        as(null).get("/api/games?player=" + casual.toUpperCase()).then().statusCode(200).body("items", org.hamcrest.Matchers.empty());
    }

    @Test
    @SuppressWarnings("unchecked")
    void aRecordCutShortDoesNotSeatARegisteredNameButAFinishedOneImportsUnverified() {
        String name = unique("imp");
        String key = register(name);
        String casual = unique("casual");
        Response g = scoundrelFor(casual, null);
        String id = g.path("id");
        String token = g.path("credentials[0].token");
        Map<String, Object> first = g.path("legalMoves[0]");
        as(token).body(first).post("/api/games/" + id + "/moves").then().statusCode(200);
        Map<String, Object> running = as(null).get("/api/games/" + id + "/record").then().extract().jsonPath().getMap("");
        // A running record has no seed: take it from the record of the same game once it is over.
        as(token).body(Map.of("action", "resign")).post("/api/games/" + id + "/moves").then().statusCode(200);
        Map<String, Object> finished = as(null).get("/api/games/" + id + "/record").then().extract().jsonPath().getMap("");
        running.put("seed", finished.get("seed"));
        ((List<Map<String, Object>>) running.get("seats")).get(0).put("name", name);
        as(null).body(running).post("/api/games/import").then().statusCode(409).body("code", equalTo("name-registered"))
                .body("detail", org.hamcrest.Matchers.containsString("an import takes no key"));

        ((List<Map<String, Object>>) finished.get("seats")).get(0).put("name", name);
        as(null).body(finished).post("/api/games/import").then().statusCode(201)
                .body("seats[0].name", equalTo(name)).body("seats[0].verified", equalTo(false));
        as(null).get("/api/players/" + name + "/stats").then().body("verified", equalTo(true))
                .body("types.find { it.type == 'scoundrel' }?.played ?: 0", equalTo(0));
        // Nor is it in the registered name's history, which lists its player's games as its statistics count them.
        as(null).get("/api/games?player=" + name).then().statusCode(200).body("items", org.hamcrest.Matchers.empty());
        as(null).get("/api/games?player=" + name + "&result=lost").then().statusCode(200).body("items", org.hamcrest.Matchers.empty());
        // Once its player plays with its key, that game is listed, and the imported one still is not.
        String own = scoundrelFor(name, key).then().statusCode(201).extract().path("id");
        as(null).get("/api/games?player=" + name).then().statusCode(200).body("items.id", equalTo(List.of(own)));
        // The name nobody registered keeps every seat under it.
        as(null).get("/api/games?player=" + casual).then().statusCode(200).body("items.id", org.hamcrest.Matchers.hasItem(id));
    }

    @Test
    void rotatingReplacesTheKeyAndRevokingEndsTheRegistration() {
        String name = unique("rot");
        String first = register(name);
        as(null).post("/api/players/" + name + "/key").then().statusCode(401).body("code", equalTo("player-key-required"));
        String other = register(unique("rot-other"));
        // Another player's standing key is refused as everywhere: 403, not 401.
        as(null).header("X-Player-Key", other).post("/api/players/" + name + "/key").then().statusCode(403)
                .body("code", equalTo("player-key-mismatch"));
        as(null).header("X-Player-Key", other).delete("/api/players/" + name + "/key").then().statusCode(403)
                .body("code", equalTo("player-key-mismatch"));
        // The name in the path in any case is the same registered name.
        String second = as(null).header("X-Player-Key", first).post("/api/players/" + name.toUpperCase() + "/key").then()
                .statusCode(200).body("name", equalTo(name)).extract().path("key");
        assertNotEquals(first, second);
        scoundrelFor(name, first).then().statusCode(401).body("code", equalTo("player-key-invalid"));
        scoundrelFor(name, second).then().statusCode(201).body("seats[0].verified", equalTo(true));

        as(null).header("X-Player-Key", first).delete("/api/players/" + name + "/key").then().statusCode(401);
        as(null).header("X-Player-Key", second).delete("/api/players/" + name + "/key").then().statusCode(204);
        scoundrelFor(name, second).then().statusCode(401).body("code", equalTo("player-key-invalid"));
        // The name is free again: casual play, or a new registration with a new key.
        scoundrelFor(name, null).then().statusCode(201).body("seats[0].verified", equalTo(false));
        String third = register(name);
        scoundrelFor(name, third).then().statusCode(201).body("seats[0].verified", equalTo(true));
    }

    /**
     * Revoking a key cancels the player's games still waiting for an opponent, so that nobody joins
     * a verified player who no longer is; a game it already plays goes on.
     */
    @Test
    void revokingAKeyCancelsThePlayersWaitingGamesAndLeavesItsRunningOnes() {
        String name = unique("rev-wait");
        String key = register(name);
        Map<String, Object> open = Map.of("type", "dazzle", "seats", List.of(Map.of("name", name), Map.of("open", true)));
        String waiting = as(null).header("X-Player-Key", key).body(open).post("/api/games").then().statusCode(201)
                .body("seats[0].verified", equalTo(true)).extract().path("id");
        String running = as(null).header("X-Player-Key", key).body(open).post("/api/games").then().statusCode(201)
                .extract().path("id");
        as(null).body(Map.of("name", unique("rev-join"))).post("/api/games/" + running + "/seats/1").then().statusCode(200)
                .body("status", equalTo("active"));
        assertTrue(as(null).get("/api/lobby?type=dazzle&limit=100").then().statusCode(200).extract()
                .jsonPath().getList("items.id").contains(waiting));

        as(null).header("X-Player-Key", key).delete("/api/players/" + name + "/key").then().statusCode(204);

        as(null).get("/api/games/" + waiting).then().statusCode(200).body("status", equalTo("finished"))
                .body("result.ending", equalTo("aborted"));
        as(null).get("/api/games/" + running).then().statusCode(200).body("status", equalTo("active"));
        assertTrue(!as(null).get("/api/lobby?type=dazzle&limit=100").then().statusCode(200).extract()
                .jsonPath().getList("items.id").contains(waiting));
        as(null).body(Map.of("name", unique("rev-late"))).post("/api/games/" + waiting + "/seats/1").then()
                .statusCode(409).body("code", equalTo("game-over"));
    }

    /**
     * Two rotations sent with one key at once, both past the key check before either locks the
     * registration: one wins, the other is refused rather than answered with a key that no longer
     * opens anything. The test holds the registration's row lock until both wait on it.
     */
    @Test
    void ofTwoRotationsRacingWithOneKeyOneWinsAndTheOtherIsRefused() throws Exception {
        String name = unique("race");
        String key = register(name);
        List<java.util.concurrent.Future<Response>> sent = new java.util.ArrayList<>();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        try (java.sql.Connection holder = Db.connect()) {
            holder.setAutoCommit(false);
            String pid;
            try (var st = holder.prepareStatement("select id, pg_backend_pid() from players where lower(name) = lower(?) "
                    + "and revoked_at is null for update")) {
                st.setString(1, name);
                try (var rs = st.executeQuery()) {
                    rs.next();
                    pid = rs.getString(2);
                }
            }
            for (int i = 0; i < 2; i++) {
                sent.add(pool.submit(() -> as(null).header("X-Player-Key", key).post("/api/players/" + name + "/key")));
            }
            long deadline = System.nanoTime() + java.time.Duration.ofSeconds(20).toNanos();
            // The first waits on this transaction, the second on the first (a row's waiters queue).
            String waiting = """
                    with recursive w(pid) as (
                        select pid from pg_stat_activity where ?::int = any(pg_blocking_pids(pid))
                        union
                        select a.pid from pg_stat_activity a join w on w.pid = any(pg_blocking_pids(a.pid)))
                    select count(*) from w""";
            while (!"2".equals(Db.scalar(waiting, pid))) {
                assertTrue(System.nanoTime() < deadline, "both rotations should wait on the registration's row");
                Thread.sleep(20);
            }
            holder.commit();
            List<Response> answers = new java.util.ArrayList<>();
            for (var f : sent) {
                answers.add(f.get(20, java.util.concurrent.TimeUnit.SECONDS));
            }
            List<Integer> statuses = answers.stream().map(Response::statusCode).sorted().toList();
            assertEquals(List.of(200, 401), statuses);
            Response lost = answers.stream().filter(r -> r.statusCode() == 401).findFirst().orElseThrow();
            assertEquals("player-key-invalid", lost.path("code"));
            String fresh = answers.stream().filter(r -> r.statusCode() == 200).findFirst().orElseThrow().path("key");
            scoundrelFor(name, fresh).then().statusCode(201).body("seats[0].verified", equalTo(true));
            scoundrelFor(name, key).then().statusCode(401);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void statisticsOfARegisteredNameCountOnlyItsVerifiedSeatsAndSaySo() {
        String name = unique("stats");
        // Played under the name before anyone registered it: not the registered player's.
        Response before = scoundrelFor(name, null);
        move(before.path("id"), before.path("credentials[0].token"), Map.of("action", "resign")).then().statusCode(200);
        as(null).get("/api/players/" + name + "/stats").then().statusCode(200).body("verified", equalTo(false))
                .body("types[0].played", equalTo(1));

        String key = register(name);
        as(null).get("/api/players/" + name + "/stats").then().statusCode(200).body("verified", equalTo(true))
                .body("types", equalTo(List.of()));
        Response verified = scoundrelFor(name, key);
        move(verified.path("id"), verified.path("credentials[0].token"), Map.of("action", "resign")).then().statusCode(200);
        Response stats = as(null).get("/api/players/" + name + "/stats").then().statusCode(200)
                .body("verified", equalTo(true)).body("player", equalTo(name)).extract().response();
        assertEquals(1, (int) stats.path("types[0].played"));
        assertEquals(1, (int) stats.path("types[0].lost"));
        as(null).get("/api/games/" + verified.path("id")).then().body("seats[0].verified", equalTo(true));
        as(null).get("/api/games/" + before.path("id")).then().body("seats[0].verified", equalTo(false));
    }

    @Test
    void aRematchKeepsAVerifiedCallerVerified() {
        String name = unique("rm");
        String key = register(name);
        Response g = as(null).header("X-Player-Key", key).body(Map.of("type", "dazzle", "seed", unique("s"),
                "seats", List.of(Map.of("name", name), Map.of("ai", "random")))).post("/api/games").then().statusCode(201)
                .extract().response();
        String token = g.path("credentials[0].token");
        move(g.path("id"), token, Map.of("action", "resign")).then().statusCode(200);
        as(token).post("/api/games/" + g.path("id") + "/rematch").then().statusCode(201)
                .body("seats[1].name", equalTo(name)).body("seats[1].verified", equalTo(true))
                .body("seats[0].verified", equalTo(false)).body("seats[0].name", nullValue());
    }

    @Test
    void aRematchHasNoVerifiedSeatToKeepForARevokedRegistration() {
        String a = unique("rma"), b = unique("rmb");
        String aKey = register(a), bKey = register(b);
        List<String> ids = new java.util.ArrayList<>(), aTokens = new java.util.ArrayList<>(), bTokens = new java.util.ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Response g = as(null).header("X-Player-Key", aKey).body(Map.of("type", "dazzle",
                    "seats", List.of(Map.of("name", a), Map.of("open", true)))).post("/api/games").then().statusCode(201)
                    .extract().response();
            Response taken = as(null).header("X-Player-Key", bKey).body(Map.of("name", b)).post("/api/games/" + g.path("id")
                    + "/seats/1").then().statusCode(200).body("seats[1].verified", equalTo(true)).extract().response();
            ids.add(g.path("id"));
            aTokens.add(g.path("credentials[0].token"));
            bTokens.add(taken.path("credentials[0].token"));
            move(ids.get(i), aTokens.get(i), Map.of("action", "resign")).then().statusCode(200);
        }
        // A rematch of the second game offered before b revokes; none of the first yet.
        String offered = as(aTokens.get(1)).post("/api/games/" + ids.get(1) + "/rematch").then().statusCode(201)
                .extract().path("id");
        as(null).header("X-Player-Key", bKey).delete("/api/players/" + b + "/key").then().statusCode(204);

        as(aTokens.get(0)).post("/api/games/" + ids.get(0) + "/rematch").then().statusCode(409)
                .body("code", equalTo("registration-ended")).body("detail", org.hamcrest.Matchers.containsString("registration of " + b));
        as(bTokens.get(0)).post("/api/games/" + ids.get(0) + "/rematch").then().statusCode(409)
                .body("code", equalTo("registration-ended"));
        as(null).get("/api/games/" + ids.get(0)).then().body("rematch", nullValue());
        // b's old token cannot take the seat kept for b's revoked registration either.
        as(bTokens.get(1)).post("/api/games/" + ids.get(1) + "/rematch").then().statusCode(409)
                .body("code", equalTo("registration-ended"));
        // The rematch offered before b revoked, which only b could have accepted, was called off by
        // the seat kept for b, and a's seat of it is not waiting any more.
        as(null).get("/api/games/" + offered).then().body("status", equalTo("finished"))
                .body("result.ending", equalTo("aborted")).body("seats[0].kind", equalTo("open"))
                .body("seats[1].name", equalTo(a));
        assertTrue(as(null).get("/api/games?player=" + a + "&status=waiting&limit=100").then().statusCode(200)
                .extract().jsonPath().getList("items.id").stream().noneMatch(offered::equals));
    }
}
