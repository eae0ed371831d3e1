package dev.cardtable.platform.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardtable.client.ApiClient;
import dev.cardtable.client.api.GamesApi;
import dev.cardtable.client.model.CreateGame;
import dev.cardtable.client.model.Deal;
import dev.cardtable.client.model.Game;
import dev.cardtable.client.model.GameEnd;
import dev.cardtable.client.model.GameEndEvent;
import dev.cardtable.client.model.GameEvent;
import dev.cardtable.client.model.GameMoveEvent;
import dev.cardtable.client.model.LogPage;
import dev.cardtable.client.model.Move;
import dev.cardtable.client.model.MoveEvent;
import dev.cardtable.client.model.ScoundrelDeal;
import dev.cardtable.client.model.ScoundrelGame;
import dev.cardtable.client.model.ScoundrelMove;
import dev.cardtable.client.model.SeatRequest;
import dev.cardtable.support.PostgresResource;
import dev.cardtable.support.SseClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Java client generated from {@code openapi.yaml} during the build (openapi-generator,
 * {@code java}/{@code native}) plays a whole Scoundrel game through the typed models, by the
 * operations' names ({@code createGame}, {@code submitMove}, {@code listMoves}); the game's event
 * stream reads into the generated event types ({@code GameEvent}, its data a {@code MoveEvent});
 * and a custom deal goes through the create request's {@code Deal}: the document is complete
 * enough for a client generator.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class ClientGenerationTest {

    private static ApiClient client() {
        return new ApiClient().setScheme("http").setHost("localhost").setPort(RestAssured.port);
    }

    /**
     * The games API as the holder of seat {@code token}, or as a spectator. The {@code native}
     * library applies no security scheme itself: the token goes in the {@code Authorization}
     * header of every request, as the {@code seatToken} scheme says.
     */
    private static GamesApi games(String token) {
        ApiClient client = client();
        if (token != null) {
            client.setRequestInterceptor(r -> r.header("Authorization", "Bearer " + token));
        }
        return new GamesApi(client);
    }

    @Test
    void theGeneratedClientPlaysAScoundrelGameToItsEndAndReadsItsEvents() throws Exception {
        Game created = games(null).createGame(new CreateGame().type("scoundrel").seed("generated-client")
                .seats(List.of(new SeatRequest().name("gen"))));
        ScoundrelGame game = created.getScoundrelGame();
        String id = game.getId().toString();
        String token = game.getCredentials().get(0).getToken();
        GamesApi seat = games(token);
        int moves = 0;
        while (game.getStatus() == ScoundrelGame.StatusEnum.ACTIVE) {
            ScoundrelMove first = game.getLegalMoves().get(0);
            game = seat.submitMove(id, new Move(first), null, null).getScoundrelGame();
            moves++;
            assertTrue(moves <= 60, "a Scoundrel game ends within 60 moves");
        }
        assertEquals(ScoundrelGame.StatusEnum.FINISHED, game.getStatus());
        assertNotNull(game.getResult());
        assertEquals(1, game.getResult().getStandings().size());
        assertEquals(moves, game.getMoveCount());
        LogPage log = seat.listMoves(id, null, 500, null);
        assertEquals(moves, log.getItems().size());
        assertEquals(null, log.getNextCursor());
        assertEquals(0, games(null).getPosition(id, 0, null).getScoundrelPosition().getN());

        // The stream of the finished game, from its first move: a move event per entry, then the end.
        ObjectMapper json = client().getObjectMapper();
        try (SseClient stream = SseClient.connect("http://localhost:" + RestAssured.port + "/api/games/" + id
                + "/events?cursor=0", null, null)) {
            assertEquals(200, stream.status());
            List<SseClient.Event> events = stream.take(moves + 1, Duration.ofSeconds(20));
            assertEquals(moves + 1, events.size(), "every move, then the end");
            for (int i = 0; i < moves; i++) {
                GameMoveEvent e = assertInstanceOf(GameMoveEvent.class, typed(json, events.get(i)).getActualInstance());
                MoveEvent data = json.readValue(e.getData(), MoveEvent.class);
                assertEquals(Integer.toString(i + 1), e.getId());
                assertEquals(i + 1, data.getGame().getScoundrelGame().getMoveCount(), "the game as it stood after the move");
            }
            GameEndEvent end = assertInstanceOf(GameEndEvent.class, typed(json, events.get(moves)).getActualInstance());
            assertEquals(GameEnd.StatusEnum.FINISHED, json.readValue(end.getData(), GameEnd.class).getStatus());
        }
    }

    @Test
    void theGeneratedClientCreatesAGameFromACustomDeal() throws Exception {
        // Scoundrel's 44 cards (docs/rules/scoundrel.md): clubs and spades 2 to A, diamonds and hearts 2 to 10.
        List<String> numbers = List.of("2", "3", "4", "5", "6", "7", "8", "9", "10");
        ScoundrelDeal deal = new ScoundrelDeal();
        for (String suit : List.of("C", "S", "D", "H")) {
            boolean black = suit.equals("C") || suit.equals("S");
            for (String rank : black ? List.of("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A") : numbers) {
                deal.add(rank + suit);
            }
        }
        assertEquals(44, deal.size());
        Game created = games(null).createGame(new CreateGame().type("scoundrel").deal(new Deal(deal))
                .seats(List.of(new SeatRequest().name("gen-deal"))));
        assertEquals(deal.subList(0, 4), created.getScoundrelGame().getView().getRoom(), "the first room is the deal's top four cards");
    }

    /** An event as the generated {@code GameEvent}: its name, id and data as the document describes them. */
    private static GameEvent typed(ObjectMapper json, SseClient.Event e) throws Exception {
        Map<String, String> fields = e.id() == null ? Map.of("event", e.name(), "data", e.data())
                : Map.of("event", e.name(), "id", e.id(), "data", e.data());
        return json.readValue(json.writeValueAsString(fields), GameEvent.class);
    }
}
