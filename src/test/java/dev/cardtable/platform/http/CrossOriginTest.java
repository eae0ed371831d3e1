package dev.cardtable.platform.http;

import dev.cardtable.support.Api;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static dev.cardtable.support.Api.as;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A web page on another origin can call the API: preflights, simple requests, exposed headers. */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class CrossOriginTest {

    private static final String ORIGIN = "http://localhost:5173";

    private static Set<String> list(String header) {
        return header == null ? Set.of() : Arrays.stream(header.split(","))
                .map(h -> h.trim().toLowerCase(java.util.Locale.ROOT)).collect(Collectors.toSet());
    }

    @Test
    void aPreflightForAMoveAllowsEveryHeaderTheApiReads() {
        Api.Created g = Api.scoundrel("cors-preflight", "cora");
        Response r = given().header("Origin", ORIGIN).header("Access-Control-Request-Method", "POST")
                .header("Access-Control-Request-Headers", "authorization,content-type,if-match,idempotency-key")
                .options("/api/games/" + g.id() + "/moves");
        r.then().statusCode(200).header("Access-Control-Allow-Origin", equalTo(ORIGIN))
                .header("Access-Control-Allow-Credentials", not(equalTo("true")));
        assertTrue(list(r.header("Access-Control-Allow-Methods")).containsAll(Set.of("get", "post")));
        assertTrue(list(r.header("Access-Control-Allow-Headers")).containsAll(Set.of("authorization", "content-type",
                "if-match", "if-none-match", "idempotency-key", "last-event-id")), r.header("Access-Control-Allow-Headers"));
        assertEquals("86400", r.header("Access-Control-Max-Age"));
    }

    @Test
    void simpleRequestsFromAnyOriginExposeTheHeadersClientsRead() {
        Response created = given().header("Origin", "https://cards.example").contentType("application/json")
                .body(Map.of("type", "scoundrel", "seats", List.of(Map.of("name", "cory")))).post("/api/games");
        created.then().statusCode(201).header("Access-Control-Allow-Origin", equalTo("https://cards.example"))
                .header("Access-Control-Allow-Credentials", not(equalTo("true")));
        assertTrue(list(created.header("Access-Control-Expose-Headers")).containsAll(Set.of("etag", "location",
                "retry-after", "link", "idempotent-replayed", "allow")), created.header("Access-Control-Expose-Headers"));
        String id = created.path("id");
        as(null).header("Origin", ORIGIN).get("/api/games/" + id).then().statusCode(200)
                .header("Access-Control-Allow-Origin", equalTo(ORIGIN));
        // Errors carry the headers too, so that a page can read the problem.
        as(null).header("Origin", ORIGIN).body(Map.of("action", "avoid")).post("/api/games/" + id + "/moves")
                .then().statusCode(401).header("Access-Control-Allow-Origin", equalTo(ORIGIN));
    }

    @Test
    void everyJsonResponseHasOneContentType() {
        Api.Created g = Api.scoundrel("one-content-type", "cid");
        for (Response r : List.of(as(g.token()).get("/api/games/" + g.id()),
                as(g.token()).body(Map.of("action", "avoid")).post("/api/games/" + g.id() + "/moves"),
                as(null).get("/api/games/" + g.id() + "/moves"), as(null).get("/api/games"),
                as(null).get("/api/game-types"), as(null).get("/api/games/" + g.id() + "/timeline"),
                as(g.token()).post("/api/games/" + g.id() + "/stream-tickets"))) {
            assertEquals("application/json;charset=UTF-8", r.contentType(), r.asString());
        }
        assertEquals("application/problem+json", as(null).get("/api/games/x").contentType());
    }
}
