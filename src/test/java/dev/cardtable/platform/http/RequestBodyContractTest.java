package dev.cardtable.platform.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.cardtable.support.Api;
import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.RawHttp;
import io.restassured.RestAssured;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

import static dev.cardtable.players.PlayersTest.register;
import static dev.cardtable.players.PlayersTest.unique;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * For every operation, what {@code openapi.yaml} says of its request body is what the server does
 * with none and with one: an operation that declares no body refuses one ({@code 400
 * malformed-request}, "takes no body"); one whose body is {@code required} refuses a request
 * without it ({@code 400 malformed-request}, naming the body); one whose body is optional answers a
 * request without it as it answers a well-formed one. Each operation is called with what it needs
 * besides (its player's key, a seat's token, a challenge made to the caller), so that the body
 * alone decides.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class RequestBodyContractTest {

    /** How one operation with a body is called without one: its path and credentials. */
    private record Call(String path, String key, String token) {
    }

    @Test
    void everyOperationTakesABodyExactlyAsTheDocumentSays() throws Exception {
        JsonNode paths = new ObjectMapper(new YAMLFactory()).readTree(Path.of("openapi.yaml").toFile()).path("paths");
        Map<String, Call> withBody = fixtures();
        List<String> wrong = new ArrayList<>();
        int declared = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = paths.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> path = it.next();
            for (Iterator<Map.Entry<String, JsonNode>> ops = path.getValue().fields(); ops.hasNext(); ) {
                Map.Entry<String, JsonNode> op = ops.next();
                String verb = op.getKey().toUpperCase(Locale.ROOT);
                String where = verb + " " + path.getKey();
                JsonNode body = op.getValue().path("requestBody");
                if (body.isMissingNode()) {
                    // Declares none: a body sent is refused before anything else reads the request.
                    Response r = given().contentType("application/json").body("{}")
                            .request(verb, concrete(path.getKey()));
                    if (r.statusCode() != 400 || !r.asString().contains("takes no body")) {
                        wrong.add(where + " declares no body but answered a body with " + r.statusCode() + " " + r.asString());
                    }
                    continue;
                }
                declared++;
                Call call = withBody.get(where);
                if (call == null) {
                    wrong.add(where + " declares a body: give it a fixture in RequestBodyContractTest");
                    continue;
                }
                // A JSON request that sends no body (a type says what a body would be, not that there is one).
                RequestSpecification spec = given().accept("application/json").contentType("application/json");
                if (call.key() != null) {
                    spec.header("X-Player-Key", call.key());
                }
                if (call.token() != null) {
                    spec.header("Authorization", "Bearer " + call.token());
                }
                Response r = spec.request(verb, call.path());
                boolean required = body.path("required").asBoolean(false);
                boolean refused = r.statusCode() == 400 && "malformed-request".equals(r.path("code"))
                        && r.asString().contains("required");
                if (required != refused) {
                    wrong.add(where + (required ? " requires a body" : " takes an optional body") + " but answered none with "
                            + r.statusCode() + " " + r.asString());
                } else if (!required && r.statusCode() / 100 != 2) {
                    wrong.add(where + " takes an optional body but answered none with " + r.statusCode() + " " + r.asString());
                }
            }
        }
        assertEquals(withBody.size(), declared, "every fixture is of an operation that declares a body: " + withBody.keySet());
        assertTrue(declared >= 8, "the operations with a body are found");
        assertEquals(List.of(), wrong);
    }

    @Test
    void anOptionalBodyMayBeLeftOutWithItsContentType() {
        // As a plain HTTP client sends a POST without a body: no Content-Type, Content-Length 0.
        String alice = unique("bodyE"), bob = unique("bodyF");
        String aliceKey = register(alice), bobKey = register(bob);
        String challenge = Api.as(null).header("X-Player-Key", aliceKey).body(Map.of("player", bob, "type", "dazzle"))
                .post("/api/challenges").then().statusCode(201).extract().path("id");
        RawHttp.Response r = RawHttp.send(RestAssured.port, "POST /api/challenges/" + challenge + "/decline HTTP/1.1\r\n"
                + "Host: localhost\r\nAccept: application/json\r\nX-Player-Key: " + bobKey
                + "\r\nContent-Length: 0\r\nConnection: close", null);
        assertEquals(200, r.status(), r.body());
        assertTrue(r.body().contains("\"declineReason\":\"generic\""), r.body());
    }

    /** Every operation with a body, called so that only its body is missing. */
    private static Map<String, Call> fixtures() {
        String alice = unique("bodyA"), bob = unique("bodyB");
        String aliceKey = register(alice), bobKey = register(bob);
        String challenge = Api.as(null).header("X-Player-Key", aliceKey).body(Map.of("player", bob, "type", "dazzle"))
                .post("/api/challenges").then().statusCode(201).extract().path("id");
        Api.Created game = Api.scoundrel("body-" + alice, unique("bodyC"));
        String open = Api.create(Map.of("type", "dazzle", "seats", List.of(Map.of("name", unique("bodyD")),
                Map.of("open", true)))).path("id");
        Map<String, Call> calls = new TreeMap<>();
        calls.put("POST /api/games", new Call("/api/games", null, null));
        calls.put("POST /api/games/import", new Call("/api/games/import", null, null));
        calls.put("POST /api/games/{id}/moves", new Call("/api/games/" + game.id() + "/moves", null, game.token()));
        calls.put("POST /api/games/{id}/seats/{seat}", new Call("/api/games/" + open + "/seats/1", null, null));
        calls.put("POST /api/players", new Call("/api/players", null, null));
        calls.put("POST /api/seeks", new Call("/api/seeks", bobKey, null));
        calls.put("POST /api/arenas", new Call("/api/arenas", bobKey, null));
        calls.put("POST /api/challenges", new Call("/api/challenges", bobKey, null));
        calls.put("POST /api/challenges/{id}/decline", new Call("/api/challenges/" + challenge + "/decline", bobKey, null));
        calls.put("POST /api/account/password", new Call("/api/account/password", aliceKey, null));
        calls.put("POST /api/account/passkeys", new Call("/api/account/passkeys", aliceKey, null));
        calls.put("POST /api/account/tokens", new Call("/api/account/tokens", aliceKey, null));
        calls.put("POST /api/sessions", new Call("/api/sessions", null, null));
        calls.put("POST /api/sessions/passkey", new Call("/api/sessions/passkey", null, null));
        calls.put("POST /api/account/tokens", new Call("/api/account/tokens", aliceKey, null));
        calls.put("POST /api/oauth/authorize", new Call("/api/oauth/authorize", aliceKey, null));
        calls.put("POST /api/oauth/token", new Call("/api/oauth/token", null, null));
        calls.put("POST /api/oauth/revoke", new Call("/api/oauth/revoke", null, null));
        return calls;
    }

    /** {@code template} with a value for each of its parameters: no such game, seat 0, … */
    private static String concrete(String template) {
        return template.replace("{id}", UUID.randomUUID().toString()).replace("{seat}", "0").replace("{n}", "0")
                .replace("{name}", "nobody").replace("{gameType}", "dazzle").replace("{ruleset}", "standard")
                .replace("{day}", "2026-01-01");
    }
}
