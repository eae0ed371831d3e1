package dev.cardtable.daily;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardtable.platform.game.RegisteredPlayers;
import dev.cardtable.platform.game.view.GameView;
import dev.cardtable.platform.http.ETags;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.http.Params;
import dev.cardtable.platform.http.SseStreams;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirements;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.logging.Logger;

import java.net.URI;
import java.time.LocalDate;
import java.util.UUID;

/**
 * The daily deal ({@code docs/api.md}, "The daily deal"): today's deal and any past day's, the
 * caller's one attempt, each day's board with its live updates, and the all-time table.
 */
@Path("/api/daily/{ruleset}")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "daily")
public class DailyResource {

    private static final Logger LOG = Logger.getLogger(DailyResource.class);

    @Inject
    DailyDeals daily;

    @Inject
    DailyBus events;

    @Inject
    SseStreams streams;

    @Inject
    ObjectMapper json;

    @GET
    @Operation(operationId = "getDailyDeal", summary = "Get today's daily deal",
            description = "Today's deal of the ruleset: its seed commitment, the caller's attempt (with a player "
                    + "key), and yesterday's deal with its seed revealed (docs/api.md, \"The daily deal\").")
    @SecurityRequirementsSet
    @SecurityRequirementsSet(@SecurityRequirement(name = "playerKey"))
    @APIResponse(responseCode = "200", description = "Today's deal", content = @Content(schema = @Schema(ref = "DailyDay")))
    public DailyDay today(@PathParam("ruleset") String ruleset,
                          @Parameter(description = "A registered player's key, to see its attempt")
                          @HeaderParam(RegisteredPlayers.HEADER) String playerKey) {
        return daily.today(ruleset, playerKey);
    }

    @GET
    @Path("/{day}")
    @Operation(operationId = "getDailyDealOfDay", summary = "Get one day's daily deal",
            description = "One UTC day's deal of the ruleset: its seed commitment, and its seed once the day is over.")
    @SecurityRequirements
    @APIResponse(responseCode = "200", description = "The day's deal", content = @Content(schema = @Schema(ref = "DailyDay")))
    public DailyDay day(@PathParam("ruleset") String ruleset,
                        @Parameter(description = "A UTC date, YYYY-MM-DD") @PathParam("day") String day) {
        return daily.day(ruleset, day);
    }

    @POST
    @Path("/attempts")
    @Operation(operationId = "startDailyAttempt", summary = "Start the caller's attempt at today's deal",
            description = "Creates the caller's one game of today's deal, a verified seat; the response carries "
                    + "the seat's token, shown once. A second attempt the same day is refused.")
    @SecurityRequirement(name = "playerKey")
    @APIResponse(responseCode = "201", description = "The game of the attempt", content = @Content(schema = @Schema(ref = "Game")))
    public Response attempt(@PathParam("ruleset") String ruleset,
                            @Parameter(description = "The player's key", required = true)
                            @HeaderParam(RegisteredPlayers.HEADER) String playerKey,
                            @Parameter(description = "true: a rated attempt, the player against the day's deal (docs/ratings.md)")
                            @QueryParam("rated") String rated) {
        if (rated != null && !rated.equals("true") && !rated.equals("false")) {
            throw GameException.malformed("'rated' must be true or false");
        }
        GameView game = daily.attempt(ruleset, playerKey, "true".equals(rated));
        return Response.created(URI.create("/api/games/" + game.id())).header(HttpHeaders.ETAG, ETags.of(game))
                .entity(game).build();
    }

    @GET
    @Path("/leaderboard")
    @Operation(operationId = "getDailyTable", summary = "Get the daily deal's all-time table",
            description = "Every registered player with a counted attempt, by days won, then total score; "
                    + "cursor-paginated.")
    @SecurityRequirements
    @APIResponse(responseCode = "200", description = "A page of the table", content = @Content(schema = @Schema(ref = "DailyTable")))
    public DailyTable table(@PathParam("ruleset") String ruleset,
                            @Parameter(description = "1 to 100") @QueryParam("limit") @DefaultValue("20") String limit,
                            @Parameter(description = "nextCursor of the previous page") @QueryParam("cursor") String cursor) {
        return daily.table(ruleset, cursor, Params.integer(limit, "limit"));
    }

    @GET
    @Path("/{day}/leaderboard")
    @Operation(operationId = "getDailyBoard", summary = "Get one day's board",
            description = "The attempts that finished within their day with a score: by score, then fewer moves, "
                    + "then who finished first; cursor-paginated.")
    @SecurityRequirements
    @APIResponse(responseCode = "200", description = "A page of the board", content = @Content(schema = @Schema(ref = "DailyBoard")))
    public DailyBoard board(@PathParam("ruleset") String ruleset,
                            @Parameter(description = "A UTC date, YYYY-MM-DD") @PathParam("day") String day,
                            @Parameter(description = "1 to 100") @QueryParam("limit") @DefaultValue("20") String limit,
                            @Parameter(description = "nextCursor of the previous page") @QueryParam("cursor") String cursor) {
        return daily.board(ruleset, day, cursor, Params.integer(limit, "limit"));
    }

    @GET
    @Path("/{day}/leaderboard/events")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @Operation(operationId = "streamDailyBoardEvents", summary = "Follow one day's board live",
            description = "Server-sent events: a 'finished' event (data: the board entry) whenever an attempt of "
                    + "the day is counted, on any instance of the database. Fetch the board again for the new "
                    + "ranks of the others.")
    @SecurityRequirements
    @APIResponse(responseCode = "200", description = "The stream: 'finished' events; ':connected' and ':heartbeat'"
            + " comments keep it open",
            content = @Content(mediaType = MediaType.SERVER_SENT_EVENTS, schema = @Schema(ref = "DailyBoardEventStream")))
    public void stream(@PathParam("ruleset") String ruleset, @PathParam("day") String day,
                       @Context SseEventSink sink, @Context Sse sse, @Context HttpServerRequest http) {
        SseStreams.requireEnabled(events.enabled());
        // Checks the ruleset and the day before the stream opens.
        DailyBoard first = daily.board(ruleset, day, null, 1);
        String r = first.ruleset();
        LocalDate d = first.day();
        SseStreams.Stream out = streams.open(true, http, sink, sse);
        events.subscribe(new DailyBus.Subscriber() {
            @Override
            public String ruleset() {
                return r;
            }

            @Override
            public LocalDate day() {
                return d;
            }

            @Override
            public synchronized void finished(UUID gameId) {
                try {
                    DailyBoard.Entry e = daily.entry(r, d, gameId).orElse(null);
                    if (e != null) {
                        out.send(out.event().name("finished").id(gameId.toString())
                                .data(json.writeValueAsString(e)).build());
                    }
                } catch (JsonProcessingException | RuntimeException ex) {
                    LOG.debug("daily board event for " + gameId + " not sent", ex);
                }
            }

            @Override
            public synchronized boolean heartbeat() {
                return out.heartbeat();
            }
        });
    }
}
