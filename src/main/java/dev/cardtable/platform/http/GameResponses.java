package dev.cardtable.platform.http;

import dev.cardtable.platform.game.view.GameView;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;

import java.net.URI;

/** The answers that carry a game ({@code docs/api.md}, "Versions"): its entity tag always, and its address when new. */
public final class GameResponses {

    private GameResponses() {
    }

    /** {@code 201 Created}: {@code game} with {@code Location: /api/games/{id}} and its entity tag. */
    public static Response created(GameView game) {
        return Response.created(URI.create("/api/games/" + game.id()))
                .header(HttpHeaders.ETAG, ETags.of(game)).entity(game).build();
    }

    /** {@code 200 OK}: {@code game} with its entity tag. */
    public static Response ok(GameView game) {
        return Response.ok(game).header(HttpHeaders.ETAG, ETags.of(game)).build();
    }
}
