package dev.cardtable.platform.http;

import dev.cardtable.records.RecordTest;
import dev.cardtable.support.Api;
import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.SseClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.cardtable.support.Api.as;
import static dev.cardtable.support.Api.move;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Edge cases a careful client (or a careless one) runs into. */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class HardeningTest {

    @Test
    void theEventStreamSaysWhatItAnswersWhenJsonIsAsked() {
        Api.Created g = Api.scoundrel("events-406", "asker");
        given().accept("application/json").get("/api/games/" + g.id() + "/events").then().statusCode(406)
                .contentType("application/problem+json").body("code", equalTo("not-acceptable"))
                .body("detail", containsString("text/event-stream"));
    }

    @Test
    void aNumberBeyondAnIntegerSaysTheParametersOwnRange() {
        Api.Created g = Api.scoundrel("range", "ranger");
        as(null).get("/api/games/" + g.id() + "/moves?limit=99999999999").then().statusCode(400)
                .contentType("application/problem+json").body("code", equalTo("malformed-request"))
                .body("detail", equalTo(as(null).get("/api/games/" + g.id() + "/moves?limit=1001").then()
                        .statusCode(400).extract().path("detail")))
                .body("detail", containsString("'limit' must be 1 to"));
        given().get("/api/games?limit=-99999999999").then().statusCode(400)
                .body("code", equalTo("malformed-request")).body("detail", containsString("'limit' must be 1 to"));
        for (String limit : List.of("ten", "%D9%A5", "%2B5", "")) {
            given().urlEncodingEnabled(false).get("/api/games?limit=" + limit).then().statusCode(400)
                    .body("code", equalTo("malformed-request")).body("detail", containsString("'limit'"));
        }
    }

    @Test
    void aClientThatOffersAnH2cUpgradeCanStillCreateAndMove() throws Exception {
        // Java's HttpClient offers "Upgrade: h2c" on its first plain-text request, body and all.
        java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
        java.net.URI base = java.net.URI.create("http://localhost:" + RestAssured.port);
        java.net.http.HttpResponse<String> created = http.send(java.net.http.HttpRequest.newBuilder(base.resolve("/api/games"))
                .header("Content-Type", "application/json")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString(
                        "{\"type\":\"scoundrel\",\"seed\":\"h2c\",\"seats\":[{\"name\":\"upgrader\"}]}")).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertEquals(201, created.statusCode(), created.body());
        io.restassured.path.json.JsonPath game = new io.restassured.path.json.JsonPath(created.body());
        java.net.http.HttpResponse<String> moved = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest
                        .newBuilder(base.resolve("/api/games/" + game.getString("id") + "/moves"))
                        .header("Content-Type", "application/json")
                        .header("Authorization", "Bearer " + game.getString("credentials[0].token"))
                        .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{\"action\":\"avoid\"}")).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertEquals(200, moved.statusCode(), moved.body());
    }

    @Test
    void aGameWithAnOpenSeatIsNeverDealtFromTheCreatorsSeedOrDeal() {
        as(null).body(Map.of("type", "dazzle", "seed", "42", "seats", List.of(Map.of("name", "mallory"), Map.of("open", true))))
                .post("/api/games").then().statusCode(400).body("code", equalTo("malformed-request"))
                .body("detail", containsString("open seat"));
    }

    @Test
    void jsonIsReadStrictly() {
        Api.Created g = Api.scoundrel("strict", "stan");
        String path = "/api/games/" + g.id() + "/moves";
        List<String> room = g.response().path("view.room");
        as(g.token()).body("{\"action\":\"play\",\"card\":\"" + room.get(0) + "\"} garbage").post(path).then().statusCode(400)
                .body("code", equalTo("malformed-request"));
        as(g.token()).body("{\"action\":\"play\",\"card\":\"" + room.get(0) + "\",\"card\":\"" + room.get(1) + "\"}").post(path)
                .then().statusCode(400).body("code", equalTo("malformed-request"));
        for (String body : List.of("{\"type\":\"scoundrel\",\"seats\":[{\"name\":123}]}",
                "{\"type\":\"scoundrel\",\"seed\":42,\"seats\":[{\"name\":\"a\"}]}",
                "{\"type\":\"dazzle\",\"seats\":[{\"name\":\"a\"},{\"open\":\"true\"}]}",
                "{\"type\":\"dazzle\",\"seats\":[{\"name\":\"a\"},{\"ai\":\"ismcts\",\"aiBudget\":\"2000\"}]}",
                "{\"type\":\"dazzle\",\"seats\":[{\"name\":\"a\"},{\"ai\":\"ismcts\",\"aiBudget\":2.5}]}",
                "{\"type\":\"dazzle\",\"seats\":[{\"name\":\"a\"},{\"ai\":\"heuristic\",\"aiBudget\":20}]}")) {
            as(null).body(body).post("/api/games").then().statusCode(400).body("code", equalTo("malformed-request"));
        }
        // A value of the wrong type is named by its path and told what it must be.
        Map<String, String> told = new java.util.LinkedHashMap<>();
        told.put("{\"type\":\"dazzle\",\"seats\":[{\"name\":\"a\"},{\"ai\":\"ismcts\",\"aiBudget\":99999999999}]}",
                "'seats[1].aiBudget' must be a whole number from -2147483648 to 2147483647");
        told.put("{\"type\":\"dazzle\",\"seats\":[{\"name\":\"a\"},{\"ai\":\"ismcts\",\"aiBudget\":2.5}]}",
                "'seats[1].aiBudget' must be a whole number from -2147483648 to 2147483647");
        told.put("{\"type\":\"dazzle\",\"rated\":true,\"ratingRange\":{\"min\":1400.5,\"max\":1600},"
                + "\"seats\":[{\"name\":\"a\"},{\"open\":true}]}", "'ratingRange.min' must be a whole number from -2147483648 to 2147483647");
        told.put("{\"type\":\"dazzle\",\"seats\":[{\"name\":\"a\"},{\"open\":\"true\"}]}", "'seats[1].open' must be true or false");
        told.put("{\"type\":\"scoundrel\",\"seed\":42,\"seats\":[{\"name\":\"a\"}]}", "'seed' must be a string");
        told.put("{\"type\":\"scoundrel\",\"seats\":{\"name\":\"a\"}}", "'seats' must be an array");
        // Text that is not JSON is told so, wherever it stands.
        told.put("{\"type\":\"dazzle\",\"seats\":[{\"name\":\"a\"},{\"ai\":\"ismcts\",\"aiBudget\":NaN}]}",
                "the body is not valid JSON (in 'seats[1].aiBudget')");
        told.put("{\"type\":\"dazzle\",\"seats\":[{\"name\":\"a\"},{\"ai\":\"ismcts\",\"aiBudget\":007}]}",
                "the body is not valid JSON (in 'seats[1].aiBudget')");
        told.put("{\"type\":\"scoundrel\",\"seed\":\"a\tb\",\"seats\":[{\"name\":\"a\"}]}",
                "the body is not valid JSON (in 'seed')");
        told.put("{\"type\":\"scoundrel\",\"seats\":[{\"name\":\"a\"}", "the body is not valid JSON: it ends before its value does");
        told.put("{\"type\":\"scoundrel\",\"seed\":NaN,\"seats\":[{\"name\":\"a\"}]}", "the body is not valid JSON (in 'seed')");
        told.forEach((body, detail) -> as(null).body(body).post("/api/games").then().statusCode(400)
                .body("code", equalTo("malformed-request")).body("detail", equalTo(detail)));
        as(g.token()).get("/api/games/" + g.id()).then().body("version", equalTo(0));
    }

    @Test
    void aBodyInAnotherCharsetIsAnUnsupportedMediaTypeAndChangesNothing() {
        Api.Created g = Api.scoundrel("charset", "chas");
        String path = "/api/games/" + g.id() + "/moves";
        List<String> room = g.response().path("view.room");
        String move = "{\"action\":\"play\",\"card\":\"" + room.get(0) + "\"}";
        Map<String, String> told = Map.of("application/json; charset=ISO-8859-1", "not 'ISO-8859-1': ",
                "application/json;charset=\"utf-16\"", "not 'utf-16': ", "application/json; charset", "not a charset without a name: ");
        told.forEach((type, named) -> given().header("Authorization", "Bearer " + g.token()).contentType(type)
                .body(move.getBytes(StandardCharsets.UTF_8)).post(path).then().statusCode(415).contentType("application/problem+json")
                .body("code", equalTo("unsupported-media-type")).body("detail", containsString("the body must be JSON in UTF-8, " + named)));
        as(g.token()).get("/api/games/" + g.id()).then().body("version", equalTo(0));
        given().header("Authorization", "Bearer " + g.token()).contentType("application/json; charset=\"UTF-8\"")
                .body(move.getBytes(StandardCharsets.UTF_8)).post(path).then().statusCode(200);
    }

    @Test
    void anEncodedBodyIsAnUnsupportedMediaTypeAndChangesNothing() throws Exception {
        Api.Created g = Api.scoundrel("coding", "cody");
        String path = "/api/games/" + g.id() + "/moves";
        List<String> room = g.response().path("view.room");
        byte[] move = ("{\"action\":\"play\",\"card\":\"" + room.get(0) + "\"}").getBytes(StandardCharsets.UTF_8);
        java.io.ByteArrayOutputStream zipped = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream z = new java.util.zip.GZIPOutputStream(zipped)) {
            z.write(move);
        }
        given().header("Authorization", "Bearer " + g.token()).header("Content-Encoding", "gzip").contentType("application/json")
                .body(zipped.toByteArray()).post(path).then().statusCode(415).contentType("application/problem+json")
                .header("Accept-Encoding", "identity").body("code", equalTo("unsupported-media-type"))
                .body("detail", containsString("gzip"));
        // Every Content-Encoding header counts, not only the first.
        given().header("Authorization", "Bearer " + g.token()).header("Content-Encoding", "identity")
                .header("Content-Encoding", "gzip").contentType("application/json").body(move).post(path).then().statusCode(415)
                .body("detail", containsString("gzip"));
        // A wildcard names no media type, and two types are one too many.
        for (String type : List.of("*/*", "application/*")) {
            given().header("Authorization", "Bearer " + g.token()).contentType(type).body(move).post(path).then()
                    .statusCode(415).body("code", equalTo("unsupported-media-type"))
                    .body("detail", containsString("application/json"));
        }
        // What is not a media type at all is refused alike, never read as JSON nor answered with a 500.
        for (String type : List.of("application", "application/json; charset", "application/json;=x", "/json",
                "application/json; foo", "application/json; foo=", "application/json; =bar", "application/json; a=\"b")) {
            given().header("Authorization", "Bearer " + g.token()).header("Content-Type", type).body(move).post(path)
                    .then().statusCode(415).contentType("application/problem+json")
                    .body("code", equalTo("unsupported-media-type")).body("detail", containsString("application/json"));
        }
        given().config(io.restassured.RestAssured.config().headerConfig(
                        io.restassured.config.HeaderConfig.headerConfig().mergeHeadersWithName("Content-Type")))
                .header("Authorization", "Bearer " + g.token()).header("Content-Type", "application/json")
                .header("Content-Type", "text/plain").body(move).post(path).then().statusCode(400)
                .body("code", equalTo("malformed-request"));
        as(g.token()).get("/api/games/" + g.id()).then().body("version", equalTo(0));
        // "identity" is no coding at all.
        given().header("Authorization", "Bearer " + g.token()).header("Content-Encoding", "identity").contentType("application/json")
                .body(move).post(path).then().statusCode(200);
    }

    @Test
    void requestsNoResourceMethodAnsweredKeepTheMetricsToRouteTemplates() {
        for (int i = 0; i < 3; i++) {
            given().options("/api/games/optionsjunk" + i + "/hint").then().statusCode(200);
            given().patch("/api/games/patchjunk" + i + "/hint").then().statusCode(405);
        }
        given().options("/api/no/such/route/here").then().statusCode(200);
        String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
        assertFalse(metrics.contains("optionsjunk"), "a raw path became a series");
        assertFalse(metrics.contains("patchjunk"), "a raw path became a series");
        assertFalse(metrics.contains("/api/no/such"), "a raw path became a series");
        assertTrue(metrics.contains("method=\"OPTIONS\",outcome=\"SUCCESS\",status=\"200\",uri=\"/api/games/{id}/hint\""), metrics);
        assertTrue(metrics.contains("method=\"PATCH\",outcome=\"CLIENT_ERROR\",status=\"405\",uri=\"/api/games/{id}/hint\""), metrics);
    }

    @Test
    void optionsNamesThePathsOwnMethodsAsA405Does() {
        given().options("/api/game-types").then().statusCode(200).header("Allow", "GET, HEAD, OPTIONS");
        String id = "00000000-0000-0000-0000-000000000000";
        String allow = given().delete("/api/games/" + id).then().statusCode(405).extract().header("Allow");
        assertEquals("GET, HEAD, OPTIONS", allow);
        given().options("/api/games/" + id).then().statusCode(200).header("Allow", allow);
        given().options("/api/games").then().statusCode(200).header("Allow", "GET, HEAD, OPTIONS, POST");
        // HEAD answers as GET would, without the body.
        for (String path : List.of("/api/game-types", "/api/lobby", "/api/games/" + id)) {
            io.restassured.response.Response get = given().get(path);
            io.restassured.response.Response head = given().head(path);
            assertEquals(get.statusCode(), head.statusCode(), path);
            assertEquals(get.contentType(), head.contentType(), path);
            assertEquals("", head.asString(), path);
        }
    }

    @Test
    void httpDetailsFollowTheStandards() {
        Api.Created g = Api.scoundrel("http", "hal");
        as(null).body(Map.of("action", "avoid")).post("/api/games/" + g.id() + "/moves").then().statusCode(401)
                .header("WWW-Authenticate", "Bearer");
        as(null).get("/api/games/import").then().statusCode(405).header("Allow", "POST")
                .body("code", equalTo("method-not-allowed"));
        as(g.token()).header("If-Match", "\"3\", \"0\"").body(Map.of("action", "avoid"))
                .post("/api/games/" + g.id() + "/moves").then().statusCode(200);
        as(null).header("If-None-Match", "*").get("/api/games/" + g.id()).then().statusCode(304);
        List<String> room = as(g.token()).get("/api/games/" + g.id()).path("view.room");
        Response first = as(g.token()).header("Idempotency-Key", "same").body("{\"action\":\"play\",\"card\":\"" + room.get(0) + "\"}")
                .post("/api/games/" + g.id() + "/moves");
        first.then().statusCode(200);
        as(g.token()).header("Idempotency-Key", "same").body("{\"card\":\"" + room.get(0) + "\", \"action\":\"play\"}")
                .post("/api/games/" + g.id() + "/moves").then().statusCode(200).header("Idempotent-Replayed", "true");
    }

    @Test
    void outlandishTimesAreMalformedNotServerErrors() {
        for (String t : List.of("+999999999-12-31T23:59:59Z", "-4713-01-01T00:00:00Z")) {
            as(null).queryParam("createdAfter", t).get("/api/games").then().statusCode(400).body("code", equalTo("malformed-request"));
        }
        as(null).queryParam("type", "chess").get("/api/games").then().statusCode(400);
        Map<String, Object> rec = new HashMap<>(as(null).get("/api/games/" + RecordTest.finishedDazzle() + "/record").jsonPath().getMap("$"));
        rec.put("createdAt", "2999-01-01T00:00:00Z");
        as(null).body(rec).post("/api/games/import").then().statusCode(422).body("code", equalTo("invalid-record"));
    }

    @Test
    void aDeclaredOversizedBodyIsRefusedBeforeItIsRead() throws Exception {
        try (Socket s = new Socket("localhost", RestAssured.port)) {
            OutputStream out = s.getOutputStream();
            out.write(("POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 999999999\r\n\r\n{").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            s.setSoTimeout(3_000);
            InputStream in = s.getInputStream();
            java.io.ByteArrayOutputStream got = new java.io.ByteArrayOutputStream();
            byte[] buf = new byte[1024];
            try {
                for (int n; (n = in.read(buf)) > 0 && !got.toString(StandardCharsets.UTF_8).contains("}"); ) {
                    got.write(buf, 0, n);
                }
            } catch (java.net.SocketTimeoutException e) {
                // the server keeps the connection open; what it sent is enough
            }
            String response = got.toString(StandardCharsets.UTF_8);
            assertTrue(response.startsWith("HTTP/1.1 413"), response);
            assertTrue(response.contains("payload-too-large"), response);
            assertTrue(response.contains("application/problem+json"), response);
        }
    }

    @Test
    void theEventStreamOfAFinishedGameSendsEveryMoveThenEnds() throws Exception {
        String id = RecordTest.finishedDazzle();
        try (SseClient sse = SseClient.connect("http://localhost:" + RestAssured.port + "/api/games/" + id + "/events", "30", null)) {
            assertEquals(200, sse.status());
            List<SseClient.Event> got = sse.take(7, Duration.ofSeconds(10));
            assertEquals(List.of("31", "32", "33", "34", "35", "36"), got.subList(0, 6).stream().map(SseClient.Event::id).toList());
            assertEquals("end", got.get(6).name());
        }
        // Headers come at once even when there is nothing to send yet.
        Api.Created g = Api.scoundrel("sse-now", "ivy");
        long t0 = System.nanoTime();
        try (SseClient sse = SseClient.connect("http://localhost:" + RestAssured.port + "/api/games/" + g.id() + "/events", null, null)) {
            assertEquals(200, sse.status());
            assertTrue(System.nanoTime() - t0 < 5_000_000_000L, "headers within 5 s");
            move(g.id(), g.token(), Map.of("action", "avoid")).then().statusCode(200);
            SseClient.Event e = sse.poll(Duration.ofSeconds(10));
            assertNotNull(e);
            assertEquals("1", e.id());
        }
    }
}
