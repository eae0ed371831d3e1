package dev.cardtable.platform.db;

import dev.cardtable.support.Api;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import static dev.cardtable.support.Api.as;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Without a standby ({@code quarkus.datasource."replica".jdbc.url} unset, the default) writes carry
 * no {@code Consistency-Token} and a token sent, well-formed or not, changes nothing: every read is
 * the primary's ({@code docs/api.md}, "Consistency tokens").
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class NoStandbyTest {

    @Test
    void writesCarryNoTokenAndReadsIgnoreOne() {
        Api.Created g = Api.scoundrel("no-standby", "solo");
        assertNull(g.response().header("Consistency-Token"));
        Response moved = Api.move(g.id(), g.token(), g.response().jsonPath().getMap("legalMoves[0]"));
        moved.then().statusCode(200);
        assertNull(moved.header("Consistency-Token"));
        for (String token : new String[] {"0/16B3748", "FFFFFFFF/FFFFFFFF", "not a token"}) {
            as(g.token()).header("Consistency-Token", token).get("/api/games/" + g.id() + "/moves")
                    .then().statusCode(200).body("items.size()", equalTo(1));
        }
    }
}
