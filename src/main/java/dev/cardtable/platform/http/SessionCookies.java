package dev.cardtable.platform.http;

import dev.cardtable.platform.Failure;
import dev.cardtable.platform.game.PlayerSessions;
import dev.cardtable.platform.game.RegisteredPlayers;
import io.vertx.core.http.Cookie;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import java.util.Map;
import java.util.Set;

/**
 * The session cookie at the edge ({@code docs/api.md}, "Accounts and sessions"). An {@code /api}
 * request that carries the cookie and neither {@code X-Player-Key} nor {@code Authorization} is
 * a request of the session's player: its token is handed, marked with
 * {@link PlayerSessions#PREFIX}, to the one check of a player's credential
 * ({@link RegisteredPlayers#holder}) as the {@code X-Player-Key} would be, so that every operation
 * that takes the key takes the session too, and an unknown, ended or expired session is refused
 * there with {@code 401 session-invalid}.
 *
 * <p>A cookie is sent by the browser whichever page asks, so such a request that may change
 * anything (any method but {@code GET}, {@code HEAD} and {@code OPTIONS}) must come from this
 * server's own pages: its {@code Origin} must be this server's origin, or, without an
 * {@code Origin}, its {@code Sec-Fetch-Site} must be {@code same-origin}; otherwise it is refused,
 * before anything is read or changed, with {@code 403 cross-site-request}. Signing in
 * ({@code POST /api/sessions}, with a password or a passkey) with a foreign {@code Origin}, or
 * without one with a {@code Sec-Fetch-Site} other than {@code same-origin}, is refused the same
 * way, so that no other site can sign a browser in to its own account; a program that sends
 * neither header signs in.
 *
 * <p>The server's origin is {@link ServerOrigin}'s.
 */
public class SessionCookies {

    private static final Set<String> SAFE = Set.of("GET", "HEAD", "OPTIONS");

    @Inject
    ServerOrigin origin;

    /**
     * Before routing and before the rate limits count the request (so that it is counted for its
     * player): refuses a forged marker and a cross-site request, and marks the session's token.
     */
    @ServerRequestFilter(preMatching = true, priority = Priorities.AUTHENTICATION)
    public Response session(ContainerRequestContext ctx, HttpServerRequest http) {
        String path = ctx.getUriInfo().getPath();
        if (path == null || !(path.equals("/api") || path.startsWith("/api/"))) {
            return null;
        }
        String key = ctx.getHeaderString(RegisteredPlayers.HEADER);
        if (PlayerSessions.isSession(key)) {
            return ProblemMapper.problem(Failure.PLAYER_KEY_INVALID, "that is not a player key: a session is sent "
                    + "as its cookie", Map.of(), ctx.getUriInfo());
        }
        boolean signIn = "POST".equals(ctx.getMethod()) && (path.equals("/api/sessions") || path.equals("/api/sessions/")
                || path.startsWith("/api/sessions/passkey"));
        if (signIn) {
            // A program signing in sends neither header; a browser on another site's page sends one.
            boolean fromElsewhere = ctx.getHeaderString("Origin") != null || ctx.getHeaderString("Sec-Fetch-Site") != null;
            return !fromElsewhere || sameOrigin(ctx, http) ? null : crossSite(ctx, "a sign-in from a page must come from this "
                    + "server's own pages: " + why(ctx));
        }
        Cookie cookie = http.getCookie(PlayerSessions.COOKIE);
        if (cookie == null || cookie.getValue().isBlank() || key != null
                || ctx.getHeaderString("Authorization") != null) {
            return null;
        }
        if (!SAFE.contains(ctx.getMethod()) && !sameOrigin(ctx, http)) {
            return crossSite(ctx, "a request signed in by the session cookie that may change something must come from "
                    + "this server's own pages: " + why(ctx));
        }
        ctx.getHeaders().putSingle(RegisteredPlayers.HEADER, PlayerSessions.PREFIX + cookie.getValue().trim());
        return null;
    }

    private boolean sameOrigin(ContainerRequestContext ctx, HttpServerRequest http) {
        String from = ctx.getHeaderString("Origin");
        if (from != null) {
            return from.equalsIgnoreCase(origin.of(http));
        }
        return "same-origin".equalsIgnoreCase(ctx.getHeaderString("Sec-Fetch-Site"));
    }

    /** Why a request is not known to come from this server's pages, for the problem's detail. */
    private static String why(ContainerRequestContext ctx) {
        if (ctx.getHeaderString("Origin") != null) {
            return "its Origin names another site";
        }
        String site = ctx.getHeaderString("Sec-Fetch-Site");
        return site == null ? "it names no Origin and no Sec-Fetch-Site" : "its Sec-Fetch-Site is not same-origin";
    }

    private static Response crossSite(ContainerRequestContext ctx, String detail) {
        return ProblemMapper.problem(Failure.CROSS_SITE_REQUEST, detail, Map.of(), ctx.getUriInfo());
    }
}
