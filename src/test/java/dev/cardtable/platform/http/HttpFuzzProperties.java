package dev.cardtable.platform.http;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardtable.support.RawHttp;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

import java.io.ByteArrayOutputStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * Fuzzes a running server ({@link HttpFuzzTest} starts it and calls {@link #run}): mutated create, move, import and seat bodies (wrong
 * types, nulls, huge numbers, U+0000 and odd Unicode, deep nesting, duplicate keys, unknown
 * fields, broken JSON, oversize), random paths and methods under {@code /api}, random query
 * strings and header values.
 *
 * <p>Whatever is sent: no 5xx; every 4xx is {@code application/problem+json} whose {@code status}
 * is the HTTP status and whose {@code code} is a string; and a rejected move changes nothing
 * (the game's version and its whole {@code GET} body are as before).
 *
 * <p>QuickTheories draws each request's kind and a seed from its fixed seed; the request is built from
 * that seed against the fixtures' current state, so a run is reproducible.
 */
class HttpFuzzProperties {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper ESCAPING = new ObjectMapper(JsonFactory.builder()
            .enable(JsonWriteFeature.ESCAPE_NON_ASCII).build());
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private static int port;
    private static Game scoundrel;
    private static Game dazzle;
    private static String openDazzle;
    private static String record;
    private static final Map<String, AtomicInteger> SEEN = new TreeMap<>();

    /** A game the fuzz plays in: its id and its one human seat's token. */
    private record Game(String type, String id, String token) {
    }

    enum Kind { CREATE, MOVE, IMPORT, SEAT, PATH, QUERY, HEADERS }

    /** What one try sends: its kind, and the seed it is built from. */
    record Plan(Kind kind, long seed) {
    }

    /**
     * Runs {@code tries} fuzzed requests, drawn from a fixed seed, against the server on
     * {@code serverPort}; the first failing request fails with an {@link AssertionError}.
     */
    static void run(int serverPort, int tries) throws Exception {
        port = serverPort;
        fixtures();
        try {
            qt().withFixedSeed(4242424242L).withExamples(tries).withShrinkCycles(0).forAll(plans()).checkAssert(plan -> {
                try {
                    noRequestFailsTheServerAndARejectedMoveChangesNothing(plan);
                } catch (Exception e) {
                    throw new AssertionError(plan + ": " + e, e);
                }
            });
        } finally {
            report();
        }
    }

    static void fixtures() throws Exception {
        scoundrel = newGame("scoundrel");
        dazzle = newGame("dazzle");
        openDazzle = json(post("/api/games", "{\"type\":\"dazzle\",\"seats\":[{\"name\":\"fuzzhost\"},{\"open\":true}]}", null))
                .path("id").asText();
        String finished = json(post("/api/games", "{\"type\":\"dazzle\",\"seed\":\"fuzz-record\",\"seats\":[{\"ai\":\"heuristic\"},"
                + "{\"ai\":\"random\"}]}", null)).path("id").asText();
        record = send("GET", "/api/games/" + finished + "/record", Map.of(), null).body();
    }

    static void report() {
        System.out.println("HTTP fuzz, requests by kind and status: " + SEEN);
    }

    /** Each try's kind (weighted 4 create, 5 move, 2 import, 1 seat, 3 path, 2 query, 2 headers) and seed. */
    static Gen<Plan> plans() {
        List<Kind> weighted = new java.util.ArrayList<>();
        int[] weights = {4, 5, 2, 1, 3, 2, 2};
        for (Kind k : Kind.values()) {
            for (int i = 0; i < weights[k.ordinal()]; i++) {
                weighted.add(k);
            }
        }
        return Generate.pick(weighted).zip(longs().all(), Plan::new);
    }

    static void noRequestFailsTheServerAndARejectedMoveChangesNothing(Plan plan) throws Exception {
        Random r = new Random(plan.seed());
        switch (plan.kind()) {
            case CREATE -> check(plan, send("POST", "/api/games", jsonHeaders(r, null), mutatedBody(createBody(r), r)));
            case MOVE -> move(plan, r);
            case IMPORT -> check(plan, send("POST", "/api/games/import", jsonHeaders(r, null),
                    mutatedBody(JSON.readTree(record), r)));
            case SEAT -> check(plan, send("POST", "/api/games/" + openDazzle + "/seats/" + pick(r, "1", "0", "2", "-1", "x", "1.0"),
                    jsonHeaders(r, null), mutatedBody(JSON.readTree("{\"name\":\"fuzzguest\"}"), r)));
            case PATH -> {
                String method = pick(r, "GET", "GET", "GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "BREW");
                byte[] body = method.equals("GET") || method.equals("HEAD") || r.nextInt(3) == 0 ? null
                        : mutatedBody(createBody(r), r);
                check(plan, send(method, randomPath(r), jsonHeaders(r, null), body));
            }
            case QUERY -> check(plan, send("GET", randomQueryTarget(r), Map.of("Accept", "application/json"), null));
            case HEADERS -> {
                Game g = r.nextBoolean() ? scoundrel : dazzle;
                Map<String, String> headers = jsonHeaders(r, g.token());
                for (int i = r.nextInt(4); i > 0; i--) {
                    String value = headerValue(r);
                    // The header section stays under the HTTP codec's own cap (64 KiB), which answers bare.
                    if (headers.values().stream().mapToInt(String::length).sum() + value.length() < 60_000) {
                        headers.put(pick(r, "If-None-Match", "If-Match", "Idempotency-Key", "Authorization", "Accept",
                                "Last-Event-ID", "X-Fuzz", "Accept-Encoding", "Accept-Language"), value);
                    }
                }
                String path = pick(r, "/api/games/" + g.id(), "/api/games/" + g.id() + "/moves", "/api/games/" + g.id() + "/timeline",
                        "/api/games/" + g.id() + "/states/0", "/api/games", "/api/game-types", "/api/games/" + g.id() + "/record");
                check(plan, send("GET", path, headers, null));
            }
        }
    }

    // ---------------------------------------------------------------- moves

    private static void move(Plan plan, Random r) throws Exception {
        Game g = r.nextInt(3) == 0 ? dazzle : scoundrel;
        RawHttp.Response before = send("GET", "/api/games/" + g.id(), Map.of("Authorization", "Bearer " + g.token()), null);
        assertEquals(200, before.status(), before.body());
        JsonNode state = JSON.readTree(before.body());
        if (!state.path("status").asText().equals("active")) {
            // Over: a fresh game for the next tries (this one still takes the fuzzed move below).
            renew(g);
        }
        JsonNode base = state.path("legalMoves").size() > 0
                ? state.path("legalMoves").get(r.nextInt(state.path("legalMoves").size()))
                : JSON.readTree(g.type().equals("scoundrel") ? "{\"action\":\"avoid\"}" : "{\"action\":\"own\",\"card\":\"B1\"}");
        byte[] body = r.nextInt(5) == 0 ? JSON.writeValueAsBytes(base) : mutatedBody(base, r);
        String token = r.nextInt(10) == 0 ? pick(r, "", "x", g.token() + "x", UUID.randomUUID().toString()) : g.token();
        Map<String, String> headers = jsonHeaders(r, token);
        if (r.nextInt(3) == 0) {
            headers.put("If-Match", pick(r, "\"" + state.path("version").asInt() + "\"", "\"" + (state.path("version").asInt() + 1) + "\"",
                    "*", "W/\"0\"", "\"-1\"", "\"99999999999\"", "\"abc\"", headerValue(r)));
        }
        if (r.nextInt(3) == 0) {
            headers.put("Idempotency-Key", pick(r, "k1", "k2", "", " ", "x".repeat(300), headerValue(r)));
        }
        RawHttp.Response response = send("POST", "/api/games/" + g.id() + "/moves", headers, body);
        check(plan, response);
        if (response.status() >= 400) {
            RawHttp.Response after = send("GET", "/api/games/" + g.id(), Map.of("Authorization", "Bearer " + g.token()), null);
            assertEquals(state.path("version").asInt(), JSON.readTree(after.body()).path("version").asInt(),
                    "a rejected move left the version as it was: " + new String(body, StandardCharsets.UTF_8));
            assertEquals(before.body(), after.body(), "a rejected move changed the game");
        }
    }

    private static void renew(Game g) throws Exception {
        Game fresh = newGame(g.type());
        if (g == scoundrel) {
            scoundrel = fresh;
        } else {
            dazzle = fresh;
        }
    }

    private static Game newGame(String type) throws Exception {
        String body = type.equals("scoundrel")
                ? "{\"type\":\"scoundrel\",\"seats\":[{\"name\":\"fuzzer\"}]}"
                : "{\"type\":\"dazzle\",\"seats\":[{\"name\":\"fuzzer\"},{\"ai\":\"random\"}]}";
        JsonNode created = json(post("/api/games", body, null));
        return new Game(type, created.path("id").asText(), created.path("credentials").path(0).path("token").asText());
    }

    // ---------------------------------------------------------------- bodies

    private static JsonNode createBody(Random r) throws Exception {
        return JSON.readTree(pick(r,
                "{\"type\":\"scoundrel\",\"seed\":\"42\",\"seats\":[{\"name\":\"fuzz\"}]}",
                "{\"type\":\"scoundrel\",\"ruleset\":\"simple\",\"seed\":\"s\",\"options\":{\"weaponBinding\":\"strictlyLess\"},\"seats\":[{\"name\":\"fuzz\"}]}",
                "{\"type\":\"scoundrel\",\"deal\":[\"10D\",\"AC\",\"2S\"],\"seats\":[{\"name\":\"fuzz\"}]}",
                "{\"type\":\"dazzle\",\"seed\":\"7\",\"seats\":[{\"name\":\"fuzz\"},{\"ai\":\"ismcts\",\"aiBudget\":5}]}",
                "{\"type\":\"dazzle\",\"seats\":[{\"name\":\"fuzz\"},{\"open\":true}]}",
                "{\"type\":\"dazzle\",\"deal\":{\"decks\":[[\"B1\"],[\"R2\"]],\"removed\":[\"G3\"]},\"seats\":[{\"ai\":\"random\"},{\"ai\":\"heuristic\"}]}"));
    }

    /** {@code base} with one to three mutations, written as bytes, sometimes broken as text afterwards. */
    private static byte[] mutatedBody(JsonNode base, Random r) throws Exception {
        JsonNode tree = base.deepCopy();
        int mode = r.nextInt(10);
        if (mode < 4) {
            // One odd string where the body had text, the rest left valid, so that it reaches the service.
            List<Slot> text = new ArrayList<>();
            slots(tree, text);
            text.removeIf(slot -> !slot.get().isTextual());
            if (!text.isEmpty()) {
                text.get(r.nextInt(text.size())).set(NODES.textNode(weirdString(r)));
            }
        } else {
            for (int i = mode == 4 ? 0 : 1 + r.nextInt(2); i > 0; i--) {
                tree = mutate(tree, r);
            }
        }
        byte[] bytes = r.nextBoolean() ? ESCAPING.writeValueAsBytes(tree) : JSON.writeValueAsString(tree).getBytes(StandardCharsets.UTF_8);
        return r.nextInt(4) == 0 ? breakText(bytes, r) : bytes;
    }

    /** A place in a tree: a field of an object or an element of an array. */
    private record Slot(JsonNode parent, String field, int index) {
        JsonNode get() {
            return field != null ? parent.get(field) : parent.get(index);
        }

        void set(JsonNode value) {
            if (field != null) {
                ((ObjectNode) parent).set(field, value);
            } else {
                ((ArrayNode) parent).set(index, value);
            }
        }

        void remove() {
            if (field != null) {
                ((ObjectNode) parent).remove(field);
            } else {
                ((ArrayNode) parent).remove(index);
            }
        }
    }

    private static JsonNode mutate(JsonNode root, Random r) {
        List<Slot> slots = new ArrayList<>();
        slots(root, slots);
        if (slots.isEmpty() || r.nextInt(25) == 0) {
            return weird(r);
        }
        Slot slot = slots.get(r.nextInt(slots.size()));
        JsonNode old = slot.get();
        int op = r.nextInt(20);
        if (op < 7) {
            // Same kind, odd value: text PostgreSQL cannot store, odd Unicode, huge numbers.
            slot.set(old.isTextual() ? NODES.textNode(weirdString(r)) : old.isNumber() ? weirdNumber(r) : weird(r));
        } else if (op < 11) {
            slot.set(NODES.nullNode());
        } else if (op < 14) {
            slot.remove();
        } else if (op < 17) {
            JsonNode parent = slot.parent();
            if (parent instanceof ObjectNode o) {
                o.set(pick(r, "x", "type", "seed", "\u0000", "\uD800", "😀", "seats", "cards", "barehanded", "moves", "", "options"),
                        weird(r));
            } else {
                ((ArrayNode) parent).add(weird(r));
            }
        } else {
            slot.set(weird(r));
        }
        return root;
    }

    private static void slots(JsonNode node, List<Slot> out) {
        if (node instanceof ObjectNode o) {
            for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) {
                String name = it.next();
                out.add(new Slot(o, name, -1));
                slots(o.get(name), out);
            }
        } else if (node instanceof ArrayNode a) {
            for (int i = 0; i < a.size(); i++) {
                out.add(new Slot(a, null, i));
                slots(a.get(i), out);
            }
        }
    }

    private static String weirdString(Random r) {
        return switch (r.nextInt(10)) {
            case 0 -> "a\u0000b";
            case 1 -> "\u0000";
            case 2 -> "\uD800";
            case 3 -> "x\uDC00";
            case 4 -> "\uD83D" + "a";
            case 5 -> "😀".repeat(1 + r.nextInt(140));
            case 6 -> "é\uFFFF\u202E中\u200B";
            case 7 -> "";
            case 8 -> "z".repeat(1 + r.nextInt(200));
            default -> weirdText(r);
        };
    }

    private static JsonNode weirdNumber(Random r) {
        return switch (r.nextInt(7)) {
            case 0 -> NODES.numberNode(new java.math.BigInteger("123456789012345678901234567890"));
            case 1 -> NODES.numberNode(new java.math.BigDecimal("1e999"));
            case 2 -> NODES.numberNode(-1);
            case 3 -> NODES.numberNode(Long.MAX_VALUE);
            case 4 -> NODES.numberNode(2.5);
            case 5 -> NODES.numberNode(0);
            default -> NODES.numberNode(r.nextInt());
        };
    }

    private static JsonNode weird(Random r) {
        return switch (r.nextInt(24)) {
            case 0, 1 -> NODES.nullNode();
            case 2 -> NODES.booleanNode(r.nextBoolean());
            case 3 -> NODES.numberNode(r.nextInt());
            case 4 -> NODES.numberNode(new java.math.BigInteger("123456789012345678901234567890"));
            case 5 -> NODES.numberNode(new java.math.BigDecimal("1e999"));
            case 6 -> NODES.numberNode(-0.0);
            case 7 -> NODES.numberNode(2.5);
            case 8 -> NODES.textNode("");
            case 9 -> NODES.textNode("a\u0000b");
            case 10 -> NODES.textNode("\uD800");
            case 11 -> NODES.textNode("x\uDC00y");
            case 12 -> NODES.textNode("😀é\uFFFF\u202E中");
            case 13 -> NODES.textNode("z".repeat(1 + r.nextInt(5000)));
            case 14 -> NODES.textNode(pick(r, "5D", "QS", "KS", "B3", "R2", "play", "avoid", "present", "own", "human", "ai",
                    "open", "standard", "simple", "ismcts", "scoundrel", "dazzle", "cardtable-record"));
            case 15 -> NODES.arrayNode();
            case 16 -> NODES.objectNode();
            case 17 -> NODES.arrayNode().add(NODES.nullNode());
            case 18 -> NODES.objectNode().set("a", NODES.nullNode());
            case 19 -> {
                JsonNode deep = NODES.textNode("deep");
                for (int i = r.nextInt(200); i > 0; i--) {
                    deep = r.nextBoolean() ? NODES.arrayNode().add(deep) : NODES.objectNode().set("d", deep);
                }
                yield deep;
            }
            case 20 -> NODES.numberNode(Long.MAX_VALUE);
            case 21 -> NODES.numberNode(Integer.MIN_VALUE);
            case 22 -> NODES.arrayNode().add("5D").add("KS").add("B3");
            default -> NODES.textNode(UUID.randomUUID().toString());
        };
    }

    /** Breaks {@code json} as text: truncation, garbage, duplicate keys, raw bytes, deep nesting, padding. */
    private static byte[] breakText(byte[] json, Random r) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(json.length + 16);
        switch (r.nextInt(9)) {
            case 0 -> out.write(json, 0, r.nextInt(json.length + 1));
            case 1 -> {
                out.writeBytes(json);
                out.writeBytes(pick(r, "}", " x", ",", "{}", "\u0000", "null").getBytes(StandardCharsets.UTF_8));
            }
            case 2 -> {
                // A duplicate key: the first field again.
                String s = new String(json, StandardCharsets.UTF_8);
                int colon = s.indexOf(':');
                int comma = s.indexOf(',');
                out.writeBytes((comma > colon && colon > 0 && s.startsWith("{") ? "{" + s.substring(1, comma + 1) + s.substring(1) : s)
                        .getBytes(StandardCharsets.UTF_8));
            }
            case 3 -> {
                int at = r.nextInt(json.length + 1);
                out.write(json, 0, at);
                byte[][] raw = {{0}, {(byte) 0xFF}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, {(byte) 0xC3}, {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}};
                out.writeBytes(raw[r.nextInt(raw.length)]);
                out.write(json, at, json.length - at);
            }
            case 4 -> {
                int depth = pick(r, 999, 1001, 5000, 30_000);
                out.writeBytes(("{\"action\":" + "[".repeat(depth) + "]".repeat(depth) + "}").getBytes(StandardCharsets.US_ASCII));
            }
            case 5 -> {
                out.writeBytes(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF});
                out.writeBytes(json);
            }
            case 6 -> {
                out.writeBytes(json);
                out.writeBytes(" ".repeat(pick(r, 10, 70_000, 1_100_000)).getBytes(StandardCharsets.US_ASCII));
            }
            case 7 -> out.writeBytes(new String(json, StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_16));
            default -> out.writeBytes(("{\"a\":" + "1".repeat(1 + r.nextInt(3000)) + "}").getBytes(StandardCharsets.US_ASCII));
        }
        return out.toByteArray();
    }

    // ---------------------------------------------------------------- targets and headers

    private static String randomPath(Random r) {
        StringBuilder path = new StringBuilder("/api");
        for (int i = r.nextInt(5); i >= 0; i--) {
            path.append('/').append(pick(r, "games", "games", "import", "moves", "states", "record", "timeline", "seats",
                    "players", "stats", "game-types", scoundrel.id(), dazzle.id(), UUID.randomUUID().toString(), "0", "1", "-1",
                    "99999999999", "1e3", "%00", "%zz", "%", "%ED%A0%80", "%C3%A9", "..", ".", "", "fuzz", "%2F",
                    "a".repeat(1 + r.nextInt(6000)), "{x}", "\u00e9", "a%20b", "%F0%9F%98%80", ";x=1", "?", "#frag",
                    UUID.randomUUID() + "/events", dazzle.id() + "/events?cursor=x", scoundrel.id() + "/events?cursor=-1",
                    dazzle.id() + "/events?ticket=x.y", scoundrel.id() + "/stream-tickets",
                    scoundrel.id() + "/states/99999999999", scoundrel.id() + "/moves?cursor=-1&limit=999999"));
        }
        return path.toString();
    }

    private static String randomQueryTarget(Random r) {
        String base = r.nextInt(3) == 0 ? "/api/games/" + scoundrel.id() + "/moves" : "/api/games";
        StringBuilder q = new StringBuilder(base).append('?');
        for (int i = r.nextInt(5); i >= 0; i--) {
            String name = pick(r, "type", "status", "player", "result", "createdAfter", "createdBefore", "limit", "cursor",
                    "after", "x", "", "%00", "%zz");
            String value = switch (r.nextInt(10)) {
                case 0 -> "%00";
                case 1 -> "%zz";
                case 2 -> "%ED%A0%80";
                case 3 -> String.valueOf(r.nextLong());
                case 4 -> "99999999999999999999";
                case 5 -> pick(r, "scoundrel", "dazzle", "active", "finished", "waiting", "won", "lost", "drawn", "fuzz", "2026-01-01T00:00:00Z",
                        "+999999999-12-31T23:59:59Z", "0", "100", "101", "-1");
                case 6 -> URLEncoder.encode(weirdText(r), StandardCharsets.UTF_8);
                case 7 -> "a+b%2Bc";
                case 8 -> "";
                default -> URLEncoder.encode(UUID.randomUUID().toString(), StandardCharsets.UTF_8);
            };
            q.append(name);
            if (r.nextInt(8) != 0) {
                q.append('=').append(value);
            }
            q.append('&');
        }
        return q.toString();
    }

    private static String weirdText(Random r) {
        StringBuilder s = new StringBuilder();
        for (int i = r.nextInt(12); i >= 0; i--) {
            s.append(pick(r, "a", "é", "😀", "\uFFFF", "\u0000", "中", " ", "+", "&", "=", "%", "\u202E", "'", "\"", ";"));
        }
        return s.toString();
    }

    /** A header value the HTTP codec passes on: visible ASCII, spaces, tabs and bytes 0x80–0xFF. */
    private static String headerValue(Random r) {
        return switch (r.nextInt(8)) {
            case 0 -> "";
            case 1 -> "\"" + r.nextInt() + "\"";
            case 2 -> "x".repeat(1 + r.nextInt(3000));
            case 3 -> "Bearer " + UUID.randomUUID();
            case 4 -> "\u00e9\u00ff\u0080 \t\u00c3\u00a9";
            case 5 -> "*, W/\"1\", \"2\"";
            case 6 -> String.valueOf(r.nextLong());
            default -> "y".repeat(1 + r.nextInt(25_000));
        };
    }

    private static Map<String, String> jsonHeaders(Random r, String token) {
        Map<String, String> h = new java.util.LinkedHashMap<>();
        String type = r.nextInt(8) != 0 ? pick(r, "application/json", "application/json; charset=utf-8")
                : pick(r, "text/plain", "application/problem+json", null, "application/json;charset=latin1", "*/*",
                "application/xml", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x");
        if (type != null) {
            h.put("Content-Type", type);
        }
        if (r.nextInt(12) == 0) {
            h.put("Accept", pick(r, "application/xml", "text/html", "*/*", "application/json;q=0", "application/problem+json"));
        }
        if (token != null) {
            h.put("Authorization", "Bearer " + token);
        }
        return h;
    }

    // ---------------------------------------------------------------- the checks

    private static void check(Plan plan, RawHttp.Response response) throws Exception {
        String key = plan.kind() + " " + response.status();
        synchronized (SEEN) {
            SEEN.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
        }
        assertNotEquals(0, response.status(), "the server answered");
        assertTrue(response.status() < 500, "no server error: " + response.status() + " " + response.body());
        if (response.status() >= 400 && !response.body().isEmpty()) {
            assertTrue(String.valueOf(response.header("content-type")).startsWith("application/problem+json"),
                    response.status() + " " + response.headers());
            JsonNode problem = JSON.readTree(response.body());
            assertTrue(problem.path("code").isTextual(), response.body());
            assertEquals(response.status(), problem.path("status").asInt(), response.body());
        } else if (response.status() >= 400) {
            assertTrue(String.valueOf(response.header("content-type")).startsWith("application/problem+json"),
                    "even a body-less answer (HEAD) names the problem type: " + response.headers());
        }
    }

    // ---------------------------------------------------------------- plumbing

    private static RawHttp.Response send(String method, String target, Map<String, String> headers, byte[] body) {
        StringBuilder head = new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\nHost: localhost\r\nConnection: close");
        headers.forEach((k, v) -> head.append("\r\n").append(k).append(": ").append(v));
        if (body != null && (body.length & 7) == 3) {
            // Now and then the same body chunked: the limits and the reading must not care.
            return RawHttp.send(port, head + "\r\nTransfer-Encoding: chunked", RawHttp.chunk(body, 1 + body.length / 3));
        }
        if (body != null) {
            head.append("\r\nContent-Length: ").append(body.length);
        }
        return RawHttp.send(port, head.toString(), body);
    }

    private static RawHttp.Response post(String path, String json, String token) {
        Map<String, String> h = new java.util.LinkedHashMap<>();
        h.put("Content-Type", "application/json");
        if (token != null) {
            h.put("Authorization", "Bearer " + token);
        }
        RawHttp.Response r = send("POST", path, h, json.getBytes(StandardCharsets.UTF_8));
        assertTrue(r.status() == 200 || r.status() == 201, r.status() + " " + r.body());
        return r;
    }

    private static JsonNode json(RawHttp.Response r) throws Exception {
        return JSON.readTree(r.body());
    }

    @SafeVarargs
    private static <T> T pick(Random r, T... choices) {
        return choices[r.nextInt(choices.length)];
    }
}
