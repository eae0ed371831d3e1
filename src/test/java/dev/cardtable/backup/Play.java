package dev.cardtable.backup;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Plays games on a running server over its HTTP API as clients do (java.net.http, JSON): registers
 * players, creates Scoundrel and Dazzle games (against a computer, and rated between two registered
 * players), plays legal moves, and reads back what a restore must keep: move logs, statistics and
 * ratings. Every call is bounded (10 s); an unexpected status fails the test with the body.
 */
final class Play {

    /** A game being played: its id and the token of each seat held (index = seat; null for a computer's). */
    record Game(String id, List<String> tokens) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;

    /** @param base the server's base URI, e.g. {@code http://localhost:41234} */
    Play(String base) {
        this.base = base;
    }

    /** Registers {@code name}; returns its player key. */
    String register(String name) {
        return send("POST", "/api/players", Map.of("name", name), Map.of(), 201).get("key").asText();
    }

    /** A Scoundrel game for {@code name} (verified with {@code key} when not null). */
    Game scoundrel(String name, String key) {
        return create(Map.of("type", "scoundrel", "seats", List.of(Map.of("name", name))), key);
    }

    /** A Dazzle game of {@code name} (seat 0) against the computer level {@code ai}. */
    Game dazzleVsComputer(String name, String key, String ai) {
        return create(Map.of("type", "dazzle", "seats", List.of(Map.of("name", name), Map.of("ai", ai))), key);
    }

    /** A rated Dazzle game: {@code first} creates it with an open seat, {@code second} takes seat 1. */
    Game ratedDazzle(String first, String firstKey, String second, String secondKey) {
        Game g = create(Map.of("type", "dazzle", "rated", true,
                "seats", List.of(Map.of("name", first), Map.of("open", true))), firstKey);
        JsonNode taken = send("POST", "/api/games/" + g.id() + "/seats/1", Map.of("name", second),
                Map.of("X-Player-Key", secondKey), 200);
        return new Game(g.id(), List.of(g.tokens().getFirst(), token(taken, 1)));
    }

    private Game create(Map<String, ?> body, String key) {
        JsonNode r = send("POST", "/api/games", body, key == null ? Map.of() : Map.of("X-Player-Key", key), 201);
        List<String> tokens = new ArrayList<>();
        for (JsonNode seat : r.get("seats")) {
            tokens.add(token(r, seat.get("seat").asInt()));
        }
        return new Game(r.get("id").asText(), tokens);
    }

    private static String token(JsonNode game, int seat) {
        for (JsonNode c : game.path("credentials")) {
            if (c.get("seat").asInt() == seat) {
                return c.get("token").asText();
            }
        }
        return null;
    }

    /**
     * Plays up to {@code moves} moves of {@code g}, each the first legal move of a seat to act whose
     * token is held (a computer's replies come with it); stops early when the game ends.
     *
     * @return the moves this call made
     */
    int play(Game g, int moves) {
        int made = 0;
        while (made < moves) {
            JsonNode game = null;
            String token = null;
            for (JsonNode seat : get("/api/games/" + g.id(), null).get("toAct")) {
                token = g.tokens().get(seat.asInt());
                if (token != null) {
                    game = get("/api/games/" + g.id(), token);
                    break;
                }
            }
            if (game == null || !game.get("status").asText().equals("active")) {
                return made;
            }
            JsonNode move = game.get("legalMoves").get(0);
            send("POST", "/api/games/" + g.id() + "/moves", move, Map.of("Authorization", "Bearer " + token), 200);
            made++;
        }
        return made;
    }

    /** Plays {@code g} to its end (at most 300 moves) and checks that it finished. */
    void finish(Game g) {
        play(g, 300);
        assertEquals("finished", get("/api/games/" + g.id(), null).get("status").asText(), "game " + g.id() + " did not finish");
    }

    /** The whole move log of a game, as a spectator sees it (every page). */
    ArrayNode moveLog(String id) {
        ArrayNode all = JSON.createArrayNode();
        String cursor = null;
        for (int page = 0; page < 100; page++) {
            JsonNode r = get("/api/games/" + id + "/moves?limit=100" + (cursor == null ? "" : "&cursor=" + enc(cursor)), null);
            all.addAll((ArrayNode) r.get("items"));
            if (r.get("nextCursor").isNull()) {
                return all;
            }
            cursor = r.get("nextCursor").asText();
        }
        throw new AssertionError("the move log of " + id + " has more than 100 pages");
    }

    /**
     * What a restore must give back for registered players: each one's statistics, ratings and
     * rating history, and the Dazzle leaderboard, keyed by path.
     */
    Map<String, JsonNode> players(List<String> names) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        for (String n : names) {
            for (String path : List.of("/stats", "/ratings", "/ratings/dazzle/standard/history?limit=100")) {
                out.put("/api/players/" + n + path, get("/api/players/" + n + path, null));
            }
        }
        out.put("/api/ratings/dazzle/standard/leaderboard", get("/api/ratings/dazzle/standard/leaderboard?limit=100", null));
        return out;
    }

    /** The status a spectator's read of game {@code id} answers (200, or 404 for a game that is not there). */
    int status(String id) {
        return exchange("GET", "/api/games/" + id, null, Map.of()).statusCode();
    }

    JsonNode get(String path, String token) {
        return send("GET", path, null, token == null ? Map.of() : Map.of("Authorization", "Bearer " + token), 200);
    }

    private JsonNode send(String method, String path, Object body, Map<String, String> headers, int expected) {
        HttpResponse<String> r = exchange(method, path, body, headers);
        assertTrue(r.statusCode() == expected, method + " " + path + " answered " + r.statusCode() + ", not " + expected + ": " + r.body());
        try {
            return JSON.readTree(r.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private HttpResponse<String> exchange(String method, String path, Object body, Map<String, String> headers) {
        try {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(10))
                    .header("Accept", "application/json");
            headers.forEach(b::header);
            if (body == null) {
                b.method(method, HttpRequest.BodyPublishers.noBody());
            } else {
                b.header("Content-Type", "application/json")
                        .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
            }
            return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + path + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
