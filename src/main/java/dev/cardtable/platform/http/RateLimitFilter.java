package dev.cardtable.platform.http;

import dev.cardtable.platform.Credentials;
import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.db.ConnectionPool;
import dev.cardtable.platform.db.DatabaseOutage;
import dev.cardtable.platform.game.PlayerRow;
import dev.cardtable.platform.game.RegisteredPlayers;
import dev.cardtable.platform.http.RateLimits.Decision;
import dev.cardtable.platform.http.RateLimits.Route;
import dev.cardtable.platform.http.RateLimits.Tier;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

/**
 * Counts every {@code /api} request against its client's budget, weighted by what it costs
 * ({@link #cost}), and the limited routes (creating games, taking seats, importing records,
 * moving, registering, challenging, seeking) against their own allowances too; past either the request is refused with
 * {@code 429 rate-limited}, {@code Retry-After} and the limit's name ({@code limitName}), before it
 * is read or anything is changed ({@code docs/operations.md}, "Fair share").
 *
 * <p>A client is its address: the connection's peer, or the one {@code X-Forwarded-For}/
 * {@code Forwarded} names only when {@code quarkus.http.proxy.proxy-address-forwarding} is on
 * (Quarkus then reports it as the remote address). A request that carries a valid player key
 * ({@code X-Player-Key}) is counted for its player instead, whatever its address, with the
 * player's (or a bot's) larger budget, so that players behind one address do not share an
 * allowance and a player's allowance survives rotating the key; an invalid key is counted for the
 * address (the request is then refused with {@code 401}). Registrations are always counted per
 * address.
 *
 * <p>Once a client is refused, its requests are refused from memory until the refused one could
 * pass (and for at least {@code refusal-delay}), before routing and on the I/O thread
 * ({@link #refuseKnown}), each answer held back for {@code refusal-delay} on a timer, so that a
 * flood costs no database call and no worker thread. Otherwise the check runs after routing, on
 * the worker thread, since a shared bucket is a database call.
 */
public class RateLimitFilter {

    private static final Logger LOG = Logger.getLogger(RateLimitFilter.class);

    private static final Pattern SEAT = Pattern.compile("/api/games/[^/]+/seats/[^/]+");
    private static final Pattern MOVE = Pattern.compile("/api/games/[^/]+/(moves|cancel)");
    private static final Pattern REMATCH = Pattern.compile("/api/games/[^/]+/rematch");
    private static final Pattern DAILY = Pattern.compile("/api/daily/[^/]+/attempts");
    private static final Pattern HINT = Pattern.compile("/api/games/[^/]+/hint");
    private static final Pattern ANALYSIS = Pattern.compile("/api/games/[^/]+/analysis");
    private static final Pattern TICKET = Pattern.compile("/api/games/[^/]+/stream-tickets");

    /** How long a player key's holder is remembered for counting (the key itself is checked on use). */
    private static final long KEY_TTL_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static final int KEYS_KEPT = 10_000;
    /** At most this many refusals are held back at once; past it they are answered at once. */
    private static final int MAX_HELD = 10_000;
    private static final Uni<Response> CONTINUE = Uni.createFrom().nullItem();

    @Inject
    RateLimits limits;

    @Inject
    RegisteredPlayers players;

    @Inject
    ConnectionPool pool;

    @Inject
    Caller caller;

    /** Who a client is counted as. */
    private record Who(String client, Tier tier, String by) {
    }

    /** A player key's holder as last looked up (null: the key opens nothing). */
    private record Holder(PlayerRow player, long expiresNanos) {
    }

    private final Map<String, Holder> holders = new ConcurrentHashMap<>();
    private final AtomicInteger held = new AtomicInteger();

    /**
     * Before routing, on the I/O thread: refuses a client whose budget (or the joint budget of all
     * addresses, or the route's allowance) is known to be empty, from memory alone, and holds the
     * answer back for {@code refusal-delay} without holding a thread, so that a client that does not
     * wait its {@code Retry-After} sends few requests.
     */
    @ServerRequestFilter(preMatching = true)
    public Uni<Response> refuseKnown(ContainerRequestContext ctx, HttpServerRequest http) {
        if (!limits.enabled() || !api(ctx.getUriInfo().getPath()) || "OPTIONS".equals(ctx.getMethod())) {
            return CONTINUE;
        }
        String key = ctx.getHeaderString(RegisteredPlayers.HEADER);
        Route route = route(ctx.getMethod(), ctx.getUriInfo().getPath());
        String client;
        String by;
        if (key == null || key.isBlank() || route == Route.REGISTER) {
            client = "address:" + address(http);
            by = "this address";
        } else {
            Holder h = holders.get(Credentials.hash(key.trim()));
            if (h == null || h.expiresNanos() - System.nanoTime() < 0) {
                return CONTINUE; // not known yet: the worker looks it up
            }
            client = h.player() == null ? "address:" + address(http) : "player:" + h.player().id();
            by = h.player() == null ? "this address" : "this player";
        }
        Decision d = limits.refusedNow(client, route);
        if (d == null) {
            return CONTINUE;
        }
        Response refusal = limits.refusal(d, route == null ? "requests" : route.what(), by, ctx.getUriInfo());
        Duration delay = limits.refusalDelay(d);
        if (delay.isZero() || delay.isNegative()) {
            return Uni.createFrom().item(refusal);
        }
        if (held.incrementAndGet() > MAX_HELD) {
            held.decrementAndGet();
            return Uni.createFrom().item(refusal);
        }
        return Uni.createFrom().item(refusal).onItem().delayIt().by(delay)
                .onTermination().invoke(held::decrementAndGet);
    }

    @ServerRequestFilter
    public Optional<Response> limit(ContainerRequestContext ctx, HttpServerRequest http) {
        if (!limits.enabled()) {
            return Optional.empty();
        }
        String method = ctx.getMethod();
        String path = ctx.getUriInfo().getPath();
        long cost = cost(method, path, ctx.getUriInfo().getQueryParameters(), limits.weights());
        Route route = route(method, path);
        if (cost == 0 && route == null) {
            return Optional.empty();
        }
        Who who;
        Decision d;
        try {
            who = who(route == Route.REGISTER ? null : ctx.getHeaderString(RegisteredPlayers.HEADER), address(http));
            caller.counted(who.client(), who.by(), who.tier());
            d = cost == 0 ? null : limits.spend(who.client(), who.tier(), cost);
            if ((d == null || d.allowed()) && route != null) {
                d = limits.take(route, who.client());
            }
        } catch (RuntimeException e) {
            if (DatabaseOutage.causedBy(e)) {
                return Optional.of(ProblemMapper.unavailable(method, ctx.getUriInfo(), e, pool.busy(e), false));
            }
            // A limiter fault must not take the API down with it.
            LOG.warn("rate limit not checked for " + method + " " + path + ": " + e.getMessage(), e);
            return Optional.empty();
        }
        if (d == null || d.allowed()) {
            return Optional.empty();
        }
        return Optional.of(limits.refusal(d, route != null && d.name().equals(route.key()) ? route.what() : "requests",
                who.by(), ctx.getUriInfo()));
    }

    private static String address(HttpServerRequest http) {
        return http.remoteAddress() == null ? "unknown" : http.remoteAddress().hostAddress();
    }

    /** The client of a request with player key {@code key} (or null) from {@code address}. */
    private Who who(String key, String address) {
        if (key == null || key.isBlank()) {
            return new Who("address:" + address, Tier.ADDRESS, "this address");
        }
        String hash = Credentials.hash(key.trim());
        long now = System.nanoTime();
        Holder h = holders.get(hash);
        if (h == null || h.expiresNanos() - now < 0) {
            PlayerRow player;
            try {
                player = QuarkusTransaction.requiringNew().call(() -> players.holder(key)).orElse(null);
            } catch (GameException e) {
                player = null; // a key that opens nothing: refused later, with 401
            }
            if (holders.size() >= KEYS_KEPT) {
                holders.clear();
            }
            h = new Holder(player, now + KEY_TTL_NANOS);
            holders.put(hash, h);
        }
        if (h.player() == null) {
            return new Who("address:" + address, Tier.ADDRESS, "this address");
        }
        return new Who("player:" + h.player().id(), limits.bot(h.player().name()) ? Tier.BOT : Tier.PLAYER, "this player");
    }

    private static boolean api(String path) {
        return path != null && (path.equals("/api") || path.startsWith("/api/"));
    }

    private static boolean isRegister(String method, String path) {
        return route(method, path) == Route.REGISTER;
    }

    /**
     * What a request costs from its client's budget, in tokens: 0 for anything outside
     * {@code /api} and for {@code OPTIONS}.
     */
    static long cost(String method, String path, MultivaluedMap<String, String> query, RateLimitConfig.Weights w) {
        if (!api(path) || "OPTIONS".equals(method)) {
            return 0;
        }
        String p = path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        if ("GET".equals(method) || "HEAD".equals(method)) {
            if (HINT.matcher(p).matches()) {
                return w.hint();
            }
            if (ANALYSIS.matcher(p).matches()) {
                return w.analysis();
            }
            if (p.equals("/api/games") && query != null
                    && query.keySet().stream().anyMatch(k -> !k.equals("limit") && !k.equals("cursor"))) {
                return w.history();
            }
            return w.read();
        }
        if ("POST".equals(method)) {
            if (TICKET.matcher(p).matches()) {
                return w.ticket();
            }
            Route r = route(method, p);
            if (r != null) {
                return switch (r) {
                    case CREATE, ARENA -> w.create();
                    case SEAT -> w.seat();
                    case IMPORT -> w.importRecord();
                    case MOVE -> w.move();
                    case REGISTER -> w.register();
                    case CHALLENGE, SEEK, SIGN_IN, SIGN_IN_NAME -> w.write();
                };
            }
        }
        return w.write();
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
        if (p.equals("/api/arenas")) {
            return Route.ARENA;
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
