package dev.cardtable.ratings;

import dev.cardtable.engine.Deal;
import dev.cardtable.engine.Options;
import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Setup;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.solver.DealRating;
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

import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;

import static dev.cardtable.support.Api.as;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Rated Scoundrel, players against deals ({@code docs/ratings.md}, "Scoundrel: players against
 * deals"), through the HTTP API: a new player's and a fresh deal's ratings after one game against
 * an independent Glicko-2 step, hints off while a rated game runs, the server's choice of deal, a
 * deal near the player's rating, and one update of each side per game when many end at once.
 * Each test plays its own weapon binding or ruleset, so that the deals one test rates are not drawn
 * for another's players.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
public class RatedScoundrelTest {

    @Inject
    MovableClock clock;

    @Inject
    dev.cardtable.platform.game.ReadModelUpkeep upkeep;

    /** The clock is shared with the classes that run after this one, which expect system time. */
    @AfterEach
    void putTheClockBack() {
        clock.reset();
    }

    private static final JsonPathConfig DOUBLES = JsonPathConfig.jsonPathConfig()
            .numberReturnType(JsonPathConfig.NumberReturnType.DOUBLE);

    /** A registered player. */
    record Player(String name, String key) {
        static Player register(String prefix) {
            String name = PlayersTest.unique(prefix);
            return new Player(name, PlayersTest.register(name));
        }
    }

    private static Response createRated(Player p, Map<String, ?> extra) {
        Map<String, Object> body = new HashMap<>(Map.of("type", "scoundrel", "rated", true,
                "seats", List.of(Map.of("name", p.name()))));
        body.putAll(extra);
        return as(null).header("X-Player-Key", p.key()).body(body).post("/api/games").then().extract().response();
    }

    /** Plays the first legal move until the game is over; the last answer. */
    private static JsonPath playOut(String id, String token) {
        JsonPath g = as(token).get("/api/games/" + id).then().statusCode(200).extract().response().jsonPath(DOUBLES);
        while (!"finished".equals(g.getString("status"))) {
            Map<String, Object> move = g.getMap("legalMoves[0]");
            g = as(token).body(move).post("/api/games/" + id + "/moves").then().statusCode(200).extract().response()
                    .jsonPath(DOUBLES);
        }
        return g;
    }

    @Test
    void aNewPlayerAndAFreshDealAfterOneRatedGameHaveThePublishedFormulasRatings() throws Exception {
        Player alice = Player.register("rs");
        Map<String, String> strict = Map.of("weaponBinding", "strictlyLess");
        Response created = createRated(alice, Map.of("options", strict));
        created.then().statusCode(201).body("rated", equalTo(true)).body("seed", nullValue())
                .body("dealRating", nullValue()).body("seats[0].rating", equalTo(1500));
        String id = created.path("id");
        String token = created.path("credentials[0].token");

        // While it runs: no hint, no analysis, no seed, no deal rating.
        as(token).get("/api/games/" + id + "/hint").then().statusCode(409).body("code", equalTo("rated-game-running"));
        as(null).get("/api/games/" + id + "/analysis").then().statusCode(409).body("code", equalTo("game-not-over"));
        as(token).get("/api/games/" + id).then().statusCode(200).body("seed", nullValue()).body("dealRating", nullValue());

        JsonPath end = playOut(id, token);
        String seed = end.getString("seed");
        assertNotNull(seed, "the seed is revealed once the game is over");
        double score = "won".equals(end.getString("result.standings[0].outcome")) ? 1 : 0;

        // The deal started from its seed rating: the published mapping of what the solver proves.
        DealRating.Measure m = DealRating.measure(new ScoundrelRules().deal(new Setup("standard", new Options(strict),
                new Deal.Seeded(seed))), DealRating.NODES);
        double[] player = Step.update(1500, 350, 0.06, m.rating(), 350, score);
        double[] deal = Step.update(m.rating(), 350, 0.06, 1500, 350, 1 - score);

        // Through HTTP: whole points for ratings and deviations, the volatility to full precision.
        assertEquals(Math.round(player[0] - 1500), end.getLong("seats[0].ratingDiff"));
        JsonPath ratings = as(null).get("/api/players/" + alice.name() + "/ratings").then().statusCode(200).extract()
                .response().jsonPath(DOUBLES);
        assertEquals("scoundrel", ratings.getString("ratings[0].gameType"));
        assertEquals("standard", ratings.getString("ratings[0].ruleset"));
        assertEquals(Math.round(player[0]), ratings.getLong("ratings[0].rating"));
        assertEquals(Math.round(player[1]), ratings.getLong("ratings[0].deviation"));
        assertEquals(player[2], ratings.getDouble("ratings[0].volatility"), 1e-9);
        assertEquals(1, ratings.getInt("ratings[0].games"));
        JsonPath after = as(null).get("/api/games/" + id).then().statusCode(200).extract().response().jsonPath(DOUBLES);
        assertEquals(Math.round(deal[0]), after.getLong("dealRating.rating"));
        assertEquals(Math.round(deal[1]), after.getLong("dealRating.deviation"));
        assertEquals(deal[2], after.getDouble("dealRating.volatility"), 1e-9);
        assertEquals(1, after.getInt("dealRating.attempts"));
        // Through HTTP alone, to the hundredth: the glicko values equal the published formulas.
        assertEquals(player[0], ratings.getDouble("ratings[0].glicko.rating"), 0.01);
        assertEquals(player[1], ratings.getDouble("ratings[0].glicko.deviation"), 0.01);
        assertEquals(player[2], ratings.getDouble("ratings[0].glicko.volatility"), 1e-9);
        assertEquals(deal[0], after.getDouble("dealRating.glicko.rating"), 0.01);
        assertEquals(deal[1], after.getDouble("dealRating.glicko.deviation"), 0.01);
        assertEquals(deal[2], after.getDouble("dealRating.glicko.volatility"), 1e-9);
        // The deal's starting point, through HTTP: its seed rating by the published mapping of the
        // solver's measure, at the initial deviation and volatility.
        double seedShown = after.getDouble("dealRating.seedGlicko.rating");
        assertEquals(m.rating(), seedShown, 0.01);
        assertEquals(350, after.getDouble("dealRating.seedGlicko.deviation"), 0.01);
        assertEquals(0.06, after.getDouble("dealRating.seedGlicko.volatility"), 1e-12);
        // From what the API shows alone, both sides' first update follows the published step.
        double[] playerFromApi = Step.update(1500, 350, 0.06, seedShown, 350, score);
        double[] dealFromApi = Step.update(seedShown, 350, 0.06, 1500, 350, 1 - score);
        assertEquals(playerFromApi[0], ratings.getDouble("ratings[0].glicko.rating"), 0.01);
        assertEquals(playerFromApi[1], ratings.getDouble("ratings[0].glicko.deviation"), 0.01);
        assertEquals(dealFromApi[0], after.getDouble("dealRating.glicko.rating"), 0.01);
        assertEquals(dealFromApi[1], after.getDouble("dealRating.glicko.deviation"), 0.01);
        // The history's point of the game shows the same.
        JsonPath history = as(null).get("/api/players/" + alice.name() + "/ratings/scoundrel/standard/history").then()
                .statusCode(200).extract().response().jsonPath(DOUBLES);
        assertEquals(player[0], history.getDouble("items[0].glicko.rating"), 0.01);
        assertEquals(player[1], history.getDouble("items[0].glicko.deviation"), 0.01);
        // And as stored, to the hundredth.
        String commitment = Rng.commitment(seed);
        assertEquals(m.rating(), Double.parseDouble(Db.scalar("select seed_rating from deal_ratings where seed_commitment = ?",
                commitment)), 0.01);
        assertEquals(deal[0], Double.parseDouble(Db.scalar("select rating from deal_ratings where seed_commitment = ?",
                commitment)), 0.01);
        assertEquals(deal[1], Double.parseDouble(Db.scalar("select deviation from deal_ratings where seed_commitment = ?",
                commitment)), 0.01);
        UUID pid = UUID.fromString(Db.scalar("select id from players where name = ?", alice.name()));
        assertEquals(player[0], Double.parseDouble(Db.scalar("select rating from ratings where player_id = ?", pid)), 0.01);
        assertEquals(player[1], Double.parseDouble(Db.scalar("select deviation from ratings where player_id = ?", pid)), 0.01);

        // A rematch deals a fresh secret seed, not a deal chosen for the rating: it is unrated.
        as(token).post("/api/games/" + id + "/rematch").then().statusCode(201).body("rated", equalTo(false));
        // Once it is over, the analysis is offered.
        as(null).get("/api/games/" + id + "/analysis").then().statusCode(200);
        // The leaderboard of the perf exists (a provisional player is not on it yet).
        as(null).get("/api/ratings/scoundrel/standard/leaderboard").then().statusCode(200);
    }

    @Test
    void aRatedAttemptAtTheDailyDealRatesItsDealWhichItsBoardShowsOnceTheDayIsOver() throws Exception {
        LocalDate today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
        LocalDate day = today.plusDays(5);
        clock.advance(Duration.between(clock.instant(), day.atStartOfDay(ZoneOffset.UTC).toInstant().plusSeconds(60)));
        Player erin = Player.register("rs");
        as(null).header("X-Player-Key", erin.key()).post("/api/daily/standard/attempts?rated=maybe").then().statusCode(400)
                .body("code", equalTo("malformed-request"));
        Response attempt = as(null).header("X-Player-Key", erin.key()).post("/api/daily/standard/attempts?rated=true")
                .then().statusCode(201).body("rated", equalTo(true)).body("daily", equalTo(day.toString()))
                .extract().response();
        JsonPath end = playOut(attempt.path("id"), attempt.path("credentials[0].token"));
        assertNotNull(end.get("seats[0].ratingDiff"), "the attempt was rated as it ended");
        as(null).get("/api/players/" + erin.name() + "/ratings").then().statusCode(200)
                .body("ratings[0].gameType", equalTo("scoundrel")).body("ratings[0].games", equalTo(1));
        // While the day lasts, the deal's rating speaks of its hidden order: not shown.
        as(null).get("/api/daily/standard/" + day + "/leaderboard").then().statusCode(200).body("dealRating", nullValue());
        clock.advance(Duration.ofDays(1));
        as(null).get("/api/daily/standard/" + day + "/leaderboard").then().statusCode(200)
                .body("dealRating.attempts", equalTo(1)).body("dealRating.rating", org.hamcrest.Matchers.notNullValue());
        as(null).get("/api/daily/standard/" + day).then().statusCode(200).body("dealRating.attempts", equalTo(1));
        as(null).get("/api/games/" + attempt.path("id")).then().statusCode(200).body("dealRating.attempts", equalTo(1));
    }

    @Test
    void theServerChoosesTheDealOfARatedScoundrelGame() {
        Player bob = Player.register("rs");
        createRated(bob, Map.of("seed", "42")).then().statusCode(422).body("code", equalTo("rated-deal"));
        List<String> deal = new ArrayList<>(dev.cardtable.play.ScoundrelGameTest.WINNABLE);
        createRated(bob, Map.of("deal", deal)).then().statusCode(422).body("code", equalTo("rated-deal"));
        // Without a registered player's key, there is nobody to rate.
        as(null).body(Map.of("type", "scoundrel", "rated", true, "seats", List.of(Map.of("name", PlayersTest.unique("anon")))))
                .post("/api/games").then().statusCode(422).body("code", equalTo("rated-seat-unverified"));
        // Its first room is seen at once, so it cannot be called off (which would rate nobody): only resigned.
        Response running = createRated(bob, Map.of());
        running.then().statusCode(201);
        String id = running.path("id"), token = running.path("credentials[0].token");
        as(token).body(Map.of("action", "abort")).post("/api/games/" + id + "/moves").then().statusCode(422)
                .contentType("application/problem+json").body("code", equalTo("illegal-move"));
        as(token).get("/api/games/" + id).then().statusCode(200).body("status", equalTo("active")).body("version", equalTo(0));
        as(token).body(Map.of("action", "resign")).post("/api/games/" + id + "/moves").then().statusCode(200)
                .body("result.ending", equalTo("resigned"));
        // A certified deal may be played rated.
        createRated(bob, Map.of("certified", true, "ruleset", "simple")).then().statusCode(201)
                .body("rated", equalTo(true)).body("certified", equalTo(true)).body("seed", nullValue());
    }

    /**
     * A rated deal is dealt once: even a rated deal at exactly the player's rating, whose game has
     * ended (and so whose seed is public), is not dealt again; each rated game gets a fresh secret
     * seed, the nearest the player's rating of those measured, and a deal shared by two running
     * games never reveals its seed when one of them ends.
     */
    @Test
    void aRatedDealIsNeverDealtTwice() throws Exception {
        Player carol = Player.register("rs");
        Player dave = Player.register("rs");
        String known = "known-" + UUID.randomUUID();
        insertDeal(known, 1500.0);
        Response first = createRated(carol, Map.of("ruleset", "simple"));
        first.then().statusCode(201).body("seed", nullValue());
        String firstDeal = first.path("seedCommitment");
        assertTrue(!Rng.commitment(known).equals(firstDeal), "a rated deal already measured is not dealt");
        Response second = createRated(dave, Map.of("ruleset", "simple"));
        second.then().statusCode(201);
        assertTrue(!firstDeal.equals(second.path("seedCommitment")), "two rated games, two deals");
        // The first ends; its deal, now public, is never dealt again, to anyone.
        JsonPath done = playOut(first.path("id"), first.path("credentials[0].token"));
        assertNotNull(done.getString("seed"));
        for (Player p : List.of(carol, dave)) {
            Response next = createRated(p, Map.of("ruleset", "simple"));
            next.then().statusCode(201);
            assertTrue(!firstDeal.equals(next.path("seedCommitment")), "a played rated deal dealt again");
        }
        assertEquals("1", Db.scalar("select count(*) from games where seed_commitment = ? and rated", firstDeal));
    }

    private static void insertDeal(String seed, double rating) throws Exception {
        Db.update("insert into deal_ratings (ruleset, binding, seed_commitment, seed, seed_rating, verdict, first_moves,"
                        + " winning_first_moves, nodes, rating, deviation, volatility, attempts, created_at)"
                        + " values ('simple', 'none', ?, ?, ?, 'winnable', 5, 5, 1000, ?, 350, 0.06, 0, now())",
                Rng.commitment(seed), seed, rating, rating);
    }

    /**
     * A release before 0.7.0 rates no deals: a rated Scoundrel game it ends during a rolling
     * update leaves its mark ({@code read_model_marks}), and the reconcile step rates the player
     * and the deal, once; until then {@code read_model_disagreements()} names the player's missing
     * change.
     */
    @Test
    void aRatedGameEndedByTheReleaseBeforeIsRatedOnBothSidesByTheReconcile() throws Exception {
        Player eve = Player.register("rs");
        Response r = createRated(eve, Map.of());
        r.then().statusCode(201);
        String id = r.path("id");
        Db.update("update games set status = 'finished', finished_at = now(), updated_at = now() where id = ?::uuid", id);
        Db.update("update seats set outcome = 'lost', score = -3 where game_id = ?::uuid", id);
        Db.update("delete from read_model_pending where game_id = ?::uuid", id);
        assertEquals("1", Db.scalar("select count(*) from read_model_disagreements() where model = 'rating_history' "
                + "and subject like ?", id + "%"));
        assertTrue(upkeep.reconcile() >= 1);
        assertEquals("1", Db.scalar("select count(*) from rating_history where game_id = ?::uuid", id));
        assertEquals("1", Db.scalar("select count(*) from deal_rating_history where game_id = ?::uuid", id));
        assertEquals("0", Db.scalar("select count(*) from read_model_disagreements() where subject like ?", id + "%"));
        // Marked again: rated no more.
        Db.update("insert into read_model_marks (game_id, generation) values (?::uuid, 2)", id);
        upkeep.reconcile();
        assertEquals("1", Db.scalar("select count(*) from deal_rating_history where game_id = ?::uuid", id));
        assertEquals("1", Db.scalar("select count(*) from rating_history where game_id = ?::uuid", id));
    }

    @Test
    void manyRatedGamesOfOnePlayerEndingAtOnceRateEachSideOncePerGame() throws Exception {
        Player dan = Player.register("rs");
        int n = 8;
        List<String[]> games = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Response r = createRated(dan, Map.of());
            r.then().statusCode(201);
            games.add(new String[]{r.path("id"), r.path("credentials[0].token")});
        }
        // Each resigned twice at the same instant: one ending per game, the other refused.
        List<Callable<Integer>> calls = new ArrayList<>();
        for (String[] g : games) {
            for (int k = 0; k < 2; k++) {
                calls.add(() -> as(g[1]).body(Map.of("action", "resign")).post("/api/games/" + g[0] + "/moves")
                        .then().extract().statusCode());
            }
        }
        List<Integer> statuses = Race.run(calls);
        assertEquals(n, Collections.frequency(statuses, 200), statuses.toString());
        UUID pid = UUID.fromString(Db.scalar("select id from players where name = ?", dan.name()));
        assertEquals(Integer.toString(n), Db.scalar("select count(*) from rating_history where player_id = ?", pid));
        assertEquals(Integer.toString(n), Db.scalar("select games from ratings where player_id = ?", pid));
        assertEquals(Integer.toString(n), Db.scalar("select count(*) from deal_rating_history h join seats s"
                + " on s.game_id = h.game_id where s.player_id = ?", pid));
        // Each deal counts one attempt per game, and its points form one chain from its seed rating.
        assertEquals("0", Db.scalar("""
                select count(*) from deal_ratings d
                where d.attempts <> (select count(*) from deal_rating_history h where h.ruleset = d.ruleset
                                     and h.binding = d.binding and h.seed_commitment = d.seed_commitment)"""));
        assertEquals("0", Db.scalar("""
                select count(*) from (
                  select rating_before, lag(rating) over (partition by ruleset, binding, seed_commitment order by at, game_id) prev
                  from deal_rating_history) x
                where prev is not null and abs(prev - rating_before) > 1e-9"""));
        // The player's points form one chain from 1500 to its rating.
        assertEquals("0", Db.scalar("""
                select count(*) from (
                  select rating_before, lag(rating) over (order by at, game_id) prev
                  from rating_history where player_id = ?) x
                where prev is not null and abs(prev - rating_before) > 1e-9""", pid));
        JsonPath ratings = as(null).get("/api/players/" + dan.name() + "/ratings").then().statusCode(200).extract()
                .response().jsonPath(DOUBLES);
        assertEquals(n, ratings.getInt("ratings[0].games"));
        assertTrue(ratings.getDouble("ratings[0].rating") < 1500, "eight resignations lose rating");
        for (String[] g : games) {
            as(null).get("/api/games/" + g[0]).then().statusCode(200).body("result.standings[0].outcome", equalTo("lost"));
        }
    }

    /**
     * One Glicko-2 update of a player after one game, written out from Glickman's "Example of the
     * Glicko-2 system" (steps 2–8, τ 0.75, ε 0.000001), with the server's published ceiling of 350
     * on the deviation grown by one period (docs/ratings.md, "Time away").
     */
    static final class Step {

        private Step() {
        }

        static double[] update(double r, double rd, double sigma, double rj, double rdj, double s) {
            double scale = 173.7178;
            double tau = 0.75;
            double mu = (r - 1500) / scale;
            double phi = rd / scale;
            double muj = (rj - 1500) / scale;
            double phij = rdj / scale;
            double g = 1 / Math.sqrt(1 + 3 * phij * phij / (Math.PI * Math.PI));
            double e = 1 / (1 + Math.exp(-g * (mu - muj)));
            double v = 1 / (g * g * e * (1 - e));
            double delta = v * g * (s - e);
            double a = Math.log(sigma * sigma);
            java.util.function.DoubleUnaryOperator f = x -> Math.exp(x) * (delta * delta - phi * phi - v - Math.exp(x))
                    / (2 * Math.pow(phi * phi + v + Math.exp(x), 2)) - (x - a) / (tau * tau);
            double big = a;
            double b;
            if (delta * delta > phi * phi + v) {
                b = Math.log(delta * delta - phi * phi - v);
            } else {
                int k = 1;
                while (f.applyAsDouble(a - k * tau) < 0) {
                    k++;
                }
                b = a - k * tau;
            }
            double fa = f.applyAsDouble(big);
            double fb = f.applyAsDouble(b);
            while (Math.abs(b - big) > 0.000001) {
                double c = big + (big - b) * fa / (fb - fa);
                double fc = f.applyAsDouble(c);
                if (fc * fb <= 0) {
                    big = b;
                    fa = fb;
                } else {
                    fa = fa / 2;
                }
                b = c;
                fb = fc;
            }
            double sigmaNew = Math.exp(big / 2);
            double phiStar = Math.min(350 / scale, Math.sqrt(phi * phi + sigmaNew * sigmaNew));
            double phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
            double muNew = mu + phiNew * phiNew * g * (s - e);
            return new double[]{muNew * scale + 1500, Math.max(45, Math.min(350, phiNew * scale)), sigmaNew};
        }
    }
}
