package dev.cardtable.platform.http;

import dev.cardtable.client.ApiClient;
import dev.cardtable.client.api.GamesApi;
import dev.cardtable.client.model.CreateGame;
import dev.cardtable.client.model.Game;
import dev.cardtable.client.model.LogPage;
import dev.cardtable.client.model.Move;
import dev.cardtable.client.model.ScoundrelGame;
import dev.cardtable.client.model.ScoundrelMove;
import dev.cardtable.client.model.SeatRequest;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Java client generated from {@code openapi.yaml} during the build plays a whole Scoundrel game
 * through the typed models: the document is complete enough for a client generator.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class ClientGenerationTest {

    private static GamesApi games(String token) {
        ApiClient client = new ApiClient().setScheme("http").setHost("localhost").setPort(RestAssured.port);
        if (token != null) {
            client.setRequestInterceptor(r -> r.header("Authorization", "Bearer " + token));
        }
        return new GamesApi(client);
    }

    @Test
    void theGeneratedClientPlaysAScoundrelGameToItsEnd() throws Exception {
        Game created = games(null).apiGamesPost(new CreateGame().type("scoundrel").seed("generated-client")
                .seats(List.of(new SeatRequest().name("gen"))));
        ScoundrelGame game = created.getScoundrelGame();
        String token = game.getCredentials().get(0).getToken();
        GamesApi seat = games(token);
        int moves = 0;
        while (game.getStatus() == ScoundrelGame.StatusEnum.ACTIVE) {
            ScoundrelMove first = game.getLegalMoves().get(0);
            game = seat.apiGamesIdMovesPost(game.getId().toString(), new Move(first), null, null).getScoundrelGame();
            moves++;
            assertTrue(moves <= 60, "a Scoundrel game ends within 60 moves");
        }
        assertEquals(ScoundrelGame.StatusEnum.FINISHED, game.getStatus());
        assertNotNull(game.getResult());
        assertEquals(1, game.getResult().getStandings().size());
        assertEquals(moves, game.getMoveCount());
        LogPage log = seat.apiGamesIdMovesGet(game.getId().toString(), null, 500);
        assertEquals(moves, log.getItems().size());
        assertEquals(null, log.getNextCursor());
    }
}
