package dev.cardtable.accounts;

import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.ServerProcess;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two packaged instances on one database: a token made on one works on the other within its
 * scopes, and a token revoked on either stops working on both at once, with no wait for a cache.
 */
class TokensAcrossInstancesIT {

    private static RequestSpecification at(ServerProcess server) {
        return RestAssured.given().baseUri(server.baseUri()).contentType(ContentType.JSON).accept(ContentType.JSON);
    }

    private static RequestSpecification bearer(ServerProcess server, String token) {
        return at(server).header("Authorization", "Bearer " + token);
    }

    @Test
    void aTokenRevokedOnOneInstanceStopsWorkingOnEveryInstanceAtOnce() {
        Map<String, String> props = new HashMap<>(PostgresResource.database().datasourceConfig());
        try (ServerProcess a = ServerProcess.start(props); ServerProcess b = ServerProcess.start(props)) {
            String name = "Tok-" + UUID.randomUUID().toString().substring(0, 8);
            String key = at(a).body(Map.of("name", name)).post("/api/players").then().statusCode(201).extract().path("key");
            String token = at(a).header("X-Player-Key", key)
                    .body(Map.of("description", "both", "scopes", List.of("game:play", "account:read")))
                    .post("/api/account/tokens").then().statusCode(201).extract().path("token");
            String id = at(b).header("X-Player-Key", key).get("/api/account/tokens").then().statusCode(200)
                    .extract().path("items[0].id");

            // Made on a, it plays on b, and is still refused what its scopes do not grant.
            String game = bearer(b, token).body(Map.of("type", "scoundrel", "seats", List.of(Map.of("name", name))))
                    .post("/api/games").then().statusCode(201).body("seats[0].verified", equalTo(true)).extract().path("id");
            bearer(b, token).get("/api/seeks").then().statusCode(403).body("scope", equalTo("seek:write"));
            bearer(a, token).get("/api/games/" + game).then().statusCode(200);

            // Revoked on b: both refuse it on the very next request, for every operation.
            at(b).header("X-Player-Key", key).delete("/api/account/tokens/" + id).then().statusCode(204);
            bearer(a, token).get("/api/account").then().statusCode(401).body("code", equalTo("token-invalid"));
            bearer(a, token).get("/api/games/" + game).then().statusCode(401).body("code", equalTo("token-invalid"));
            bearer(b, token).get("/api/account").then().statusCode(401).body("code", equalTo("token-invalid"));

            // A second one, revoked on a by its text (RFC 7009): b refuses it at once.
            String second = at(b).header("X-Player-Key", key)
                    .body(Map.of("description", "again", "scopes", List.of("account:read")))
                    .post("/api/account/tokens").then().statusCode(201).extract().path("token");
            bearer(b, second).get("/api/account").then().statusCode(200);
            at(a).contentType(ContentType.URLENC).formParam("token", second).post("/api/oauth/revoke").then().statusCode(200);
            bearer(b, second).get("/api/account").then().statusCode(401).body("code", equalTo("token-invalid"));
            assertTrue(a.isAlive() && b.isAlive());
        }
    }
}
