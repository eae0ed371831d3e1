package dev.cardtable.play;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardtable.engine.Rng;
import dev.cardtable.support.Api;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.cardtable.support.Api.as;
import static dev.cardtable.support.Api.move;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * The leak test. Two games whose deals differ only in colours seat 1 cannot see — two same-value
 * cards of seat 0's deck, drawn rounds apart, trade places — are played with the same moves. Until
 * the game ends, everything seat 1 and a spectator can fetch must be the same bytes in both games
 * (ids and timestamps aside).
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class DazzleNonInterferenceTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> INCIDENTAL = Set.of("id", "createdAt", "updatedAt", "at", "instance", "credentials", "traceId");

    /** The deal of {@code seed} by dazzle.md, "The deal": decks of 18 and 12 removed, top first. */
    static List<List<String>> deal(String seed) {
        List<String> cards = new ArrayList<>();
        for (String colour : List.of("B", "G", "R", "Y")) {
            for (int v : new int[]{1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3}) {
                cards.add(colour + v);
            }
        }
        Rng.fromSeed(seed).shuffle(cards);
        cards.sort(Comparator.comparing((String c) -> c.charAt(1)).reversed());
        List<List<String>> piles = new ArrayList<>();
        for (int p = 0; p < 8; p++) {
            piles.add(new ArrayList<>());
        }
        for (int k = 0; k < cards.size(); k++) {
            piles.get(k % 8).add(cards.get(k));
        }
        List<String> deck0 = new ArrayList<>();
        List<String> deck1 = new ArrayList<>();
        List<String> removed = new ArrayList<>();
        for (int p = 0; p < 8; p++) {
            (p < 3 ? deck0 : p < 6 ? deck1 : removed).addAll(piles.get(p));
        }
        return List.of(deck0, deck1, removed);
    }

    @Test
    void seatOneAndSpectatorsSeeTheSameBytesWhenOnlyHiddenColoursDiffer() throws Exception {
        // Deck indices 8-9 are drawn after round 1 and 14-15 after round 4; all four are 2s.
        List<List<String>> a = null;
        int k = -1;
        int j = -1;
        for (int s = 0; a == null; s++) {
            List<List<String>> d = deal("leak-" + s);
            for (int x : new int[]{8, 9}) {
                for (int y : new int[]{14, 15}) {
                    if (a == null && !d.get(0).get(x).equals(d.get(0).get(y))) {
                        a = d;
                        k = x;
                        j = y;
                    }
                }
            }
        }
        List<String> deck0b = new ArrayList<>(a.get(0));
        deck0b.set(k, a.get(0).get(j));
        deck0b.set(j, a.get(0).get(k));
        String early = a.get(0).get(k);
        String late = a.get(0).get(j);
        Response createdA = create(a.get(0), a);
        Response createdB = create(deck0b, a);
        String gameA = createdA.path("id");
        String gameB = createdB.path("id");
        String[] tokensA = {createdA.path("credentials[0].token"), createdA.path("credentials[1].token")};
        String[] tokensB = {createdB.path("credentials[0].token"), createdB.path("credentials[1].token")};
        assertNotEquals(early, late);

        boolean heldBoth = false;
        for (int step = 0; step < 36; step++) {
            assertSameForSeatOneAndSpectators(gameA, tokensA[1], gameB, tokensB[1], step);
            int toAct = as(null).get("/api/games/" + gameA).jsonPath().getInt("toAct[0]");
            List<Map<String, Object>> legal = as(tokensA[toAct]).get("/api/games/" + gameA).jsonPath().getList("legalMoves");
            Map<String, Object> m = legal.get(0);
            if (toAct == 0 && "present".equals(legal.get(0).get("action"))) {
                // Seat 0 keeps both swapped cards back until it holds both, then presents them together.
                List<Map<String, Object>> pair = legal.stream().filter(x -> x.get("cards").equals(List.of(early, late))
                        || x.get("cards").equals(List.of(late, early))).toList();
                List<Map<String, Object>> others = legal.stream().filter(x -> !((List<?>) x.get("cards")).contains(early)
                        && !((List<?>) x.get("cards")).contains(late)).toList();
                boolean bothDrawn = as(null).get("/api/games/" + gameA).jsonPath().getInt("view.round") >= 5;
                m = bothDrawn && !heldBoth && !pair.isEmpty() ? pair.get(0) : !others.isEmpty() ? others.get(0) : legal.get(0);
                heldBoth |= !pair.isEmpty() && m == pair.get(0);
            }
            Response ra = move(gameA, tokensA[toAct], m);
            Response rb = move(gameB, tokensB[toAct], m);
            assertEquals(200, ra.statusCode(), ra.asString());
            assertEquals(200, rb.statusCode(), rb.asString());
            if (as(null).get("/api/games/" + gameA).jsonPath().getString("status").equals("finished")) {
                break;
            }
        }
    }

    private void assertSameForSeatOneAndSpectators(String a, String tokenA, String b, String tokenB, int step) throws Exception {
        for (boolean seated : new boolean[]{true, false}) {
            String ta = seated ? tokenA : null;
            String tb = seated ? tokenB : null;
            String who = (seated ? "seat 1" : "spectator") + " at step " + step + ": ";
            same(who + "game", as(ta).get("/api/games/" + a), as(tb).get("/api/games/" + b));
            same(who + "moves", as(ta).get("/api/games/" + a + "/moves"), as(tb).get("/api/games/" + b + "/moves"));
            same(who + "state", as(ta).get("/api/games/" + a + "/states/" + step), as(tb).get("/api/games/" + b + "/states/" + step));
            same(who + "record", as(ta).get("/api/games/" + a + "/record"), as(tb).get("/api/games/" + b + "/record"));
        }
        // Errors seat 1 provokes read the same too: moves of the wrong kind for the phase, never legal.
        var now = as(tokenA).get("/api/games/" + a).jsonPath();
        boolean choosing = now.getInt("toAct[0]") == 1 && now.getString("view.phase").equals("choose");
        List<Map<String, Object>> bad = choosing
                ? List.of(Map.of("action", "present", "cards", List.of("B1", "G1")), Map.of("action", "present", "cards", List.of("Y3", "R3")))
                : List.of(Map.of("action", "own", "card", "R3"), Map.of("action", "own", "card", "B1"));
        for (Map<String, Object> m : bad) {
            Response ra = move(a, tokenA, m);
            same("seat 1 error at step " + step, ra, move(b, tokenB, m));
            assertNotEquals(200, ra.statusCode());
        }
    }

    private static void same(String what, Response a, Response b) throws Exception {
        assertEquals(a.statusCode(), b.statusCode(), what);
        assertEquals(a.header("ETag"), b.header("ETag"), what);
        assertEquals(normalise(a.asString()), normalise(b.asString()), what);
    }

    /** The body with ids and timestamps removed; everything else, byte for byte. */
    private static String normalise(String body) throws Exception {
        JsonNode n = JSON.readTree(body);
        strip(n);
        return JSON.writeValueAsString(n);
    }

    private static void strip(JsonNode n) {
        if (n instanceof ObjectNode o) {
            o.remove(INCIDENTAL);
            o.forEach(DazzleNonInterferenceTest::strip);
        } else if (n instanceof ArrayNode arr) {
            arr.forEach(DazzleNonInterferenceTest::strip);
        }
    }

    private static Response create(List<String> deck0, List<List<String>> base) {
        return Api.create(Map.of("type", "dazzle",
                "deal", Map.of("decks", List.of(deck0, base.get(1)), "removed", base.get(2)),
                "seats", List.of(Map.of("name", "zero"), Map.of("name", "one"))));
    }
}
