package dev.cardtable.platform.http;

import dev.cardtable.platform.Failure;
import dev.cardtable.platform.game.PlayerTokens;
import dev.cardtable.platform.game.RegisteredPlayers;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import java.util.Map;
import java.util.Optional;

/**
 * Scoped tokens at the edge ({@code docs/api.md}, "Tokens and OAuth"). An {@code /api} request
 * whose {@code Authorization} is {@code Bearer <token>} with a token's prefix, on anything but a
 * seat token's length ({@link PlayerTokens#meantAsToken}), is a request of the token's player: before routing, the
 * token is handed, marked with {@link PlayerTokens#PREFIX}, to the one check of a player's
 * credential ({@link RegisteredPlayers#holder}) as the {@code X-Player-Key} would be, so that every
 * operation that takes the key takes the token too; a client that sends that mark itself is
 * refused with {@code 401 player-key-invalid}.
 *
 * <p>After routing, the token must hold the operation's scope ({@link OperationScopes}): a token
 * that is unknown, revoked or expired is refused with {@code 401 token-invalid}, and one without
 * the scope with {@code 403 scope-missing}, whose {@code scope} member names the scope needed
 * ({@code player-key} for an operation no token may call), before anything is read or changed.
 */
public class AccessTokens {

    @Inject
    PlayerTokens tokens;

    /** Before routing, after the session cookie ({@link SessionCookies}): marks a bearer token. */
    @ServerRequestFilter(preMatching = true, priority = Priorities.AUTHENTICATION + 1)
    public Response mark(ContainerRequestContext ctx) {
        String path = ctx.getUriInfo().getPath();
        if (path == null || !(path.equals("/api") || path.startsWith("/api/"))) {
            return null;
        }
        if (PlayerTokens.isToken(ctx.getHeaderString(RegisteredPlayers.HEADER))) {
            return ProblemMapper.problem(Failure.PLAYER_KEY_INVALID, "that is not a player key: a token is sent as "
                    + "'Authorization: Bearer <token>'", Map.of(), ctx.getUriInfo());
        }
        String bearer = AuthorizationHeader.bearer(ctx.getHeaderString(HttpHeaders.AUTHORIZATION));
        if (PlayerTokens.meantAsToken(bearer)) {
            ctx.getHeaders().remove(HttpHeaders.AUTHORIZATION);
            ctx.getHeaders().putSingle(RegisteredPlayers.HEADER, PlayerTokens.PREFIX + bearer);
        }
        return null;
    }

    /** After routing, before the request budget is spent: the token must hold the operation's scope. */
    @ServerRequestFilter(priority = Priorities.AUTHORIZATION)
    public Optional<Response> scope(ContainerRequestContext ctx, ResourceInfo resource) {
        String key = ctx.getHeaderString(RegisteredPlayers.HEADER);
        if (!PlayerTokens.isToken(key) || resource.getResourceMethod() == null) {
            return Optional.empty();
        }
        String operation = OperationScopes.operation(resource.getResourceClass(), resource.getResourceMethod());
        Scope needed = OperationScopes.of(operation).orElse(Scope.PLAYER_KEY);
        Optional<PlayerTokens.Grant> grant = tokens.grant(key.substring(PlayerTokens.PREFIX.length()));
        if (grant.isEmpty()) {
            return Optional.of(ProblemMapper.problem(Failure.TOKEN_INVALID, "the token is unknown, revoked or expired",
                    Map.of(), ctx.getUriInfo()));
        }
        if (needed == Scope.NONE || grant.get().scopes().contains(needed.text())) {
            return Optional.empty();
        }
        String detail = needed == Scope.PLAYER_KEY
                ? operation + " needs the player key or a signed-in session: no token may call it"
                : operation + " needs a token with scope '" + needed.text() + "'";
        return Optional.of(ProblemMapper.problem(Failure.SCOPE_MISSING, detail, Map.of("scope", needed.text()),
                ctx.getUriInfo()));
    }
}
