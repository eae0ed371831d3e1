package dev.cardtable.deals;

import dev.cardtable.engine.Deal;
import dev.cardtable.engine.Options;
import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Setup;
import dev.cardtable.engine.scoundrel.ScoundrelMove;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.solver.Budget;
import dev.cardtable.engine.scoundrel.solver.ScoundrelSolver;
import dev.cardtable.engine.scoundrel.solver.Verdict;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.cardtable.support.Api.as;
import static dev.cardtable.support.Api.move;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Certified deals: dealt from a secret seed, committed, revealed at the end, and truly winnable. */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class CertifiedDealTest {

    private static final ScoundrelRules RULES = new ScoundrelRules();

    private static Response certified(String ruleset, Map<String, String> options) {
        Map<String, Object> body = new HashMap<>(Map.of("type", "scoundrel", "ruleset", ruleset, "certified", true,
                "seats", List.of(Map.of("name", "cert"))));
        if (options != null) {
            body.put("options", options);
        }
        return as(null).body(body).post("/api/games").then().statusCode(201).body("certified", equalTo(true))
                .body("seed", nullValue()).body("seedCommitment", notNullValue()).extract().response();
    }

    @Test
    void aCertifiedDealIsWinnableUnderEveryRulesetAndBindingAndItsSeedIsRevealedAtTheEnd() {
        record Config(String ruleset, Map<String, String> options) {
        }
        for (Config c : List.of(new Config("standard", Map.of("weaponBinding", "lessOrEqual")),
                new Config("standard", Map.of("weaponBinding", "strictlyLess")), new Config("simple", null))) {
            Response g = certified(c.ruleset(), c.options());
            String id = g.path("id");
            g.then().body("certificate", nullValue()); // it speaks of the hidden order
            as(g.path("credentials[0].token")).get("/api/games/" + id).then().body("certificate", nullValue());
            move(id, g.path("credentials[0].token"), Map.of("action", "resign")).then().statusCode(200);
            Response record = as(null).get("/api/games/" + id + "/record").then().statusCode(200).extract().response();
            String seed = record.path("seed");
            assertEquals(Rng.commitment(seed), g.path("seedCommitment"));
            Map<String, String> options = record.path("options");
            var deal = RULES.deal(new Setup(c.ruleset(), new Options(options), new Deal.Seeded(seed)));
            // Decided afresh, with a far larger budget than certification's: a win exists.
            assertEquals(Verdict.WINNABLE, new ScoundrelSolver().decide(deal, Budget.nodes(20_000_000)).verdict(), c.toString());
            as(null).get("/api/games/" + id).then().body("certified", equalTo(true)).body("seed", equalTo(seed));
            // The certificate, checked afresh: the best score, and each first move decided on its own.
            Response shown = as(null).get("/api/games/" + id).then().extract().response();
            ScoundrelSolver solver = new ScoundrelSolver();
            assertEquals(solver.solve(deal, Budget.nodes(20_000_000)).bestScore().orElseThrow(), (int) shown.path("certificate.bestScore"), c.toString());
            List<ScoundrelMove> first = RULES.legalMoves(deal, Seat.of(0));
            long winning = first.stream().filter(m -> solver.decide(RULES.apply(deal, Seat.of(0), m), Budget.nodes(20_000_000)).winnable()).count();
            assertEquals(first.size(), (int) shown.path("certificate.firstMoves"), c.toString());
            assertEquals((int) winning, (int) shown.path("certificate.winningFirstMoves"), c.toString());
            assertTrue(winning >= 1 && shown.<Integer>path("certificate.positions") > 0, c.toString());
        }
    }

    @Test
    void aCertifiedDealTakesNoSeedNoDealAndOnlyScoundrel() {
        as(null).body(Map.of("type", "scoundrel", "certified", true, "seed", "42", "seats", List.of(Map.of("name", "c"))))
                .post("/api/games").then().statusCode(400).body("code", equalTo("malformed-request"));
        as(null).body(Map.of("type", "dazzle", "certified", true, "seats", List.of(Map.of("name", "c"), Map.of("ai", "random"))))
                .post("/api/games").then().statusCode(400).body("code", equalTo("malformed-request"));
        as(null).body(Map.of("type", "scoundrel", "seed", "42", "seats", List.of(Map.of("name", "c"))))
                .post("/api/games").then().statusCode(201).body("certified", equalTo(false));
    }
}
