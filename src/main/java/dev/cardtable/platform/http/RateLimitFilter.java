package dev.cardtable.platform.http;

import dev.cardtable.platform.Failure;
import dev.cardtable.platform.db.ConnectionPool;
import dev.cardtable.platform.db.DatabaseOutage;
import dev.cardtable.platform.game.RegisteredPlayers;
import dev.cardtable.platform.http.RateLimits.Decision;
import dev.cardtable.platform.http.RateLimits.Route;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Refuses a client's request beyond its allowance on the limited routes (creating games, taking
 * seats, importing records, moving, challenging, seeking) with {@code 429 rate-limited} and {@code Retry-After}, before
 * the request is read or anything is changed. A client is its address: the connection's peer, or
 * the one {@code X-Forwarded-For}/{@code Forwarded} names only when
 * {@code quarkus.http.proxy.proxy-address-forwarding} is on (Quarkus then reports it as the remote
 * address). A request that carries a valid player key ({@code X-Player-Key}) is counted for its
 * player instead, whatever its address, so that players behind one address do not share an
 * allowance and a player's allowance survives rotating the key; an invalid key is counted for the
 * address (the request is then refused with {@code 401}). Registrations are always counted per
 * address. Runs after routing, on the worker thread, since a shared bucket is a database call.
 */
public class RateLimitFilter {

    private static final Logger LOG = Logger.getLogger(RateLimitFilter.class);

    private static final Pattern SEAT = Pattern.compile("/api/games/[^/]+/seats/[^/]+");
    private static final Pattern MOVE = Pattern.compile("/api/games/[^/]+/(moves|cancel)");
    private static final Pattern REMATCH = Pattern.compile("/api/games/[^/]+/rematch");
    private static final Pattern DAILY = Pattern.compile("/api/daily/[^/]+/attempts");

    @Inject
    RateLimits limits;

    @Inject
    RegisteredPlayers players;

    @Inject
    ConnectionPool pool;

    @ServerRequestFilter
    public Optional<Response> limit(ContainerRequestContext ctx, HttpServerRequest http) {
        if (!limits.enabled()) {
            return Optional.empty();
        }
        Route route = route(ctx.getMethod(), ctx.getUriInfo().getPath());
        if (route == null) {
            return Optional.empty();
        }
        String address = http.remoteAddress() == null ? "unknown" : http.remoteAddress().hostAddress();
        String key = route == Route.REGISTER ? null : ctx.getHeaderString(RegisteredPlayers.HEADER);
        Decision d;
        String by = "this address";
        try {
            Optional<java.util.UUID> player = players.playerOf(key);
            if (player.isPresent()) {
                by = "this player";
            }
            d = limits.take(route, player.map(p -> "player:" + p).orElse(address));
        } catch (RuntimeException e) {
            if (DatabaseOutage.causedBy(e)) {
                return Optional.of(ProblemMapper.unavailable(ctx.getMethod(), ctx.getUriInfo(), e, pool.busy(e), false));
            }
            // A limiter fault must not take the API down with it.
            LOG.warn("rate limit not checked for " + route.key() + ": " + e.getMessage(), e);
            return Optional.empty();
        }
        if (d.allowed()) {
            return Optional.empty();
        }
        Map<String, Object> ext = new LinkedHashMap<>();
        ext.put("limit", d.limit());
        ext.put("periodSeconds", limits.period().toSeconds());
        ext.put("retryAfter", d.retryAfterSec());
        String detail = "too many " + route.what() + " from " + by + ": at most " + d.limit() + " per "
                + limits.period().toSeconds() + " s; try again in " + d.retryAfterSec() + " s";
        return Optional.of(Response.fromResponse(ProblemMapper.problem(Failure.RATE_LIMITED, detail, ext, ctx.getUriInfo()))
                .header(HttpHeaders.RETRY_AFTER, d.retryAfterSec()).build());
    }

    /** The limited route a request is on, or null for an unlimited one. */
    static Route route(String method, String path) {
        if (!"POST".equals(method) || path == null) {
            return null;
        }
        String p = path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        if (p.equals("/api/players")) {
            return Route.REGISTER;
        }
        if (p.equals("/api/games") || REMATCH.matcher(p).matches() || DAILY.matcher(p).matches()) {
            return Route.CREATE;
        }
        if (p.equals("/api/games/import")) {
            return Route.IMPORT;
        }
        if (p.equals("/api/challenges")) {
            return Route.CHALLENGE;
        }
        if (p.equals("/api/seeks")) {
            return Route.SEEK;
        }
        if (MOVE.matcher(p).matches()) {
            return Route.MOVE;
        }
        if (SEAT.matcher(p).matches()) {
            return Route.SEAT;
        }
        return null;
    }
}
