package dev.cardtable.platform.http;

import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HEAD;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;

import java.lang.reflect.Method;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import static java.util.Map.entry;

/**
 * The one table of what each operation asks of a token ({@code docs/api.md}, "Tokens and OAuth"):
 * its {@link Scope}, by {@code "METHOD path"} as {@code openapi.yaml} names it. The edge
 * ({@link AccessTokens}) checks it on every request that carries a token, and the OpenAPI document
 * shows it ({@link OpenApiFilter}: the {@code oauth} security requirement with that scope, and
 * {@code x-scope}). An operation missing here is refused to every token, and fails the scope test
 * that walks every operation of the document.
 */
public final class OperationScopes {

    private static final Map<String, Scope> TABLE = Map.ofEntries(
            // The account, its sign-in means and the tokens themselves: the key or a session only.
            entry("GET /api/account", Scope.ACCOUNT_READ),
            entry("POST /api/account/password", Scope.PLAYER_KEY),
            entry("GET /api/account/passkeys", Scope.PLAYER_KEY),
            entry("POST /api/account/passkeys", Scope.PLAYER_KEY),
            entry("POST /api/account/passkeys/challenge", Scope.PLAYER_KEY),
            entry("DELETE /api/account/passkeys/{id}", Scope.PLAYER_KEY),
            entry("GET /api/account/tokens", Scope.PLAYER_KEY),
            entry("POST /api/account/tokens", Scope.PLAYER_KEY),
            entry("DELETE /api/account/tokens/{id}", Scope.PLAYER_KEY),
            entry("POST /api/sessions", Scope.NONE),
            entry("GET /api/sessions", Scope.PLAYER_KEY),
            entry("DELETE /api/sessions", Scope.PLAYER_KEY),
            entry("DELETE /api/sessions/current", Scope.PLAYER_KEY),
            entry("DELETE /api/sessions/{id}", Scope.PLAYER_KEY),
            entry("POST /api/sessions/passkey", Scope.NONE),
            entry("POST /api/sessions/passkey/challenge", Scope.NONE),
            entry("POST /api/oauth/authorize", Scope.PLAYER_KEY),
            entry("POST /api/oauth/token", Scope.NONE),
            entry("POST /api/oauth/revoke", Scope.NONE),
            entry("GET /.well-known/oauth-authorization-server", Scope.NONE),
            // Players.
            entry("POST /api/players", Scope.NONE),
            entry("POST /api/players/{name}/key", Scope.PLAYER_KEY),
            entry("DELETE /api/players/{name}/key", Scope.PLAYER_KEY),
            entry("GET /api/players/{name}/events", Scope.EVENTS_READ),
            entry("POST /api/players/{name}/events/tickets", Scope.EVENTS_READ),
            entry("GET /api/players/{name}/stats", Scope.NONE),
            entry("GET /api/players/{name}/streaks", Scope.NONE),
            entry("GET /api/players/{name}/ratings", Scope.NONE),
            entry("GET /api/players/{name}/ratings/{gameType}/{ruleset}/history", Scope.NONE),
            entry("GET /api/ratings", Scope.NONE),
            entry("GET /api/ratings/{gameType}/{ruleset}/leaderboard", Scope.NONE),
            // Challenges and seeks.
            entry("GET /api/challenges", Scope.CHALLENGE_READ),
            entry("GET /api/challenges/{id}", Scope.CHALLENGE_READ),
            entry("POST /api/challenges", Scope.CHALLENGE_WRITE),
            entry("POST /api/challenges/{id}/accept", Scope.CHALLENGE_WRITE),
            entry("POST /api/challenges/{id}/decline", Scope.CHALLENGE_WRITE),
            entry("POST /api/challenges/{id}/cancel", Scope.CHALLENGE_WRITE),
            entry("GET /api/seeks", Scope.SEEK_WRITE),
            entry("POST /api/seeks", Scope.SEEK_WRITE),
            entry("GET /api/seeks/{id}", Scope.SEEK_WRITE),
            entry("DELETE /api/seeks/{id}", Scope.SEEK_WRITE),
            // Arenas.
            entry("GET /api/arenas", Scope.NONE),
            entry("POST /api/arenas", Scope.TOURNAMENT_WRITE),
            entry("GET /api/arenas/{id}", Scope.NONE),
            entry("POST /api/arenas/{id}/join", Scope.TOURNAMENT_WRITE),
            entry("POST /api/arenas/{id}/withdraw", Scope.TOURNAMENT_WRITE),
            entry("GET /api/arenas/{id}/standings", Scope.NONE),
            entry("GET /api/arenas/{id}/players/{name}", Scope.NONE),
            entry("GET /api/arenas/{id}/events", Scope.NONE),
            // Games: a token reads and plays its player's seats.
            entry("GET /api/game-types", Scope.NONE),
            entry("GET /api/games", Scope.NONE),
            entry("POST /api/games", Scope.GAME_PLAY),
            entry("POST /api/games/import", Scope.NONE),
            entry("GET /api/games/{id}", Scope.GAME_PLAY),
            entry("POST /api/games/{id}/seats/{seat}", Scope.GAME_PLAY),
            entry("POST /api/games/{id}/moves", Scope.GAME_PLAY),
            entry("GET /api/games/{id}/moves", Scope.GAME_PLAY),
            entry("GET /api/games/{id}/states/{n}", Scope.GAME_PLAY),
            entry("GET /api/games/{id}/timeline", Scope.GAME_PLAY),
            entry("GET /api/games/{id}/events", Scope.GAME_PLAY),
            entry("POST /api/games/{id}/stream-tickets", Scope.GAME_PLAY),
            entry("POST /api/games/{id}/cancel", Scope.GAME_PLAY),
            entry("POST /api/games/{id}/rematch", Scope.GAME_PLAY),
            entry("GET /api/games/{id}/hint", Scope.GAME_PLAY),
            entry("GET /api/games/{id}/record", Scope.NONE),
            entry("GET /api/games/{id}/analysis", Scope.NONE),
            entry("GET /api/lobby", Scope.NONE),
            entry("GET /api/lobby/events", Scope.NONE),
            // The daily deal: an attempt is a game of the player's.
            entry("GET /api/daily/{ruleset}", Scope.GAME_PLAY),
            entry("POST /api/daily/{ruleset}/attempts", Scope.GAME_PLAY),
            entry("GET /api/daily/{ruleset}/{day}", Scope.NONE),
            entry("GET /api/daily/{ruleset}/leaderboard", Scope.NONE),
            entry("GET /api/daily/{ruleset}/{day}/leaderboard", Scope.NONE),
            entry("GET /api/daily/{ruleset}/{day}/leaderboard/events", Scope.NONE));

    private static final Map<Method, String> OPERATIONS = new ConcurrentHashMap<>();

    private OperationScopes() {
    }

    /** The scope of operation {@code operation} ({@code "METHOD path"}), or empty when it has none here. */
    public static Optional<Scope> of(String operation) {
        return Optional.ofNullable(TABLE.get(operation));
    }

    /** Every operation in the table, with its scope. */
    public static Map<String, Scope> all() {
        return TABLE;
    }

    /**
     * The operation ({@code "METHOD path"}) that resource method {@code m} of {@code resource} serves: its
     * HTTP method and its class's and its own {@code @Path} joined.
     */
    static String operation(Class<?> resource, Method m) {
        return OPERATIONS.computeIfAbsent(m, k -> {
            String verb = k.isAnnotationPresent(GET.class) ? "GET" : k.isAnnotationPresent(POST.class) ? "POST"
                    : k.isAnnotationPresent(DELETE.class) ? "DELETE" : k.isAnnotationPresent(PUT.class) ? "PUT"
                    : k.isAnnotationPresent(HEAD.class) ? "HEAD" : "OTHER";
            return verb + " " + join(path(resource.getAnnotation(Path.class)), path(k.getAnnotation(Path.class)));
        });
    }

    private static String path(Path p) {
        if (p == null) {
            return "";
        }
        String v = p.value().trim();
        if (v.endsWith("/")) {
            v = v.substring(0, v.length() - 1);
        }
        return v.isEmpty() || v.startsWith("/") ? v : "/" + v;
    }

    private static String join(String a, String b) {
        String s = a + b;
        return s.isEmpty() ? "/" : s;
    }
}
