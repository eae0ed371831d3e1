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
 * Two packaged instances on one database: a session signed in on one works on the other, and a
 * session ended on either stops working on both at once, with no wait for a cache.
 */
class SessionsAcrossInstancesIT {

    private static RequestSpecification at(ServerProcess server) {
        return RestAssured.given().baseUri(server.baseUri()).contentType(ContentType.JSON).accept(ContentType.JSON);
    }

    /** A request of session {@code token} from {@code server}'s own pages. */
    private static RequestSpecification signedIn(ServerProcess server, String token) {
        return at(server).cookie("cardtable_session", token).header("Origin", server.baseUri());
    }

    private static String signIn(ServerProcess server, String name) {
        return at(server).body(Map.of("name", name, "password", "two instances, one session")).post("/api/sessions")
                .then().statusCode(201).extract().cookie("cardtable_session");
    }

    @Test
    void aSessionEndedOnOneInstanceStopsWorkingOnEveryInstanceAtOnce() {
        Map<String, String> props = new HashMap<>(PostgresResource.database().datasourceConfig());
        try (ServerProcess a = ServerProcess.start(props); ServerProcess b = ServerProcess.start(props)) {
            String name = "Both-" + UUID.randomUUID().toString().substring(0, 8);
            String key = at(a).body(Map.of("name", name)).post("/api/players").then().statusCode(201).extract().path("key");
            at(a).header("X-Player-Key", key).body(Map.of("password", "two instances, one session"))
                    .post("/api/account/password").then().statusCode(204);

            String first = signIn(a, name);
            // Signed in on one instance, it plays on the other.
            signedIn(b, first).get("/api/account").then().statusCode(200).body("name", equalTo(name));
            signedIn(b, first).body(Map.of("type", "scoundrel", "seats", List.of(Map.of("name", name))))
                    .post("/api/games").then().statusCode(201);
            String id = signedIn(b, first).get("/api/sessions").then().statusCode(200).extract().path("items[0].id");

            // Ended on a: b refuses it on the very next request.
            signedIn(a, first).delete("/api/sessions/" + id).then().statusCode(204);
            signedIn(b, first).get("/api/account").then().statusCode(401).body("code", equalTo("session-invalid"));
            signedIn(a, first).get("/api/account").then().statusCode(401).body("code", equalTo("session-invalid"));

            // Every session ended on b (with the key): a refuses them all at once.
            String second = signIn(a, name);
            String third = signIn(b, name);
            signedIn(a, second).get("/api/account").then().statusCode(200);
            at(b).header("X-Player-Key", key).delete("/api/sessions").then().statusCode(204);
            signedIn(a, second).get("/api/account").then().statusCode(401).body("code", equalTo("session-invalid"));
            signedIn(a, third).get("/api/account").then().statusCode(401).body("code", equalTo("session-invalid"));

            // Signed out on b: a refuses it too.
            String fourth = signIn(a, name);
            signedIn(b, fourth).delete("/api/sessions/current").then().statusCode(204);
            signedIn(a, fourth).body(Map.of("type", "scoundrel", "seats", List.of(Map.of("name", name))))
                    .post("/api/games").then().statusCode(401).body("code", equalTo("session-invalid"));
            assertTrue(a.isAlive() && b.isAlive());
        }
    }
}
