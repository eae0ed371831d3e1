package dev.cardtable.history;

import dev.cardtable.support.Api;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.UUID;

import static dev.cardtable.support.Api.as;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;

/**
 * History's time bounds are exact to the nanosecond a client sends, though PostgreSQL keeps
 * microseconds: a game created one nanosecond inside a bound is listed, one at the bound is not.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class TimeBoundsTest {

    @Test
    void aBoundFinerThanAMicrosecondSelectsExactly() {
        String name = "t" + UUID.randomUUID().toString().substring(0, 8);
        Api.Created g = Api.scoundrel("bounds", name);
        Instant created = Instant.parse(g.response().path("createdAt"));
        String justBefore = created.minusNanos(1).toString();
        String justAfter = created.plusNanos(1).toString();
        for (String player : new String[]{"&player=" + name, ""}) {
            String inside = "/api/games?limit=1&createdAfter=" + justBefore + "&createdBefore=" + justAfter + player;
            as(null).get(inside).then().statusCode(200).body("items.id", contains(g.id()));
        }
        as(null).get("/api/games?player=" + name + "&createdAfter=" + created).then().statusCode(200)
                .body("items", empty());
        as(null).get("/api/games?player=" + name + "&createdBefore=" + created).then().statusCode(200)
                .body("items", empty());
    }
}
