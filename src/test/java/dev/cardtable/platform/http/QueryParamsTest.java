package dev.cardtable.platform.http;

import dev.cardtable.support.Api;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static dev.cardtable.support.Api.as;
import static org.hamcrest.Matchers.equalTo;

/** Query parameters are read as strictly as bodies: an unknown one, or one given twice, is a 400 naming it. */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class QueryParamsTest {

    @Test
    void aRepeatedParameterIsRefusedNotHalfRead() {
        as(null).get("/api/games?player=alice&player=bob").then().statusCode(400)
                .body("code", equalTo("malformed-request"))
                .body("detail", equalTo("duplicate query parameter 'player'"));
    }

    @Test
    void anUnknownParameterIsRefusedOnEveryOperation() {
        Api.Created g = Api.scoundrel("strict-query", "q");
        as(null).get("/api/games/" + g.id() + "?verbose=1").then().statusCode(400)
                .body("detail", equalTo("unknown query parameter 'verbose'; none is taken here"));
        as(null).get("/api/lobby?limit=5&sort=new").then().statusCode(400)
                .body("detail", equalTo("unknown query parameter 'sort'; expected one of: cursor, limit, type"));
        as(null).get("/api/ratings/dazzle/standard/leaderboard?limit=5&sort=new").then().statusCode(400)
                .body("detail", equalTo("unknown query parameter 'sort'; expected one of: cursor, limit"));
        as(null).get("/api/ratings?tau=1").then().statusCode(400)
                .body("detail", equalTo("unknown query parameter 'tau'; none is taken here"));
        as(g.token()).body(Map.of("action", "avoid")).post("/api/games/" + g.id() + "/moves?dryRun=true")
                .then().statusCode(400).body("code", equalTo("malformed-request"));
        // Refused before anything happened: the game is still at its deal.
        as(null).get("/api/games/" + g.id()).then().statusCode(200).body("version", equalTo(0));
    }

    @Test
    void theParametersAnOperationTakesStillWork() {
        as(null).get("/api/games?limit=1&type=scoundrel").then().statusCode(200);
        as(null).get("/api/games?limit=1&rated=true").then().statusCode(200);
        as(null).get("/api/lobby?limit=1").then().statusCode(200);
        as(null).get("/api/ratings/dazzle/standard/leaderboard?limit=1").then().statusCode(200);
    }
}
