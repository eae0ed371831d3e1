package dev.cardtable.platform.game;

import dev.cardtable.support.Api;
import dev.cardtable.support.PostgresResource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link MoveLog#advance}, the one statement that appends a move and updates its game, applies
 * only to the game as it was read: a write from a read that another change overtook writes
 * nothing, neither the log nor the game.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class MoveLogTest {

    @Inject
    GameStore games;

    @Inject
    MoveLog log;

    @Test
    void aWriteFromAnOvertakenReadChangesNothingAndOneFromTheCurrentReadApplies() {
        Api.Created g = Api.scoundrel("7", "stale");
        UUID id = UUID.fromString(g.id());
        GameRow stale = read(id);
        Api.move(g.id(), g.token(), Map.of("action", "avoid")).then().statusCode(200);
        GameRow current = read(id);

        Instant at = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        MoveRow first = new MoveRow(1, 0, "{\"action\":\"avoid\"}", at);
        assertFalse(QuarkusTransaction.requiringNew().call(() -> log.advance(stale, next(stale), List.of(first))));
        assertEquals(current, read(id), "the game is as the move over HTTP left it");
        assertEquals(1, QuarkusTransaction.requiringNew().call(() -> log.log(id, 0, 10)).size());

        MoveRow second = new MoveRow(2, 0, "{\"action\":\"play\",\"card\":\"2S\"}", at);
        assertTrue(QuarkusTransaction.requiringNew().call(() -> log.advance(current, next(current), List.of(second))));
        assertEquals(2, read(id).version());
        assertEquals(List.of(1, 2), QuarkusTransaction.requiringNew().call(() -> log.log(id, 0, 10)).stream()
                .map(MoveRow::seq).toList());
    }

    private GameRow read(UUID id) {
        return QuarkusTransaction.requiringNew().call(() -> games.find(id).orElseThrow());
    }

    private static GameRow.GameUpdate next(GameRow g) {
        GameRow.GameUpdate u = g.update();
        return new GameRow.GameUpdate(u.status(), g.version() + 1, u.state(), u.result(), u.updatedAt(),
                u.finishedAt(), u.clockState(), u.deadline());
    }
}
