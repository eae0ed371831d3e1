package dev.cardtable.platform.http;

import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The headers every response carries, whoever answers it (a resource, the static web client, a
 * problem from the edge, a CORS preflight), added as its headers are written
 * (docs/api.md, "Security headers"):
 *
 * <ul>
 *   <li>{@code X-Content-Type-Options: nosniff}, {@code Referrer-Policy: no-referrer} and
 *       {@code X-Frame-Options: DENY} on every response;</li>
 *   <li>{@code Content-Security-Policy}: for the web client's files {@link #PAGE_POLICY} (scripts,
 *       styles, images and requests from the server itself only, no inline script or style, no
 *       framing); for the API {@link #API_POLICY} (a JSON answer loads nothing and is never
 *       framed). The bundled API explorer under {@code /q/} runs inline scripts, so it keeps only
 *       {@code frame-ancestors 'none'};</li>
 *   <li>CORS ({@code quarkus.http.cors.*}): an answer that a page may read depends on the
 *       request's {@code Origin}, so every response says {@code Vary: Origin}, and the opaque
 *       origin {@code null} (sandboxed frames, {@code file:} pages, some redirects) is never
 *       granted: its {@code Access-Control-Allow-*} headers are removed, so browsers keep such
 *       a page from reading the answer.</li>
 *   <li>Caching of the API ({@code /api/…}): what a request sees may depend on its credentials (a
 *       seat's view of a game, its log and positions, a player's challenges), so every API answer
 *       says {@code Vary: Authorization, X-Player-Key} too, and carries {@code Cache-Control:
 *       no-cache} (a cache asks again before reuse; the {@code ETag} makes that cheap), with
 *       {@code private} when the request carried either header or the session cookie: no shared
 *       cache keeps a seat's or a signed-in player's view.</li>
 *   <li>A {@code HEAD} answer has the {@code Content-Type} its {@code GET} would have.</li>
 * </ul>
 */
@ApplicationScoped
public class ResponseHeaders {

    /** The web client's policy: everything from the server itself, nothing inline, never framed. */
    static final String PAGE_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
            + "frame-ancestors 'none'";

    /** The API's policy: a JSON or event-stream answer loads nothing and is never framed. */
    static final String API_POLICY = "default-src 'none'; frame-ancestors 'none'";

    /** The tools under {@code /q/} (API explorer) bring their own inline scripts: only framing is refused. */
    static final String TOOLS_POLICY = "frame-ancestors 'none'";

    /** Router order: before every other route, so that even the edge's refusals carry the headers. */
    static final int ORDER = RequestText.ORDER - 20;

    void install(@Observes Router router) {
        router.route().order(ORDER).handler(ResponseHeaders::add);
    }

    static void add(RoutingContext ctx) {
        String path = ctx.request().path();
        MultiMap request = ctx.request().headers();
        String cookies = request.get(HttpHeaders.COOKIE);
        boolean credentials = request.contains(HttpHeaders.AUTHORIZATION) || request.contains("X-Player-Key")
                || cookies != null && cookies.contains(dev.cardtable.platform.game.PlayerSessions.COOKIE + "=");
        boolean head = ctx.request().method() == io.vertx.core.http.HttpMethod.HEAD;
        ctx.addHeadersEndHandler(v -> {
            write(ctx.response().headers(), path == null ? "" : path, credentials);
            if (head) {
                sameTypeAsGet(ctx.response().headers());
            }
        });
        ctx.next();
    }

    static void write(MultiMap headers, String path, boolean credentials) {
        headers.set("X-Content-Type-Options", "nosniff");
        headers.set("Referrer-Policy", "no-referrer");
        headers.set("X-Frame-Options", "DENY");
        headers.set("Content-Security-Policy", policy(path));
        String allowed = headers.get(HttpHeaders.ACCESS_CONTROL_ALLOW_ORIGIN);
        if ("null".equals(allowed)) {
            for (String name : headers.names().stream().toList()) {
                if (name.toLowerCase(Locale.ROOT).startsWith("access-control-")) {
                    headers.remove(name);
                }
            }
        }
        boolean api = path.equals("/api") || path.startsWith("/api/");
        vary(headers, "Origin");
        if (api) {
            vary(headers, "Authorization");
            vary(headers, "X-Player-Key");
            if (!headers.contains(HttpHeaders.CACHE_CONTROL)) {
                headers.set(HttpHeaders.CACHE_CONTROL, credentials ? "private, no-cache" : "no-cache");
            }
        }
    }

    /**
     * A {@code HEAD} answer's {@code Content-Type} as {@code GET}'s (RFC 9110 9.3.2): no body is
     * written, so JSON's charset, which the body's writer adds, is added here.
     */
    static void sameTypeAsGet(MultiMap headers) {
        if ("application/json".equalsIgnoreCase(headers.get(HttpHeaders.CONTENT_TYPE))) {
            headers.set(HttpHeaders.CONTENT_TYPE, "application/json;charset=UTF-8");
        }
    }

    /** Adds {@code name} to the response's {@code Vary} unless it names it already. */
    private static void vary(MultiMap headers, String name) {
        List<String> named = new ArrayList<>();
        for (String v : headers.getAll(HttpHeaders.VARY)) {
            for (String part : v.split(",")) {
                if (!part.isBlank()) {
                    named.add(part.trim());
                }
            }
        }
        if (named.stream().noneMatch(n -> n.equalsIgnoreCase(name) || n.equals("*"))) {
            named.add(name);
        }
        headers.set(HttpHeaders.VARY, String.join(", ", named));
    }

    /** The Content-Security-Policy for a request's path. */
    static String policy(String path) {
        if (path.equals("/api") || path.startsWith("/api/")) {
            return API_POLICY;
        }
        if (path.startsWith("/q/")) {
            return TOOLS_POLICY;
        }
        return PAGE_POLICY;
    }
}
