package dev.cardtable.platform.http;

import dev.cardtable.support.Api;
import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.RawHttp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static dev.cardtable.support.Api.as;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every error, including those raised below the REST layer (the router, the limits), is
 * {@code application/problem+json} with a {@code code}; limits hold however the body is sent.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class EdgeProblemsTest {

    private static final String PROBLEM = "application/problem+json";

    private static void assertProblem(RawHttp.Response r, int status, String code) {
        assertEquals(status, r.status(), r.body());
        assertEquals(PROBLEM, r.header("content-type"), r.headers().toString());
        JsonPath body = JsonPath.from(r.body());
        assertEquals(code, body.getString("code"));
        assertEquals(status, body.getInt("status"));
    }

    @Test
    void aChunkedBodyMeetsTheSameLimitAsADeclaredOne() {
        byte[] create = "{\"type\":\"scoundrel\",\"seats\":[{\"name\":\"chunky\"}]}".getBytes(StandardCharsets.UTF_8);
        // Within the limit, a chunked body reaches the game as if it had a length.
        RawHttp.Response small = RawHttp.chunked(RestAssured.port, "POST", "/api/games", "application/json", create, 7);
        assertEquals(201, small.status(), small.body());
        assertEquals("chunky", JsonPath.from(small.body()).getString("seats[0].name"));

        byte[] big = padded(create, 200_000);
        RawHttp.Response r = RawHttp.chunked(RestAssured.port, "POST", "/api/games", "application/json", big, 8192);
        assertProblem(r, 413, "payload-too-large");
        assertEquals(65536, JsonPath.from(r.body()).getInt("limit"));
        r = RawHttp.chunked(RestAssured.port, "POST", "/api/games", "application/json", padded(create, 1_100_000), 65536);
        assertProblem(r, 413, "payload-too-large");
        r = RawHttp.chunked(RestAssured.port, "POST", "/api/games/import", "application/json", padded(create, 1_100_000), 65536);
        assertProblem(r, 413, "payload-too-large");
        assertEquals(1048576, JsonPath.from(r.body()).getInt("limit"));

        // A record import takes the larger limit, chunked too: this one is read, and refused as a record.
        r = RawHttp.chunked(RestAssured.port, "POST", "/api/games/import", "application/json", padded(
                "{\"format\":\"cardtable-record\",\"formatVersion\":3}".getBytes(StandardCharsets.UTF_8), 200_000), 8192);
        assertProblem(r, 422, "invalid-record");

        // Declared lengths: over the limit is refused before the body is read.
        r = RawHttp.send(RestAssured.port, "POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Content-Length: 70000", padded(create, 70_000));
        assertProblem(r, 413, "payload-too-large");
    }

    @Test
    void limitsOfTheRequestLineAndHeadersAreProblems() {
        RawHttp.Response r = RawHttp.send(RestAssured.port, "GET /api/games?player=" + "a".repeat(5000)
                + " HTTP/1.1\r\nHost: localhost", null);
        assertProblem(r, 414, "uri-too-long");
        r = RawHttp.send(RestAssured.port, "GET /api/games HTTP/1.1\r\nHost: localhost\r\nX-Big: " + "b".repeat(30_000), null);
        assertProblem(r, 431, "headers-too-large");
        StringBuilder many = new StringBuilder("GET /api/games HTTP/1.1\r\nHost: localhost");
        for (int i = 0; i < 300; i++) {
            many.append("\r\nX-H").append(i).append(": ").append("c".repeat(100));
        }
        assertProblem(RawHttp.send(RestAssured.port, many.toString(), null), 431, "headers-too-large");
        // Just under the limits, the same request is answered.
        r = RawHttp.send(RestAssured.port, "GET /api/games?cursor=" + "a".repeat(3900) + " HTTP/1.1\r\nHost: localhost", null);
        assertProblem(r, 400, "malformed-request");
    }

    @Test
    void routerErrorsAreProblems() {
        assertProblem(RawHttp.send(RestAssured.port, "GET /api/games?=%zz HTTP/1.1\r\nHost: localhost", null), 400, "malformed-request");
        assertProblem(RawHttp.send(RestAssured.port, "GET /api/games/%zz HTTP/1.1\r\nHost: localhost", null), 400, "malformed-request");
        assertProblem(RawHttp.send(RestAssured.port, "GET /api/games/{x} HTTP/1.1\r\nHost: localhost", null), 400, "malformed-request");
        assertProblem(RawHttp.send(RestAssured.port, "GET * HTTP/1.1\r\nHost: localhost", null), 404, "not-found");
        assertProblem(RawHttp.send(RestAssured.port, "GET api/games HTTP/1.1\r\nHost: localhost", null), 404, "not-found");
        for (String path : List.of("/nope", "/api/nope", "/q/nope", "/api/games/x/y/z")) {
            given().get(path).then().statusCode(404).contentType(PROBLEM).body("code", equalTo("not-found"));
        }
        as(null).header("Accept", "application/xml").get("/api/game-types").then().statusCode(406).contentType(PROBLEM)
                .body("code", equalTo("not-acceptable"));
        given().contentType("text/plain").body("x").post("/api/games").then().statusCode(415).contentType(PROBLEM)
                .body("code", equalTo("unsupported-media-type"));
        // A body without any Content-Type is not taken for JSON either, and creates nothing.
        byte[] body = "{\"type\":\"scoundrel\",\"seats\":[{\"name\":\"typeless\"}]}".getBytes(StandardCharsets.UTF_8);
        assertProblem(RawHttp.send(RestAssured.port, "POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Length: "
                + body.length, body), 415, "unsupported-media-type");
        as(null).get("/api/games?player=typeless").then().body("items", org.hamcrest.Matchers.empty());
    }

    @Test
    void methodNotAllowedSaysWhichMethodsAre() {
        Api.Created g = Api.scoundrel("allow", "al");
        Map<String, String> cases = Map.of(
                "/api/games", "GET, HEAD, OPTIONS, POST",
                "/api/games/" + g.id(), "GET, HEAD, OPTIONS",
                "/api/games/" + g.id() + "/moves", "GET, HEAD, OPTIONS, POST",
                "/api/games/import", "OPTIONS, POST",
                "/api/game-types", "GET, HEAD, OPTIONS");
        cases.forEach((path, allow) -> as(null).body("{}").delete(path).then().statusCode(405).contentType(PROBLEM)
                .body("code", equalTo("method-not-allowed")).header("Allow", allow));
        RawHttp.Response r = RawHttp.send(RestAssured.port, "BREW /api/games HTTP/1.1\r\nHost: localhost", null);
        assertProblem(r, 405, "method-not-allowed");
        assertTrue(r.header("allow").contains("POST"), r.headers().toString());
    }

    private static byte[] padded(byte[] json, int size) {
        byte[] out = new byte[Math.max(size, json.length)];
        System.arraycopy(json, 0, out, 0, json.length);
        java.util.Arrays.fill(out, json.length, out.length, (byte) ' ');
        return out;
    }
}
