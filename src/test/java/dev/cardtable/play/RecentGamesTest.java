package dev.cardtable.play;

import dev.cardtable.engine.scoundrel.ScoundrelState;
import dev.cardtable.platform.JsonText;
import dev.cardtable.platform.events.Listener;
import dev.cardtable.support.Api;
import dev.cardtable.support.Db;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import static dev.cardtable.support.Api.as;
import static dev.cardtable.support.Api.move;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A move tries the game as this instance last wrote it before reading it: a copy that another
 * change has made old (here put back by hand, as another instance's move would leave it) is never
 * written over, and a refusal is decided on the game as stored.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class RecentGamesTest {

    @Inject
    RecentGames recent;

    @Inject
    JsonText json;

    @Test
    void anOutOfDateCopyIsNeverWrittenOverAndRefusesNothingOnItsOwn() {
        Api.Created g = Api.scoundrel("42", "kept");
        UUID id = UUID.fromString(g.id());
        List<String> room = g.response().path("view.room");
        move(g.id(), g.token(), Map.of("action", "play", "card", room.get(0))).then().statusCode(200);
        RecentGames.Kept old = recent.get(id).orElseThrow();
        assertEquals(1, old.game().version());
        // The state kept is the one stored.
        assertEquals(old.state(), json.read(old.game().state(), ScoundrelState.class));

        // Changed without this copy being told: a move under the lock (as another instance's would be).
        as(g.token()).header("Idempotency-Key", "elsewhere").body(Map.of("action", "play", "card", room.get(1)))
                .post("/api/games/" + g.id() + "/moves").then().statusCode(200).body("version", equalTo(2));
        assertTrue(recent.get(id).isEmpty(), "a move under the lock forgets the copy");

        // Legal on the old copy, but that card was played since: refused, on the game as stored.
        recent.wrote(old.game(), old.state());
        as(g.token()).body(Map.of("action", "play", "card", room.get(1))).post("/api/games/" + g.id() + "/moves")
                .then().statusCode(422).body("code", equalTo("illegal-move"));
        as(null).get("/api/games/" + g.id()).then().body("version", equalTo(2));

        // Legal on the old copy and now: applied to the game as stored, not to the copy.
        recent.wrote(old.game(), old.state());
        move(g.id(), g.token(), Map.of("action", "play", "card", room.get(2))).then().statusCode(200)
                .body("version", equalTo(3));
        List<String> now = as(null).get("/api/games/" + g.id()).path("view.room");
        assertFalse(now.contains(room.get(2)), now.toString());
        String card = now.stream().filter(c -> !room.contains(c)).findFirst().orElseThrow();

        // Illegal on the old copy (the card was not yet in the room) but legal now: applied.
        recent.wrote(old.game(), old.state());
        move(g.id(), g.token(), Map.of("action", "play", "card", card)).then().statusCode(200)
                .body("version", equalTo(4))
                .body("applied[0].move.card", equalTo(card));
        List<String> played = as(null).get("/api/games/" + g.id() + "/moves").path("items.move.card");
        assertEquals(List.of(room.get(0), room.get(1), room.get(2), card), played);
        assertEquals(as(null).get("/api/games/" + g.id()).path("view").toString(),
                as(null).get("/api/games/" + g.id() + "/states/4").path("view").toString());
        // The copy kept is the game as last written.
        assertEquals(4, recent.get(id).orElseThrow().game().version());
        as(g.token()).header("If-Match", "\"3\"").body(Map.of("action", "avoid")).post("/api/games/" + g.id() + "/moves")
                .then().statusCode(412).body("detail", containsString("at version 4"));
    }

    @Test
    void keptGamesAreDroppedWhenTheListeningConnectionIsLost() throws Exception {
        Api.Created g = Api.scoundrel("43", "failover");
        UUID id = UUID.fromString(g.id());
        List<String> room = g.response().path("view.room");
        move(g.id(), g.token(), Map.of("action", "play", "card", room.get(0))).then().statusCode(200);
        assertTrue(recent.get(id).isPresent());

        // The listening connection cut, as a failover cuts it: on reconnecting, nothing kept is trusted.
        assertEquals("1", Db.scalar("select count(pg_terminate_backend(pid)) from pg_stat_activity"
                + " where application_name = ?", Listener.APPLICATION_NAME));
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (recent.get(id).isPresent() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertTrue(recent.get(id).isEmpty(), "kept games dropped after the listener reconnected");
        // The game is played on from the database as before.
        move(g.id(), g.token(), Map.of("action", "play", "card", room.get(1))).then().statusCode(200)
                .body("version", equalTo(2));
    }
}
