package dev.cardtable.platform.http;

import dev.cardtable.platform.Failure;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.util.Map;

/**
 * Errors raised below the REST layer, by the HTTP router itself or by the edge handlers
 * ({@link RequestText}, {@link TransportLimits}), answered with the same
 * {@code application/problem+json} bodies as {@link ProblemMapper}: a path the router cannot
 * route, a failure inside a route, a limit. Nothing the router sends is a bare status.
 */
@ApplicationScoped
public class EdgeProblems {

    private static final Logger LOG = Logger.getLogger(EdgeProblems.class);

    /** The statuses the router may produce on its own, each answered as a problem. */
    private static final int[] ROUTER_STATUSES = {400, 401, 403, 404, 405, 406, 413, 414, 415, 431, 500, 501, 503};

    void install(@Observes Router router) {
        router.route().order(RequestText.ORDER - 10).failureHandler(EdgeProblems::failed);
        for (int status : ROUTER_STATUSES) {
            router.errorHandler(status, EdgeProblems::failed);
        }
    }

    /** A failed routing context: its status (500 when it has none) as a problem. */
    static void failed(RoutingContext ctx) {
        HttpServerResponse response = ctx.response();
        if (response.ended() || response.closed()) {
            return;
        }
        if (response.headWritten()) {
            // Part of another answer is out already; the client can only learn of the failure by the cut.
            ctx.request().connection().close();
            return;
        }
        int status = ctx.statusCode() > 0 ? ctx.statusCode() : 500;
        Failure failure = forStatus(status);
        if (failure == Failure.INTERNAL && ctx.failure() != null) {
            LOG.error("unexpected failure on " + ctx.request().path(), ctx.failure());
        }
        send(ctx, failure, detail(failure), Map.of(), Connection.KEEP);
    }

    /** What becomes of the connection after a problem. */
    enum Connection {
        /** Kept for the next request. */
        KEEP,
        /** Closed as soon as the problem is sent (the request's body will not be read). */
        CLOSE,
        /** Announced as closing ({@code Connection: close}); the caller closes it. */
        CLOSING
    }

    /**
     * Refuses a request before its body is read: answers the problem with {@code Connection:
     * close}, then drops what is left of the body and closes the connection once the client has
     * stopped sending (or after {@link #DRAIN_BYTES} more bytes or {@link #DRAIN_MILLIS}).
     * Closing while the client still sends would reset the connection, and the client might
     * never read the answer. A request without a body keeps its connection; a client that asked
     * {@code Expect: 100-continue} sends no body, so its connection is closed at once.
     */
    static void refuse(RoutingContext ctx, Failure failure, String detail, Map<String, Object> extensions) {
        HttpServerRequest req = ctx.request();
        if (!hasUnreadBody(req)) {
            send(ctx, failure, detail, extensions, Connection.KEEP);
            return;
        }
        if ("100-continue".equalsIgnoreCase(req.getHeader(HttpHeaders.EXPECT))) {
            send(ctx, failure, detail, extensions, Connection.CLOSE);
            return;
        }
        send(ctx, failure, detail, extensions, Connection.CLOSING);
        drainThenClose(ctx);
    }

    /** Drops the rest of the request's body, then closes the connection (the answer is out already). */
    static void drainThenClose(RoutingContext ctx) {
        HttpServerRequest req = ctx.request();
        long[] drained = {0};
        long timer = ctx.vertx().setTimer(DRAIN_MILLIS, id -> req.connection().close());
        req.handler(chunk -> {
            drained[0] += chunk.length();
            if (drained[0] > DRAIN_BYTES) {
                req.connection().close();
            }
        });
        req.endHandler(v -> {
            ctx.vertx().cancelTimer(timer);
            req.connection().close();
        });
        req.exceptionHandler(e -> req.connection().close());
        req.resume();
    }

    /** Whether the request comes with a body that nobody has read yet (its connection cannot be reused unread). */
    static boolean hasUnreadBody(HttpServerRequest req) {
        if (req.isEnded()) {
            return false;
        }
        String length = req.getHeader(HttpHeaders.CONTENT_LENGTH);
        return req.headers().contains(HttpHeaders.TRANSFER_ENCODING) || length != null && !length.trim().equals("0");
    }

    /** After a refusal, how much more of the body is read (and dropped) before the connection is closed. */
    static final long DRAIN_BYTES = 4L << 20;

    /** After a refusal, how long the client has to finish sending before the connection is closed. */
    static final long DRAIN_MILLIS = 5_000;

    /** Ends {@code ctx}'s response with a problem for {@code failure}, then treats the connection as {@code after} says. */
    static void send(RoutingContext ctx, Failure failure, String detail, Map<String, Object> extensions, Connection after) {
        HttpServerResponse response = ctx.response();
        String path = ctx.request().path();
        Map<String, Object> body = ProblemMapper.body(failure, detail, extensions, path == null ? null : safePath(path));
        response.setStatusCode(failure.status());
        response.headers().clear();
        response.putHeader(HttpHeaders.CONTENT_TYPE, ProblemMapper.PROBLEM_JSON);
        if (failure == Failure.UNAUTHENTICATED) {
            response.putHeader("WWW-Authenticate", "Bearer");
        }
        if (failure == Failure.UNSUPPORTED_MEDIA_TYPE) {
            // The content codings a request body may have (RFC 9110, section 12.5.3): none.
            response.putHeader(HttpHeaders.ACCEPT_ENCODING, "identity");
        }
        if (after != Connection.KEEP) {
            response.putHeader(HttpHeaders.CONNECTION, "close");
        }
        if (after == Connection.CLOSE) {
            response.endHandler(v -> ctx.request().connection().close());
        }
        response.end(new JsonObject(body).encode());
    }

    /** The problem a router status stands for; a status of no API failure is an internal error. */
    static Failure forStatus(int status) {
        return switch (status) {
            case 400 -> Failure.MALFORMED_REQUEST;
            case 401 -> Failure.UNAUTHENTICATED;
            case 403, 404 -> Failure.NOT_FOUND;
            case 405 -> Failure.METHOD_NOT_ALLOWED;
            case 406 -> Failure.NOT_ACCEPTABLE;
            case 413 -> Failure.PAYLOAD_TOO_LARGE;
            case 414 -> Failure.URI_TOO_LONG;
            case 415 -> Failure.UNSUPPORTED_MEDIA_TYPE;
            case 431 -> Failure.HEADERS_TOO_LARGE;
            default -> Failure.INTERNAL;
        };
    }

    private static String detail(Failure f) {
        return switch (f) {
            case MALFORMED_REQUEST -> "the request is malformed";
            case UNAUTHENTICATED -> "a valid token is required";
            case NOT_FOUND -> "no such resource";
            case METHOD_NOT_ALLOWED -> "this method is not allowed on this resource";
            case NOT_ACCEPTABLE -> "this resource answers application/json";
            case PAYLOAD_TOO_LARGE -> "the body is too large";
            case URI_TOO_LONG -> "the request target is too long";
            case UNSUPPORTED_MEDIA_TYPE -> "send the body as application/json";
            case HEADERS_TOO_LARGE -> "the request headers are too large";
            default -> "the server could not handle this request";
        };
    }

    /** The path as sent, if it is text the problem can carry; else nothing is echoed. */
    private static String safePath(String path) {
        return RequestText.isPrintableAscii(path) ? path : null;
    }
}
