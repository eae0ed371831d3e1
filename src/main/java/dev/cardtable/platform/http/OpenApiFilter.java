package dev.cardtable.platform.http;

import dev.cardtable.platform.Failure;
import dev.cardtable.platform.game.RegisteredPlayers;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Completes the OpenAPI document with what annotations cannot say once for all operations
 * ({@code docs/api.md}, "Errors"): every error status an operation can answer, each with the
 * {@code Problem} schema; integer types for the numeric parameters (read as text so that a bad one
 * is a problem, not a bare 404); the {@code Consistency-Token} header of every successful write and
 * the {@code Consistency-Token} parameter of the reads a standby may serve ({@code docs/api.md},
 * "Consistency tokens"). Each operation declares its own security on its resource method
 * ({@code @SecurityRequirement}); the player key's header is then said by its scheme
 * ({@code playerKey}) and not again as a parameter, and the session cookie, which the edge hands to
 * that same header ({@link SessionCookies}), is added as the other way ({@code session}). Each
 * operation's scope ({@link OperationScopes}) is shown as {@code x-scope} and, for a scope a token
 * may hold, as the {@code oauth} requirement with that scope ({@code docs/api.md}, "Tokens and
 * OAuth"). Every
 * {@code POST} and {@code DELETE} may meet {@code 403 cross-site-request}.
 */
public class OpenApiFilter implements OASFilter {

    /**
     * What any request may meet: a bad target, no acceptable type, a body without a type, limits,
     * the client's request budget, faults, outages.
     */
    private static final Set<Integer> ANY = Set.of(400, 406, 414, 415, 429, 431, 500, 503);


    /** Operations, as "METHOD path", and the statuses each adds to {@link #ANY}. */
    private static final Map<String, Set<Integer>> ERRORS = Map.ofEntries(
            Map.entry("GET /api/game-types", Set.of()),
            Map.entry("GET /api/account", Set.of(401)),
            Map.entry("POST /api/account/tokens", Set.of(401, 413, 422)),
            Map.entry("GET /api/account/tokens", Set.of(401)),
            Map.entry("DELETE /api/account/tokens/{id}", Set.of(401, 404)),
            Map.entry("POST /api/oauth/authorize", Set.of(401, 413, 422)),
            Map.entry("POST /api/oauth/token", Set.of(413)),
            Map.entry("POST /api/oauth/revoke", Set.of(413)),
            Map.entry("GET /.well-known/oauth-authorization-server", Set.of()),
            Map.entry("POST /api/account/password", Set.of(401, 403, 413, 422)),
            Map.entry("POST /api/sessions", Set.of(401, 413)),
            Map.entry("GET /api/sessions", Set.of(401)),
            Map.entry("DELETE /api/sessions", Set.of(401)),
            Map.entry("DELETE /api/sessions/current", Set.of()),
            Map.entry("DELETE /api/sessions/{id}", Set.of(401, 404)),
            Map.entry("POST /api/account/passkeys/challenge", Set.of(401, 422)),
            Map.entry("POST /api/account/passkeys", Set.of(401, 413, 422)),
            Map.entry("GET /api/account/passkeys", Set.of(401)),
            Map.entry("DELETE /api/account/passkeys/{id}", Set.of(401, 404)),
            Map.entry("POST /api/sessions/passkey/challenge", Set.of(401)),
            Map.entry("POST /api/sessions/passkey", Set.of(401, 413)),
            Map.entry("POST /api/challenges", Set.of(401, 404, 413, 415, 422, 429)),
            Map.entry("POST /api/seeks", Set.of(401, 409, 413, 415, 422, 429)),
            Map.entry("GET /api/seeks", Set.of(401)),
            Map.entry("GET /api/seeks/{id}", Set.of(401, 404)),
            Map.entry("DELETE /api/seeks/{id}", Set.of(401, 404, 409)),
            Map.entry("POST /api/arenas", Set.of(401, 413, 415, 422, 429)),
            Map.entry("GET /api/arenas", Set.of()),
            Map.entry("GET /api/arenas/{id}", Set.of(404)),
            Map.entry("POST /api/arenas/{id}/join", Set.of(401, 403, 404, 409)),
            Map.entry("POST /api/arenas/{id}/withdraw", Set.of(401, 404, 409)),
            Map.entry("GET /api/arenas/{id}/standings", Set.of(404)),
            Map.entry("GET /api/arenas/{id}/players/{name}", Set.of(404)),
            Map.entry("GET /api/arenas/{id}/events", Set.of(404, 429)),
            Map.entry("GET /api/challenges", Set.of(401)),
            Map.entry("GET /api/challenges/{id}", Set.of(401, 404)),
            Map.entry("POST /api/challenges/{id}/accept", Set.of(401, 403, 404, 409)),
            Map.entry("POST /api/challenges/{id}/decline", Set.of(401, 403, 404, 409, 413, 415)),
            Map.entry("POST /api/challenges/{id}/cancel", Set.of(401, 403, 404, 409)),
            Map.entry("POST /api/games", Set.of(401, 403, 409, 413, 415, 422, 429)),
            Map.entry("GET /api/games", Set.of()),
            Map.entry("POST /api/games/import", Set.of(409, 413, 415, 422, 429)),
            Map.entry("GET /api/games/{id}", Set.of(401, 403, 404)),
            Map.entry("POST /api/games/{id}/seats/{seat}", Set.of(401, 403, 404, 409, 413, 415, 422, 429)),
            Map.entry("POST /api/games/{id}/moves", Set.of(401, 404, 409, 412, 413, 415, 422, 429)),
            Map.entry("GET /api/games/{id}/moves", Set.of(401, 403, 404)),
            Map.entry("GET /api/games/{id}/states/{n}", Set.of(401, 403, 404)),
            Map.entry("GET /api/games/{id}/timeline", Set.of(401, 403, 404)),
            Map.entry("POST /api/games/{id}/stream-tickets", Set.of(401, 404)),
            Map.entry("GET /api/games/{id}/events", Set.of(401, 403, 404, 429)),
            Map.entry("GET /api/games/{id}/record", Set.of(403, 404)),
            Map.entry("POST /api/games/{id}/cancel", Set.of(401, 404, 409, 429)),
            Map.entry("POST /api/games/{id}/rematch", Set.of(401, 404, 409, 429)),
            Map.entry("GET /api/games/{id}/hint", Set.of(401, 404, 409)),
            Map.entry("GET /api/games/{id}/analysis", Set.of(403, 404, 409)),
            Map.entry("GET /api/lobby", Set.of()),
            Map.entry("GET /api/lobby/events", Set.of(404, 429)),
            Map.entry("GET /api/players/{name}/stats", Set.of(404)),
            Map.entry("POST /api/players/{name}/events/tickets", Set.of(401, 403, 404)),
            Map.entry("GET /api/players/{name}/events", Set.of(401, 403, 404, 429)),
            Map.entry("POST /api/players", Set.of(409, 413, 415, 429)),
            Map.entry("POST /api/players/{name}/key", Set.of(401, 403)),
            Map.entry("DELETE /api/players/{name}/key", Set.of(401, 403)),
            Map.entry("GET /api/players/{name}/streaks", Set.of(404)),
            Map.entry("GET /api/ratings", Set.of()),
            Map.entry("GET /api/players/{name}/ratings", Set.of(404)),
            Map.entry("GET /api/players/{name}/ratings/{gameType}/{ruleset}/history", Set.of(404)),
            Map.entry("GET /api/ratings/{gameType}/{ruleset}/leaderboard", Set.of(404)),
            Map.entry("GET /api/daily/{ruleset}", Set.of(401, 404)),
            Map.entry("GET /api/daily/{ruleset}/{day}", Set.of(404)),
            Map.entry("POST /api/daily/{ruleset}/attempts", Set.of(401, 404, 409, 429)),
            Map.entry("GET /api/daily/{ruleset}/leaderboard", Set.of(404)),
            Map.entry("GET /api/daily/{ruleset}/{day}/leaderboard", Set.of(404)),
            Map.entry("GET /api/daily/{ruleset}/{day}/leaderboard/events", Set.of(404, 429)));

    /**
     * Reads that may come from the standby, and so wait for the caller's consistency token: the
     * log, positions, timeline and record of a finished game, the history, statistics.
     */
    private static final Set<String> STANDBY_READS = Set.of("GET /api/games/{id}/moves",
            "GET /api/games/{id}/states/{n}", "GET /api/games/{id}/timeline", "GET /api/games/{id}/record",
            "GET /api/games", "GET /api/players/{name}/stats");

    /** The security scheme of {@link RegisteredPlayers#HEADER} (the static part of the document). */
    private static final String PLAYER_KEY = "playerKey";

    /** The security scheme of the session cookie, which opens whatever the player key opens. */
    private static final String SESSION = "session";

    /** The security scheme of scoped tokens, personal or granted by OAuth ({@link AccessTokens}). */
    private static final String OAUTH = "oauth";

    /**
     * The extension that names each operation's {@link Scope} ({@link OperationScopes}), the
     * pseudo-scopes {@code none} and {@code player-key} too.
     */
    static final String SCOPE_EXTENSION = "x-scope";

    private static final Set<String> NUMERIC = Set.of("limit", "n", "seat");

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        if (openAPI.getPaths() == null) {
            return;
        }
        openAPI.getPaths().getPathItems().forEach((path, item) -> item.getOperations()
                .forEach((method, op) -> complete(method.name() + " " + path, op)));
    }

    private static void complete(String key, Operation op) {
        Set<Integer> statuses = new TreeSet<>(ANY);
        statuses.addAll(ERRORS.getOrDefault(key, Set.of()));
        statuses.add(401); // a token that is unknown, revoked or expired
        if (OperationScopes.of(key).orElse(Scope.PLAYER_KEY) != Scope.NONE) {
            statuses.add(403); // scope-missing
        }
        if (key.startsWith("POST ") || key.startsWith("DELETE ")) {
            statuses.add(403); // cross-site-request: a browser's session cookie sent from another site's page
        }
        for (int status : statuses) {
            APIResponse own = op.getResponses().getAPIResponse(Integer.toString(status));
            if (own != null && own.getContent() != null && own.getContent().getMediaType(ProblemMapper.PROBLEM_JSON) == null) {
                // An error the operation describes itself (OAuth's RFC 6749 5.2 body): the problem's members ride along.
                own.getContent().addMediaType(ProblemMapper.PROBLEM_JSON, problem(status).getContent()
                        .getMediaType(ProblemMapper.PROBLEM_JSON));
                continue;
            }
            op.getResponses().addAPIResponse(Integer.toString(status), problem(status));
        }
        boolean playerKey = op.getSecurity() != null && op.getSecurity().stream()
                .anyMatch(r -> r.hasScheme(PLAYER_KEY));
        if (playerKey) {
            op.addSecurityRequirement(OASFactory.createSecurityRequirement().addScheme(SESSION));
        }
        OperationScopes.of(key).ifPresent(scope -> {
            op.addExtension(SCOPE_EXTENSION, scope.text());
            if (scope.grantable()) {
                op.addSecurityRequirement(OASFactory.createSecurityRequirement().addScheme(OAUTH, scope.text()));
            }
        });
        if (playerKey && op.getParameters() != null) {
            List<Parameter> rest = new ArrayList<>(op.getParameters());
            rest.removeIf(p -> p.getIn() == Parameter.In.HEADER && RegisteredPlayers.HEADER.equalsIgnoreCase(p.getName()));
            op.setParameters(rest.isEmpty() ? null : rest);
        }
        if (key.startsWith("POST ") || key.startsWith("DELETE ")) {
            op.getResponses().getAPIResponses().forEach((status, response) -> {
                if (status.startsWith("2")) {
                    response.addHeader(ConsistencyTokens.HEADER, OASFactory.createHeader().ref("ConsistencyToken"));
                }
            });
        }
        if (op.getParameters() != null) {
            for (Parameter p : op.getParameters()) {
                if (NUMERIC.contains(p.getName()) && p.getIn() != Parameter.In.HEADER) {
                    p.setSchema(OASFactory.createSchema().addType(Schema.SchemaType.INTEGER).format("int32"));
                }
            }
        }
        if (STANDBY_READS.contains(key)) {
            op.addParameter(OASFactory.createParameter().ref("ConsistencyToken"));
        }
    }

    private static APIResponse problem(int status) {
        String titles = String.join("; ", Arrays.stream(Failure.values()).filter(f -> f.status() == status)
                .map(Failure::code).toList());
        return OASFactory.createAPIResponse().description(titles.isEmpty() ? "Error" : titles)
                .content(OASFactory.createContent().addMediaType("application/problem+json",
                        OASFactory.createMediaType().schema(OASFactory.createSchema().ref("Problem"))));
    }
}
