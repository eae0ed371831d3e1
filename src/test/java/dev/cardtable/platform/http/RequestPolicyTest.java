package dev.cardtable.platform.http;

import dev.cardtable.records.RecordTest;
import dev.cardtable.support.Api;
import dev.cardtable.support.Db;
import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.RawHttp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import static dev.cardtable.support.Api.as;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * One policy for the text and the nulls a client sends: refused with {@code malformed-request}
 * before anything is written when PostgreSQL could not store it exactly, else stored and given
 * back exactly as sent.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class RequestPolicyTest {

    @Test
    void everyAcceptedNameSurvivesARoundTripThroughItsStatsUrl() {
        for (String dots : java.util.List.of(".", "..")) {
            // A URL path would normalise these away: /api/players/../stats is /api/stats.
            as(null).body(java.util.Map.of("type", "scoundrel", "seats", java.util.List.of(java.util.Map.of("name", dots))))
                    .post("/api/games").then().statusCode(400).contentType("application/problem+json")
                    .body("code", org.hamcrest.Matchers.equalTo("malformed-request"));
            String open = Api.create(java.util.Map.of("type", "dazzle", "seats",
                    java.util.List.of(java.util.Map.of("name", "host"), java.util.Map.of("open", true)))).path("id");
            as(null).body(java.util.Map.of("name", dots)).post("/api/games/" + open + "/seats/1").then().statusCode(400);
        }
        String name = "..." + java.util.UUID.randomUUID().toString().substring(0, 6);
        Api.scoundrel("dots", name);
        as(null).get("/api/players/" + name + "/stats").then().statusCode(200)
                .body("player", org.hamcrest.Matchers.equalTo(name));
        as(null).queryParam("player", name).get("/api/games").then().statusCode(200)
                .body("items", org.hamcrest.Matchers.hasSize(1));
    }

    private static final String PROBLEM = "application/problem+json";

    @Test
    void textWithNulOrAnUnpairedSurrogateIsRefusedInEveryBodyBeforeAnythingIsStored() throws Exception {
        long games = count();
        List<String> bodies = List.of(
                "{\"type\":\"scoundrel\",\"seed\":\"a\\u0000b\",\"seats\":[{\"name\":\"nul\"}]}",
                "{\"type\":\"scoundrel\",\"seed\":\"a\\ud800b\",\"seats\":[{\"name\":\"nul\"}]}",
                "{\"type\":\"scoundrel\",\"seed\":\"a\\udc00\",\"seats\":[{\"name\":\"nul\"}]}",
                "{\"type\":\"scoundrel\",\"seed\":\"\\ud83d\\u0041\",\"seats\":[{\"name\":\"nul\"}]}",
                "{\"type\":\"scoundrel\",\"seed\":\"\\ud83d\",\"seats\":[{\"name\":\"nul\"}]}",
                "{\"type\":\"scoundrel\",\"options\":{\"weapon\\u0000Binding\":\"strictlyLess\"},\"seats\":[{\"name\":\"nul\"}]}",
                "{\"type\":\"scoundrel\",\"deal\":[\"\\u0000\"],\"seats\":[{\"name\":\"nul\"}]}");
        for (String body : bodies) {
            as(null).body(body).post("/api/games").then().statusCode(400).contentType(PROBLEM)
                    .body("code", equalTo("malformed-request")).body("detail", containsString("cannot be stored"));
        }
        // A surrogate written straight into the UTF-8 (ED A0 80), and a body that is not UTF-8 at all.
        byte[] raw = "{\"type\":\"scoundrel\",\"seed\":\"a\u0001b\",\"seats\":[{\"name\":\"nul\"}]}".getBytes(StandardCharsets.UTF_8);
        int at = new String(raw, StandardCharsets.UTF_8).indexOf('\u0001');
        byte[] surrogate = new byte[raw.length + 2];
        System.arraycopy(raw, 0, surrogate, 0, at);
        surrogate[at] = (byte) 0xED;
        surrogate[at + 1] = (byte) 0xA0;
        surrogate[at + 2] = (byte) 0x80;
        System.arraycopy(raw, at + 1, surrogate, at + 3, raw.length - at - 1);
        for (byte[] body : List.of(surrogate,
                "{\"type\":\"scoundrel\",\"seats\":[{\"name\":\"nul\"}]}".getBytes(StandardCharsets.UTF_16LE))) {
            RawHttp.Response r = RawHttp.send(RestAssured.port, "POST /api/games HTTP/1.1\r\nHost: localhost\r\n"
                    + "Content-Type: application/json\r\nContent-Length: " + body.length, body);
            assertEquals(400, r.status(), r.body());
            assertEquals(PROBLEM, r.header("content-type"));
            assertEquals("malformed-request", io.restassured.path.json.JsonPath.from(r.body()).getString("code"));
        }
        // What is wrong is named: bytes that are not UTF-8, a field given twice, content after the value.
        byte[] latin1 = "{\"type\":\"scoundrel\",\"seed\":\"caf\u00e9\",\"seats\":[{\"name\":\"nul\"}]}"
                .getBytes(StandardCharsets.ISO_8859_1);
        RawHttp.Response notUtf8 = RawHttp.send(RestAssured.port, "POST /api/games HTTP/1.1\r\nHost: localhost\r\n"
                + "Content-Type: application/json\r\nContent-Length: " + latin1.length, latin1);
        assertEquals(400, notUtf8.status(), notUtf8.body());
        assertEquals("the body is not valid UTF-8 text", io.restassured.path.json.JsonPath.from(notUtf8.body()).getString("detail"));
        as(null).body("{\"type\":\"scoundrel\",\"type\":\"dazzle\",\"seats\":[{\"name\":\"nul\"}]}").post("/api/games")
                .then().statusCode(400).body("detail", equalTo("duplicate field 'type'"));
        as(null).body("{\"type\":\"scoundrel\",\"seats\":[{\"name\":\"nul\"}]} {}").post("/api/games")
                .then().statusCode(400).body("detail", equalTo("the body has content after its JSON value"));
        // The same guard holds for a move, a seat and an import.
        Api.Created g = Api.scoundrel("policy-move", "nia");
        as(g.token()).body("{\"action\":\"pl\\u0000ay\",\"card\":\"5D\"}").post("/api/games/" + g.id() + "/moves")
                .then().statusCode(400).body("code", equalTo("malformed-request"));
        String open = Api.create(Map.of("type", "dazzle", "seats", List.of(Map.of("name", "nia"), Map.of("open", true)))).path("id");
        as(null).body("{\"name\":\"bo\\u0000b\"}").post("/api/games/" + open + "/seats/1").then().statusCode(400)
                .body("code", equalTo("malformed-request"));
        as(null).get("/api/games/" + open).then().body("status", equalTo("waiting"));
        String record = as(null).get("/api/games/" + RecordTest.finishedDazzle() + "/record").asString();
        String tampered = record.replaceFirst("\"seed\":\"record-dazzle-", "\"seed\":\"record-\\\\u0000dazzle-");
        as(null).body(tampered).post("/api/games/import").then().statusCode(400).body("code", equalTo("malformed-request"));
        as(g.token()).get("/api/games/" + g.id()).then().body("version", equalTo(0));
        assertEquals(games + 3, count(), "only the three valid games were stored");
    }

    /** Two Authorization headers are refused, on reads and writes alike, and change nothing. */
    @Test
    void twoAuthorizationHeadersAreRefused() {
        Api.Created g = Api.scoundrel("two-auth", "ada");
        as(g.token()).header("Authorization", "Bearer someone-else").body(Map.of("action", "avoid"))
                .post("/api/games/" + g.id() + "/moves").then().statusCode(400).contentType(PROBLEM)
                .body("code", equalTo("malformed-request")).body("detail", equalTo("send one Authorization header, not 2"));
        as(g.token()).header("Authorization", "Bearer " + g.token()).get("/api/games/" + g.id())
                .then().statusCode(400).body("code", equalTo("malformed-request"));
        as(g.token()).get("/api/games/" + g.id()).then().statusCode(200).body("version", equalTo(0));
    }

    /** Two X-Player-Key headers are refused like two Authorization headers, and change nothing. */
    @Test
    void twoPlayerKeyHeadersAreRefused() {
        Api.Created g = Api.scoundrel("two-keys", "ada");
        as(g.token()).header("X-Player-Key", "one").header("X-Player-Key", "two").body(Map.of("action", "avoid"))
                .post("/api/games/" + g.id() + "/moves").then().statusCode(400).contentType(PROBLEM)
                .body("code", equalTo("malformed-request")).body("detail", equalTo("send one X-Player-Key header, not 2"));
        as(null).header("X-Player-Key", "one").header("X-Player-Key", "two").get("/api/game-types")
                .then().statusCode(400).body("code", equalTo("malformed-request"));
        as(g.token()).get("/api/games/" + g.id()).then().statusCode(200).body("version", equalTo(0));
    }

    /** Two Last-Event-ID headers are refused before a stream opens: the server does not pick one. */
    @Test
    void twoLastEventIdHeadersAreRefused() {
        Api.Created g = Api.scoundrel("two-ids", "ada");
        io.restassured.RestAssured.given().header("Last-Event-ID", "1").header("Last-Event-ID", "2")
                .header("Authorization", "Bearer " + g.token()).accept("text/event-stream")
                .get("/api/games/" + g.id() + "/events").then().statusCode(400).contentType(PROBLEM)
                .body("code", equalTo("malformed-request")).body("detail", equalTo("send one Last-Event-ID header, not 2"));
    }

    /** An empty X-Player-Key is an invalid key, not an anonymous request, and changes nothing. */
    @Test
    void anEmptyPlayerKeyIsInvalid() {
        Api.Created g = Api.scoundrel("empty-key", "ada");
        for (String empty : List.of("", " ")) {
            as(g.token()).header("X-Player-Key", empty).body(Map.of("action", "avoid"))
                    .post("/api/games/" + g.id() + "/moves").then().statusCode(401).contentType(PROBLEM)
                    .body("code", equalTo("player-key-invalid")).body("detail", containsString("empty"));
            as(null).header("X-Player-Key", empty).get("/api/games/" + g.id()).then().statusCode(401)
                    .body("code", equalTo("player-key-invalid"));
        }
        as(g.token()).get("/api/games/" + g.id()).then().statusCode(200).body("version", equalTo(0));
    }

    /** A body sent to an operation that reads none is refused, not ignored, and changes nothing. */
    @Test
    void aBodyWhereNoneIsReadIsRefused() {
        io.restassured.response.Response waiting = Api.create(Map.of("type", "dazzle",
                "seats", List.of(Map.of("name", "bodkin"), Map.of("open", true))));
        String id = waiting.path("id");
        String token = waiting.path("credentials[0].token");
        for (String path : List.of("/cancel", "/stream-tickets")) {
            as(token).body(Map.of("seat", 1)).post("/api/games/" + id + path).then().statusCode(400).contentType(PROBLEM)
                    .body("code", equalTo("malformed-request")).body("detail", containsString("takes no body"));
        }
        as(token).get("/api/games/" + id).then().statusCode(200).body("status", equalTo("waiting"));
        String name = "bodkin-" + java.util.UUID.randomUUID().toString().substring(0, 8);
        String key = as(null).body(Map.of("name", name)).post("/api/players").then().statusCode(201).extract().path("key");
        as(null).header("X-Player-Key", key).contentType("text/plain").body("hello").post("/api/players/" + name + "/key")
                .then().statusCode(415).body("code", equalTo("unsupported-media-type"));
        as(null).header("X-Player-Key", key).body(Map.of("x", 1)).post("/api/players/" + name + "/key")
                .then().statusCode(400).body("code", equalTo("malformed-request"));
        as(null).header("X-Player-Key", key).body(Map.of("x", 1)).delete("/api/players/" + name + "/key")
                .then().statusCode(400).body("code", equalTo("malformed-request"));
        // The key still stands, and without a body the same requests are answered.
        as(null).header("X-Player-Key", key).post("/api/players/" + name + "/key").then().statusCode(200);
        as(token).post("/api/games/" + id + "/cancel").then().statusCode(200).body("result.ending", equalTo("aborted"));
    }

    @Test
    void storableTextIsStoredAndGivenBackExactlyAndSeedsCountCodePoints() throws Exception {
        String odd = "😀é\uFFFF中\u200B\u202E\t\"\\ x";
        String longest = "😀".repeat(128 - odd.codePointCount(0, odd.length())) + odd;
        assertEquals(128, longest.codePointCount(0, longest.length()));
        for (String seed : List.of(odd, longest)) {
            // Two computer seats play the whole game at once, so the seed is revealed straight away.
            Response created = as(null).body(Map.of("type", "dazzle", "seed", seed,
                    "seats", List.of(Map.of("ai", "random"), Map.of("ai", "random")))).post("/api/games");
            created.then().statusCode(201).body("status", equalTo("finished"))
                    .body("seedCommitment", equalTo(commitment(seed))).body("seed", equalTo(seed));
            as(null).get("/api/games/" + created.path("id") + "/record").then().body("seed", equalTo(seed));
        }
        as(null).body(Map.of("type", "scoundrel", "seed", "😀" + longest, "seats",
                List.of(Map.of("name", "cody")))).post("/api/games").then().statusCode(400)
                .body("code", equalTo("malformed-request")).body("detail", containsString("128"));
    }

    /**
     * Byte sequences RFC 3629 forbids, which a lenient decoder would still turn into characters
     * (an overlong slash or U+0000, a code point beyond U+10FFFF), are refused; the valid
     * sequences at the edges of the same ranges are stored exactly.
     */
    @Test
    void overlongAndOutOfRangeUtf8IsRefusedAndTheEdgesOfEachRangeAreKept() throws Exception {
        long games = count();
        String[] refused = {"C0AF", "C080", "C1BF", "E080AF", "E09FBF", "F08080AF", "F08FBFBF", "F4908080", "F5808080", "FF"};
        for (String hex : refused) {
            RawHttp.Response r = postSeed(HexFormat.of().parseHex(hex));
            assertEquals(400, r.status(), hex + ": " + r.body());
            assertEquals(PROBLEM, r.header("content-type"));
            io.restassured.path.json.JsonPath problem = io.restassured.path.json.JsonPath.from(r.body());
            assertEquals("malformed-request", problem.getString("code"), hex);
            org.hamcrest.MatcherAssert.assertThat(hex, problem.getString("detail"), containsString("not valid UTF-8"));
        }
        assertEquals(games, count(), "nothing was stored");
        // U+0080, U+07FF, U+0800, U+D7FF, U+E000, U+10000, U+10FFFF: the first and last of each form.
        for (String hex : new String[] {"C280", "DFBF", "E0A080", "ED9FBF", "EE8080", "F0908080", "F48FBFBF"}) {
            byte[] bytes = HexFormat.of().parseHex(hex);
            RawHttp.Response r = postSeed(bytes);
            assertEquals(201, r.status(), hex + ": " + r.body());
            assertEquals("x" + new String(bytes, StandardCharsets.UTF_8) + "y",
                    io.restassured.path.json.JsonPath.from(r.body()).getString("seed"), hex);
        }
    }

    /** Creates a Dazzle game between two computer seats (so its seed is shown) seeded "x", the bytes, "y". */
    private static RawHttp.Response postSeed(byte[] middle) throws Exception {
        byte[] head = "{\"type\":\"dazzle\",\"seats\":[{\"ai\":\"random\"},{\"ai\":\"random\"}],\"seed\":\"x"
                .getBytes(StandardCharsets.UTF_8);
        byte[] tail = "y\"}".getBytes(StandardCharsets.UTF_8);
        byte[] body = new byte[head.length + middle.length + tail.length];
        System.arraycopy(head, 0, body, 0, head.length);
        System.arraycopy(middle, 0, body, head.length, middle.length);
        System.arraycopy(tail, 0, body, head.length + middle.length, tail.length);
        return RawHttp.send(RestAssured.port, "POST /api/games HTTP/1.1\r\nHost: localhost\r\n"
                + "Content-Type: application/json\r\nContent-Length: " + body.length, body);
    }

    @Test
    void aNullAnywhereButAsAFieldValueIsMalformed() throws Exception {
        long games = count();
        for (String body : List.of(
                "{\"type\":\"scoundrel\",\"options\":{\"weaponBinding\":null},\"seats\":[{\"name\":\"fuzz\"}]}",
                "{\"type\":\"scoundrel\",\"seats\":[null]}",
                "{\"type\":\"dazzle\",\"seats\":[{\"name\":\"fuzz\"},null]}",
                "{\"type\":\"dazzle\",\"deal\":{\"decks\":[null,null],\"removed\":[]},\"seats\":[{\"name\":\"fuzz\"},{\"ai\":\"random\"}]}")) {
            as(null).body(body).post("/api/games").then().statusCode(400).contentType(PROBLEM)
                    .body("code", equalTo("malformed-request"));
        }
        as(null).body("{\"type\":\"scoundrel\",\"options\":{\"weaponBinding\":null},\"seats\":[{\"name\":\"fuzz\"}]}")
                .post("/api/games").then().body("detail", equalTo("'options.weaponBinding' may not be null"));
        // Null as a field's value means the field is left out.
        as(null).body("{\"type\":\"scoundrel\",\"ruleset\":null,\"seed\":null,\"options\":null,\"deal\":null,"
                + "\"seats\":[{\"name\":\"fuzz\",\"ai\":null,\"aiBudget\":null,\"open\":null}]}").post("/api/games")
                .then().statusCode(201).body("ruleset", equalTo("standard"));

        Api.Created g = Api.scoundrel("policy-nulls", "nell");
        String moves = "/api/games/" + g.id() + "/moves";
        for (String body : List.of("{\"action\":null}", "{\"action\":\"play\",\"card\":null}",
                "{\"action\":\"play\",\"card\":\"5D\",\"barehanded\":null}", "{\"action\":\"avoid\",\"x\":[1,null]}",
                "{\"action\":\"avoid\",\"x\":{\"y\":{\"z\":null}}}")) {
            as(g.token()).body(body).post(moves).then().statusCode(400).body("code", equalTo("malformed-request"));
        }
        as(g.token()).body("{\"action\":\"avoid\",\"x\":{\"y\":{\"z\":null}}}").post(moves).then()
                .body("detail", equalTo("'x.y.z' may not be null"));
        as(g.token()).get("/api/games/" + g.id()).then().body("version", equalTo(0));

        String body = new com.fasterxml.jackson.databind.ObjectMapper()
                .writeValueAsString(RecordTest.record(RecordTest.finishedDazzle()));
        for (String tampered : List.of(body.replace("\"moves\":[", "\"moves\":[null,"),
                body.replace("\"seats\":[", "\"seats\":[null,"),
                body.replace("\"options\":{}", "\"options\":{\"x\":null}"),
                body.replaceFirst("\"seat\":0", "\"seat\":null"))) {
            as(null).body(tampered).post("/api/games/import").then().statusCode(400).contentType(PROBLEM)
                    .body("code", equalTo("malformed-request"));
        }
        assertEquals(games + 3, count(), "the game created with null fields, the Scoundrel game, the finished Dazzle game");
    }

    @Test
    void queryAndPathTextFollowTheSamePolicy() {
        for (String target : List.of("/api/games?player=%00", "/api/games?cursor=%ED%A0%80", "/api/games?player=%C3%28",
                "/api/games?=%zz", "/api/players/a%00b/stats", "/api/games/%zz", "/api/games/%ED%A0%80",
                "/api/games?player=a%", "/api/games/x%00/record")) {
            RawHttp.Response r = RawHttp.send(RestAssured.port, "GET " + target + " HTTP/1.1\r\nHost: localhost", null);
            assertEquals(400, r.status(), target + " " + r.body());
            assertEquals(PROBLEM, r.header("content-type"), target);
            assertEquals("malformed-request", io.restassured.path.json.JsonPath.from(r.body()).getString("code"), target);
        }
        // Raw bytes outside printable ASCII in the request target.
        RawHttp.Response r = RawHttp.send(RestAssured.port, "GET /api/players/\u00e9/stats HTTP/1.1\r\nHost: localhost", null);
        assertEquals(400, r.status());
        assertEquals("malformed-request", io.restassured.path.json.JsonPath.from(r.body()).getString("code"));
        // Percent-encoded UTF-8 is text like any other.
        as(null).queryParam("cursor", "é😀").get("/api/games").then().statusCode(400)
                .body("detail", containsString("cursor"));
    }

    private static long count() throws Exception {
        return Long.parseLong(Db.scalar("select count(*) from games"));
    }

    private static String commitment(String seed) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(("commit:" + seed).getBytes(StandardCharsets.UTF_8)));
    }
}
