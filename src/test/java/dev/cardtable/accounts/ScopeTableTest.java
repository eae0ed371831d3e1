package dev.cardtable.accounts;

import dev.cardtable.platform.http.OperationScopes;
import dev.cardtable.platform.http.Scope;
import dev.cardtable.players.PlayersTest;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every scope on every operation, in one table: the operations of the served OpenAPI document.
 * Each operation must name its scope ({@code x-scope}, and the {@code oauth} requirement with it
 * for a scope a token may hold), so that an operation added without one fails here. Then, over
 * real HTTP, a token holding every scope but the operation's is refused with
 * {@code 403 scope-missing} naming that scope (an operation for the player key only refuses a
 * token holding every scope), and a token holding only the operation's scope gets past the check.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class ScopeTableTest {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final List<String> VERBS = List.of("get", "post", "put", "delete", "patch");

    private static String name;
    private static String other;
    private static final Map<String, String> ONLY = new HashMap<>();
    private static final Map<String, String> ALL_BUT = new HashMap<>();
    private static String every;

    private static synchronized void tokens() {
        if (every != null) {
            return;
        }
        name = PlayersTest.unique("Scopes");
        String key = PlayersTest.register(name);
        other = PlayersTest.unique("Other");
        PlayersTest.register(other);
        List<String> grantable = Tokens.grantableNames();
        every = TokensTest.token(key, grantable);
        for (String s : grantable) {
            ONLY.put(s, TokensTest.token(key, List.of(s)));
            ALL_BUT.put(s, TokensTest.token(key, grantable.stream().filter(g -> !g.equals(s)).toList()));
        }
    }

    /** The operations of the served document, as "METHOD path", each with its x-scope and oauth scopes. */
    private static Map<String, Map<String, Object>> operations() {
        JsonPath doc = given().accept("application/json").get("/q/openapi?format=json").then().statusCode(200)
                .extract().jsonPath();
        Map<String, Map<String, Object>> paths = doc.getMap("paths");
        Map<String, Map<String, Object>> out = new TreeMap<>();
        paths.forEach((path, item) -> item.forEach((verb, op) -> {
            if (VERBS.contains(verb)) {
                @SuppressWarnings("unchecked")
                Map<String, Object> o = (Map<String, Object>) op;
                out.put(verb.toUpperCase() + " " + path, o);
            }
        }));
        return out;
    }

    @Test
    void everyOperationOfTheDocumentDeclaresItsScopeAndTheTableHasNoOtherOperation() {
        Map<String, Map<String, Object>> ops = operations();
        assertTrue(ops.size() >= 60, "operations: " + ops.size());
        List<String> problems = new ArrayList<>();
        for (var e : ops.entrySet()) {
            Object declared = e.getValue().get("x-scope");
            Scope scope = OperationScopes.of(e.getKey()).orElse(null);
            if (declared == null || scope == null) {
                problems.add(e.getKey() + " declares no scope");
                continue;
            }
            assertEquals(scope.text(), declared, e.getKey());
            Set<String> oauth = oauthScopes(e.getValue());
            Set<String> expected = scope.grantable() ? Set.of(scope.text()) : Set.of();
            if (!oauth.equals(expected)) {
                problems.add(e.getKey() + " shows oauth scopes " + oauth + ", not " + expected);
            }
        }
        Set<String> stale = new TreeSet<>(OperationScopes.all().keySet());
        stale.removeAll(ops.keySet());
        assertTrue(stale.isEmpty(), "the scope table names operations the document lacks: " + stale);
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    @SuppressWarnings("unchecked")
    private static Set<String> oauthScopes(Map<String, Object> op) {
        Set<String> out = new TreeSet<>();
        Object security = op.get("security");
        if (security instanceof List<?> list) {
            for (Object r : list) {
                Object s = ((Map<String, Object>) r).get("oauth");
                if (s != null) {
                    out.addAll((List<String>) s);
                }
            }
        }
        return out;
    }

    @Test
    void everyOperationRefusesATokenWithoutItsScopeAndAdmitsOneWithIt() throws Exception {
        tokens();
        Map<String, Map<String, Object>> ops = operations();
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (String op : ops.keySet()) {
            Scope scope = OperationScopes.of(op).orElseThrow(() -> new AssertionError(op + " declares no scope"));
            if (scope == Scope.NONE) {
                Answer a = call(op, ONLY.get("account:read"));
                if (a.code().equals("scope-missing") || a.code().equals("token-invalid")) {
                    problems.add(op + " (public) refused a token: " + a);
                }
                checked++;
                continue;
            }
            String without = scope == Scope.PLAYER_KEY ? every : ALL_BUT.get(scope.text());
            Answer refused = call(op, without);
            if (refused.status() != 403 || !refused.code().equals("scope-missing") || !scope.text().equals(refused.scope())) {
                problems.add(op + " without '" + scope.text() + "' answered " + refused);
            }
            if (scope.grantable()) {
                Answer admitted = call(op, ONLY.get(scope.text()));
                if (admitted.code().equals("scope-missing") || admitted.code().equals("token-invalid")) {
                    problems.add(op + " with only '" + scope.text() + "' answered " + admitted);
                }
            }
            checked++;
        }
        assertEquals(ops.size(), checked);
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    /** What an operation answered: its status, and its problem's code and scope (or ""). */
    private record Answer(int status, String code, String scope) {
    }

    /** Calls operation {@code op} with {@code token}, with plausible parameters and an empty JSON object as body. */
    private static Answer call(String op, String token) throws Exception {
        String verb = op.substring(0, op.indexOf(' '));
        String path = op.substring(op.indexOf(' ') + 1)
                .replace("{name}", name)
                .replace("{id}", UUID.randomUUID().toString())
                .replace("{seat}", "0").replace("{n}", "0").replace("{ruleset}", "no-such-ruleset")
                .replace("{day}", "2026-01-01").replace("{gameType}", "dazzle");
        if (path.endsWith("/events") && path.contains("/players/")) {
            path = path.replace(name, other); // the player's own stream would stay open
        }
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://localhost:" + RestAssured.port + path))
                .timeout(Duration.ofSeconds(10)).header("Authorization", "Bearer " + token)
                .header("Accept", path.endsWith("/events") ? "text/event-stream" : "application/json");
        if (verb.equals("POST")) {
            b.header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{}"));
        } else {
            b.method(verb, HttpRequest.BodyPublishers.noBody());
        }
        HttpResponse<InputStream> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
        try (InputStream in = r.body()) {
            String type = r.headers().firstValue("Content-Type").orElse("");
            if (!type.startsWith("application/problem+json")) {
                return new Answer(r.statusCode(), "", "");
            }
            JsonPath problem = JsonPath.from(new String(in.readAllBytes()));
            String scope = problem.getString("scope");
            return new Answer(r.statusCode(), String.valueOf(problem.getString("code")), scope == null ? "" : scope);
        }
    }
}
