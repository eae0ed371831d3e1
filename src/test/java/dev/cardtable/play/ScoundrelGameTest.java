package dev.cardtable.play;

import dev.cardtable.engine.Deal;
import dev.cardtable.engine.Options;
import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Setup;
import dev.cardtable.engine.scoundrel.Card;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.ScoundrelState;
import dev.cardtable.support.Api;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static dev.cardtable.support.Api.as;
import static dev.cardtable.support.Api.move;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Scoundrel over HTTP, against a real PostgreSQL: creation, play to both ends, views and the log. */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
public class ScoundrelGameTest {

    /**
     * A deal won by facing each room's cards in order: the 10 of diamonds first, monsters high to
     * low (so the weapon stays usable), and a potion opening each room. Damage runs 4+4, 3+3, 2+2,
     * 1+1 and every potion heals back to 20, so the game ends won with 20 health, last card 2D.
     */
    public static final List<String> WINNABLE = List.of("10D", "AC", "AS", "9H", "KC", "KS", "8H", "QC", "QS", "7H",
            "JC", "JS", "6H", "10C", "10S", "5H", "9C", "9S", "4H", "8C", "8S", "3H", "7C", "7S", "2H", "6C", "6S",
            "10H", "5C", "5S", "9D", "4C", "4S", "8D", "3C", "3S", "7D", "2C", "2S", "6D", "5D", "4D", "3D", "2D");

    /** Example 3 of scoundrel.md: two aces of spades' worth of damage at once. */
    public static List<String> deadly() {
        List<String> d = new java.util.ArrayList<>(WINNABLE);
        d.remove("AS");
        d.remove("KS");
        d.addAll(0, List.of("AS", "KS"));
        return d;
    }

    private final ScoundrelRules rules = new ScoundrelRules();

    @Test
    void gameTypesListScoundrelWithItsRulesetsAndOptions() {
        as(null).get("/api/game-types").then().statusCode(200)
                .body("find { it.type == 'scoundrel' }.seats", equalTo(1))
                .body("find { it.type == 'scoundrel' }.rulesets.name", equalTo(List.of("standard", "simple")))
                .body("find { it.type == 'scoundrel' }.rulesets.isDefault", equalTo(List.of(true, false)))
                .body("find { it.type == 'scoundrel' }.rulesets[0].options[0].name", equalTo("weaponBinding"))
                .body("find { it.type == 'scoundrel' }.rulesets[0].options[0].defaultValue", equalTo("lessOrEqual"))
                .body("find { it.type == 'dazzle' }.seats", equalTo(2))
                .body("find { it.type == 'dazzle' }.aiLevels", equalTo(List.of("random", "heuristic", "ismcts")));
    }

    @Test
    void aNewGameShowsTheFirstRoomAndCommitsToTheSeedWithoutRevealingIt() {
        Response r = as(null).body(Map.of("type", "scoundrel", "seed", "42", "seats", List.of(Map.of("name", "alice"))))
                .post("/api/games").then().statusCode(201)
                .header("Location", containsString("/api/games/"))
                .header("ETag", equalTo("\"0-s0\""))
                .body("status", equalTo("active"))
                .body("ruleset", equalTo("standard"))
                .body("options.weaponBinding", equalTo("lessOrEqual"))
                .body("version", equalTo(0))
                .body("seed", nullValue())
                .body("seedCommitment", equalTo(Rng.commitment("42")))
                .body("view.room", equalTo(List.of("5D", "KS", "8S", "9H")))
                .body("view.health", equalTo(20))
                .body("view.dungeonCount", equalTo(40))
                .body("toAct", equalTo(List.of(0)))
                .body("credentials[0].seat", equalTo(0))
                .body("legalMoves", hasItem(Map.of("action", "avoid")))
                .extract().response();
        String body = r.asString();
        // The unseen cards are public as a set, in canonical order, never in dungeon order; beyond
        // that set the fifth card of the dungeon (5S) and the seed must not be in any form in the payload.
        List<String> unseen = r.path("view.unseen");
        assertEquals(Card.all().stream().map(Card::code)
                .filter(c -> !List.of("5D", "KS", "8S", "9H").contains(c)).toList(), unseen);
        String unseenJson = unseen.stream().map(c -> "\"" + c + "\"").collect(Collectors.joining(",", "[", "]"));
        // The seat's token is random text that may contain "5S" by chance: it is taken out too.
        String withoutUnseen = body.replace("\"unseen\":" + unseenJson, "")
                .replace((String) r.path("credentials[0].token"), "");
        assertFalse(withoutUnseen.contains("\"unseen\""), withoutUnseen);
        assertFalse(withoutUnseen.contains("5S"), body);
        assertFalse(body.contains("\"42\""), body);
    }

    @Test
    void aSpectatorSeesTheTableButHasNoLegalMoves() {
        Api.Created g = Api.scoundrel("spectate", "alice");
        as(null).get("/api/games/" + g.id()).then().statusCode(200)
                .body("viewer", nullValue())
                .body("legalMoves", empty())
                .body("view.room", hasSize(4))
                .body("credentials", nullValue());
    }

    @Test
    void aWinnableDealPlayedToTheEndIsWonAndRevealsTheCustomDeal() {
        Response created = Api.create(Map.of("type", "scoundrel", "deal", WINNABLE, "seats", List.of(Map.of("name", "winner"))));
        String id = created.path("id");
        String token = created.path("credentials[0].token");
        created.then().body("seedCommitment", nullValue()).body("view.room", equalTo(List.of("10D", "AC", "AS", "9H")));
        // The custom deal stays hidden while the game runs.
        as(null).get("/api/games/" + id + "/record").then().statusCode(200).body("deal", nullValue());
        JsonPath game = created.jsonPath();
        int moves = 0;
        while (game.getString("status").equals("active")) {
            List<Map<String, Object>> legal = game.getList("legalMoves");
            Map<String, Object> firstPlay = legal.stream().filter(m -> m.get("action").equals("play")).findFirst().orElseThrow();
            game = move(id, token, firstPlay).then().statusCode(200).extract().jsonPath();
            moves++;
        }
        assertEquals(44, moves);
        assertEquals(Map.of("seat", 0, "outcome", "won", "score", 20), game.getMap("result.standings[0]"));
        assertEquals("completed", game.getString("result.ending"));
        assertNull(game.get("result.endedBy"));
        assertEquals(Map.of(), game.getMap("result.detail"));
        assertNotNull(game.getString("finishedAt"));
        assertEquals(List.of(), game.getList("legalMoves"));
        assertEquals(List.of(), game.getList("toAct"));
        as(null).get("/api/games/" + id + "/record").then().statusCode(200)
                .body("deal", equalTo(WINNABLE))
                .body("result.standings[0].outcome", equalTo("won"))
                .body("formatVersion", equalTo(3))
                .body("moves", hasSize(44));
        move(id, token, Map.of("action", "play", "card", "2D")).then().statusCode(409).body("code", equalTo("game-over"));
    }

    @Test
    void facingTwoBigMonstersBarehandedKillsAndScoresTheLowestPossible() {
        Response created = Api.create(Map.of("type", "scoundrel", "deal", deadly(), "seats", List.of(Map.of("name", "doomed"))));
        String id = created.path("id");
        String token = created.path("credentials[0].token");
        move(id, token, Map.of("action", "play", "card", "AS")).then().statusCode(200).body("view.health", equalTo(6));
        move(id, token, Map.of("action", "play", "card", "KS")).then().statusCode(200)
                .body("status", equalTo("finished"))
                .body("result.standings", equalTo(List.of(Map.of("seat", 0, "outcome", "lost", "score", -188))))
                .body("view.health", equalTo(-7))
                .body("seed", nullValue());
        as(null).get("/api/players/doomed/stats").then().statusCode(200)
                .body("types.find { it.type == 'scoundrel' }.lost", equalTo(1));
    }

    @Test
    void seedIsRevealedOnceTheGameIsOverAndMatchesTheCommitment() {
        // Play a seeded game to the end by always taking the first legal move.
        Api.Created g = Api.scoundrel("reveal-me", "alice");
        JsonPath game = g.response().jsonPath();
        while (game.getString("status").equals("active")) {
            Map<String, Object> first = game.getMap("legalMoves[0]");
            game = move(g.id(), g.token(), first).then().statusCode(200).extract().jsonPath();
        }
        assertEquals("reveal-me", game.getString("seed"));
        assertEquals(Rng.commitment("reveal-me"), game.getString("seedCommitment"));
        as(null).get("/api/games/" + g.id() + "/record").then().body("seed", equalTo("reveal-me"));
    }

    @Test
    void theMoveLogShowsEveryMoveWithTheCardsItDrew() {
        Api.Created g = Api.scoundrel("42", "alice");
        move(g.id(), g.token(), Map.of("action", "play", "card", "5D")).then().statusCode(200)
                .body("applied", hasSize(1)).body("applied[0].seq", equalTo(1));
        move(g.id(), g.token(), Map.of("action", "play", "card", "9H")).then().statusCode(200);
        Response third = move(g.id(), g.token(), Map.of("action", "play", "card", "8S"));
        third.then().statusCode(200).body("applied[0].drawn", hasSize(1)).body("applied[0].drawn[0].seat", equalTo(0))
                .body("applied[0].drawn[0].cards", hasSize(3)).body("view.room", hasSize(4));
        List<String> room = third.path("view.room");
        assertEquals(room.subList(1, 4), third.path("applied[0].drawn[0].cards"));
        as(null).get("/api/games/" + g.id() + "/moves").then().statusCode(200)
                .body("items.seq", equalTo(List.of(1, 2, 3)))
                .body("items[0].move", equalTo(Map.of("action", "play", "card", "5D")))
                .body("items[0].at", notNullValue())
                .body("items[0].drawn", equalTo(List.of()))
                .body("items[2].drawn", equalTo(third.path("applied[0].drawn")))
                .body("nextCursor", nullValue());
        as(null).queryParam("cursor", "1").queryParam("limit", 1).get("/api/games/" + g.id() + "/moves").then()
                .statusCode(200).body("items.seq", equalTo(List.of(2))).body("nextCursor", equalTo("2"));
        as(null).queryParam("cursor", "2").get("/api/games/" + g.id() + "/moves").then()
                .statusCode(200).body("items.seq", equalTo(List.of(3))).body("nextCursor", nullValue());
        as(null).queryParam("cursor", "-1").get("/api/games/" + g.id() + "/moves").then()
                .statusCode(400).body("code", equalTo("malformed-request"));
    }

    @Test
    void pastStatesMatchTheLiveViewsAtEveryStep() {
        Api.Created g = Api.scoundrel("states", "alice");
        JsonPath game = g.response().jsonPath();
        List<Object> live = new java.util.ArrayList<>();
        live.add(game.get("view"));
        for (int i = 0; i < 12 && game.getString("status").equals("active"); i++) {
            List<Map<String, Object>> legal = game.getList("legalMoves");
            game = move(g.id(), g.token(), legal.get(legal.size() - 1)).then().statusCode(200).extract().jsonPath();
            live.add(game.get("view"));
        }
        for (int n = 0; n < live.size(); n++) {
            Object past = as(g.token()).get("/api/games/" + g.id() + "/states/" + n).then().statusCode(200)
                    .body("n", equalTo(n)).extract().path("view");
            assertEquals(live.get(n), past, "state " + n);
        }
        as(null).get("/api/games/" + g.id() + "/states/" + live.size()).then().statusCode(404)
                .body("code", equalTo("not-found"));
        as(null).get("/api/games/" + g.id() + "/states/-1").then().statusCode(400)
                .body("code", equalTo("malformed-request"));
    }

    @Test
    void theSimpleRulesetUsesTheWeaponAlwaysAndHasNoBarehandedOption() {
        Response created = Api.create(Map.of("type", "scoundrel", "ruleset", "simple", "deal", WINNABLE,
                "seats", List.of(Map.of("name", "simon"))));
        String id = created.path("id");
        String token = created.path("credentials[0].token");
        created.then().body("ruleset", equalTo("simple")).body("options", equalTo(Map.of()));
        move(id, token, Map.of("action", "play", "card", "10D")).then().statusCode(200);
        move(id, token, Map.of("action", "play", "card", "AC", "barehanded", true)).then().statusCode(422)
                .body("code", equalTo("illegal-move"));
        move(id, token, Map.of("action", "play", "card", "AC")).then().statusCode(200)
                .body("view.health", equalTo(16))
                .body("legalMoves.barehanded", not(hasItem(true)));
    }

    @Test
    void theStrictlyLessOptionIsStoredAndShown() {
        Response created = Api.create(Map.of("type", "scoundrel", "seed", "1", "options", Map.of("weaponBinding", "strictlyLess"),
                "seats", List.of(Map.of("name", "sam"))));
        created.then().body("options.weaponBinding", equalTo("strictlyLess"));
        as(null).get("/api/games/" + created.path("id") + "/record").then().body("options.weaponBinding", equalTo("strictlyLess"));
    }

    @Test
    void anUnchangedGameAnswersNotModified() {
        Api.Created g = Api.scoundrel("etag", "alice");
        String etag = as(g.token()).get("/api/games/" + g.id()).then().statusCode(200).extract().header("ETag");
        as(g.token()).header("If-None-Match", etag).get("/api/games/" + g.id()).then().statusCode(304);
        move(g.id(), g.token(), Map.of("action", "avoid")).then().statusCode(200);
        as(g.token()).header("If-None-Match", etag).get("/api/games/" + g.id()).then().statusCode(200)
                .header("ETag", equalTo("\"1-s0\""));
    }

    @Test
    void aWeakTagNeverSatisfiesIfMatch() {
        Api.Created g = Api.scoundrel("weak-tag", "alice");
        as(g.token()).header("If-Match", "W/\"0\"").body(Map.of("action", "avoid")).post("/api/games/" + g.id() + "/moves")
                .then().statusCode(412).body("code", equalTo("version-mismatch")).body("currentVersion", equalTo(0));
        as(g.token()).header("If-Match", "\"0\"").body(Map.of("action", "avoid")).post("/api/games/" + g.id() + "/moves")
                .then().statusCode(200);
    }

    @Test
    void aSpectatorsTagDoesNotValidateASeatsView() {
        Api.Created g = Api.scoundrel("etag-viewers", "alice");
        String spectators = as(null).get("/api/games/" + g.id()).then().statusCode(200).extract().header("ETag");
        // The seat's view carries legal moves the spectator's does not: another representation.
        as(g.token()).header("If-None-Match", spectators).get("/api/games/" + g.id()).then().statusCode(200)
                .body("legalMoves", not(empty()));
        String seats = as(g.token()).get("/api/games/" + g.id()).then().extract().header("ETag");
        as(null).header("If-None-Match", seats).get("/api/games/" + g.id()).then().statusCode(200);
        assertNotEquals(spectators, seats);
        // If-Match still names the version, whichever viewer's tag is sent back.
        as(g.token()).header("If-Match", seats).body(Map.of("action", "avoid")).post("/api/games/" + g.id() + "/moves")
                .then().statusCode(200);
    }

    @Test
    void badRequestsGetProblemsWithStableCodesAndChangeNothing() {
        Api.Created g = Api.scoundrel("errors", "alice");
        String path = "/api/games/" + g.id() + "/moves";
        as(null).body(Map.of("action", "avoid")).post(path).then().statusCode(401)
                .contentType("application/problem+json").body("code", equalTo("unauthenticated"));
        as("not-a-token").body(Map.of("action", "avoid")).post(path).then().statusCode(401).body("code", equalTo("unauthenticated"));
        as(g.token()).body("{not json").post(path).then().statusCode(400).body("code", equalTo("malformed-request"));
        as(g.token()).body("[1,2]").post(path).then().statusCode(400).body("code", equalTo("malformed-request"));
        as(g.token()).body(Map.of("action", "dance")).post(path).then().statusCode(400).body("code", equalTo("malformed-request"));
        as(g.token()).body(Map.of("action", "play", "card", "1Z")).post(path).then().statusCode(400)
                .body("code", equalTo("malformed-request"));
        as(g.token()).body(Map.of("action", "play", "card", "5h")).post(path).then().statusCode(400);
        as(g.token()).body(Map.of("action", "play", "card", 5)).post(path).then().statusCode(400);
        as(g.token()).body(Map.of("action", "play", "card", "9H", "barehanded", true)).post(path).then().statusCode(400);
        as(g.token()).body(Map.of("action", "play", "card", "2C")).post(path).then().statusCode(422)
                .body("code", equalTo("illegal-move")).body("detail", notNullValue());
        as(g.token()).header("If-Match", "\"5\"").body(Map.of("action", "avoid")).post(path).then().statusCode(412)
                .body("code", equalTo("version-mismatch")).body("currentVersion", equalTo(0));
        as(g.token()).body(Map.of("action", "avoid", "pad", "x".repeat(70_000))).post(path).then().statusCode(413)
                .body("code", equalTo("payload-too-large"));
        as(null).get("/api/games/00000000-0000-0000-0000-000000000000").then().statusCode(404).body("code", equalTo("game-not-found"));
        as(null).get("/api/games/not-a-uuid").then().statusCode(404).body("code", equalTo("game-not-found"));
        as(null).get("/api/nothing-here").then().statusCode(404).contentType("application/problem+json");
        // Nothing above changed the game.
        as(g.token()).get("/api/games/" + g.id()).then().body("version", equalTo(0));
        as(null).get("/api/games/" + g.id() + "/moves").then().body("items", empty());
        String body = as(g.token()).body(Map.of("action", "play", "card", 5)).post(path).asString();
        assertFalse(body.contains("Exception") || body.contains("java.") || body.contains("at dev."), body);
    }

    @Test
    void badGameCreationsAreMalformedRequests() {
        Map<String, Object> seat = Map.of("name", "alice");
        List<Map<String, Object>> bad = List.of(
                Map.of("type", "chess", "seats", List.of(seat)),
                Map.of("type", "scoundrel", "ruleset", "hard", "seats", List.of(seat)),
                Map.of("type", "scoundrel", "options", Map.of("weaponBinding", "never"), "seats", List.of(seat)),
                Map.of("type", "scoundrel", "options", Map.of("speed", "fast"), "seats", List.of(seat)),
                Map.of("type", "scoundrel", "seed", "x".repeat(129), "seats", List.of(seat)),
                Map.of("type", "scoundrel", "seed", "", "seats", List.of(seat)),
                Map.of("type", "scoundrel", "seats", List.of(seat, seat)),
                Map.of("type", "scoundrel", "seats", List.of(Map.of("name", "bad name!"))),
                Map.of("type", "scoundrel", "seats", List.of(Map.of("ai", "random"))),
                Map.of("type", "scoundrel", "deal", List.of("AS", "KS"), "seats", List.of(seat)),
                Map.of("type", "scoundrel", "seed", "1", "deal", WINNABLE, "seats", List.of(seat)),
                Map.of("type", "scoundrel", "seats", List.of(seat), "colour", "blue"));
        for (Map<String, Object> body : bad) {
            as(null).body(body).post("/api/games").then().statusCode(400)
                    .contentType("application/problem+json")
                    .body("code", equalTo("malformed-request"))
                    .body("detail", not(containsString("Exception")));
        }
        // No type, or a JSON null one, is said to be missing, not taken for a type called "null".
        Map<String, Object> nullType = new java.util.HashMap<>(Map.of("seats", List.of(seat)));
        nullType.put("type", null);
        for (Map<String, Object> body : List.of(Map.<String, Object>of("seats", List.of(seat)), nullType)) {
            as(null).body(body).post("/api/games").then().statusCode(400).body("code", equalTo("malformed-request"))
                    .body("detail", startsWith("no game type given; expected one of: "));
        }
    }

    @Test
    void theStoredStateIsTheReplayOfTheLog() throws Exception {
        Api.Created g = Api.scoundrel("cache", "alice");
        JsonPath game = g.response().jsonPath();
        for (int i = 0; i < 10 && game.getString("status").equals("active"); i++) {
            game = move(g.id(), g.token(), game.getMap("legalMoves[1]")).then().statusCode(200).extract().jsonPath();
        }
        String stored = dev.cardtable.support.Db.scalar("select state::text from games where id = ?::uuid", g.id());
        List<Map<String, Object>> log = as(null).get("/api/games/" + g.id() + "/moves").jsonPath().getList("items.move");
        ScoundrelState replayed = rules.replay(new Setup("standard", new Options(Map.of("weaponBinding", "lessOrEqual")),
                        new Deal.Seeded("cache")),
                log.stream().map(m -> new dev.cardtable.engine.Rules.Play<>(dev.cardtable.engine.Seat.of(0), rules.parseMove(m))).toList());
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        assertEquals(json.readTree(json.writeValueAsString(replayed)), json.readTree(stored));
    }
}
