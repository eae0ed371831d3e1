package dev.cardtable.records;

import dev.cardtable.platform.Failure;
import dev.cardtable.platform.game.view.GameRecord;
import dev.cardtable.platform.http.GameResponses;
import dev.cardtable.platform.http.Params;
import dev.cardtable.platform.http.ProblemMapper;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirements;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.util.Map;

/**
 * The portable record of a game ({@code docs/api.md}, "Records"): read one
 * ({@code GET /api/games/{id}/record}) and create a game from one ({@code POST /api/games/import}).
 */
@Path("/api")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "games")
public class RecordResource {

    @Inject
    RecordExport exports;

    @Inject
    RecordImport imports;

    @GET
    @Path("/games/{id}/record")
    @Operation(operationId = "getRecord", summary = "Get a game's portable record",
            description = "The game as a portable record: type, ruleset, options, seats and every move; the seed "
                    + "(or custom deal) once the game is over, so that anyone can replay and check it "
                    + "(docs/api.md, \"Records\").")
    @SecurityRequirements
    @APIResponse(responseCode = "200", description = "The record", content = @Content(schema = @Schema(ref = "Record")))
    public GameRecord record(@PathParam("id") String id) {
        return exports.record(Params.gameId(id));
    }

    @POST
    @Path("/games/import")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "importRecord", summary = "Import a game from a record",
            description = "Creates a game from a record, replaying and checking every move against the rules; "
                    + "the response carries the seats' tokens of a game that is still running.")
    @SecurityRequirements
    @RequestBody(content = @Content(schema = @Schema(ref = "Record")))
    @APIResponse(responseCode = "201", description = "Imported",
            content = @Content(schema = @Schema(ref = "Game")))
    public Response importRecord(GameRecord record) {
        return GameResponses.created(imports.importRecord(record));
    }

    @GET
    @Path("/games/import")
    @Operation(hidden = true)
    public Response importIsPostOnly() {
        return Response.fromResponse(ProblemMapper.problem(Failure.METHOD_NOT_ALLOWED,
                "import takes POST with a record", Map.of(), null)).header("Allow", "POST").build();
    }
}
