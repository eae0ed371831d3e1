package dev.cardtable.lobby;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardtable.platform.http.Params;
import dev.cardtable.platform.http.SseStreams;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirements;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.util.Map;
import java.util.UUID;

/**
 * The lobby ({@code docs/api.md}, "Lobby"): games waiting for players, and live changes to that
 * list. Taking a seat is {@code POST /api/games/{id}/seats/{seat}}; cancelling a waiting game is
 * {@code POST /api/games/{id}/cancel}.
 */
@Path("/api/lobby")
@Tag(name = "lobby")
public class LobbyResource {

    @Inject
    Lobby lobby;

    @Inject
    LobbyBus events;

    @Inject
    SseStreams streams;

    @Inject
    ObjectMapper json;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "listLobby", summary = "List the games waiting for players",
            description = "Games with an open seat, newest first, cursor-paginated, optionally of one type "
                    + "(docs/api.md, \"Lobby\"). Take a seat with takeSeat.")
    @SecurityRequirements
    @APIResponse(responseCode = "200", description = "A page of waiting games",
            content = @Content(schema = @Schema(ref = "LobbyPage")))
    public LobbyPage list(@QueryParam("type") String type,
                          @Parameter(description = "1 to 100") @QueryParam("limit") @DefaultValue("20") String limit,
                          @Parameter(description = "nextCursor of the previous page") @QueryParam("cursor") String cursor) {
        return lobby.list(type, cursor, Params.integer(limit, "limit"));
    }

    @GET
    @Path("/events")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @Operation(operationId = "streamLobbyEvents", summary = "Follow the lobby's live events",
            description = "Server-sent events as games wait for players, on every instance of the database: "
                    + "'opened' (data: the lobby item, as listLobby lists it), 'filled' and 'cancelled' "
                    + "(data: the game's id).")
    @SecurityRequirements
    @APIResponse(responseCode = "200", description = "The stream: 'opened', 'filled' and 'cancelled' events;"
            + " ':connected' and ':heartbeat' comments keep it open",
            content = @Content(mediaType = MediaType.SERVER_SENT_EVENTS, schema = @Schema(ref = "LobbyEventStream")))
    public void stream(@Context SseEventSink sink, @Context Sse sse, @Context HttpServerRequest http) {
        SseStreams.Stream out = streams.open(events.enabled(), http, sink, sse);
        events.subscribe(new LobbyBus.Subscriber() {
            @Override
            public synchronized void changed(String change, UUID gameId) {
                if (out.isClosed()) {
                    return;
                }
                // An opened game is sent whole, as the list shows it; if it filled or was
                // cancelled meanwhile, that change follows and this one is dropped.
                Object data = LobbyChange.OPENED.equals(change) ? lobby.item(gameId).orElse(null) : Map.of("id", gameId);
                if (data != null) {
                    // Written here, as the other streams write theirs: an event given a media type
                    // would carry a content-type line of its own.
                    String text;
                    try {
                        text = json.writeValueAsString(data);
                    } catch (JsonProcessingException e) {
                        throw new IllegalStateException(e);
                    }
                    out.send(out.event().name(change).data(text).build());
                }
            }

            @Override
            public synchronized boolean heartbeat() {
                return out.heartbeat();
            }
        });
    }
}
