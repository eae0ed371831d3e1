package dev.cardtable.platform.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.cardtable.engine.IllegalMove;
import dev.cardtable.engine.MalformedInput;
import dev.cardtable.engine.Unknown;
import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.db.ConnectionPool;
import dev.cardtable.platform.db.DatabaseOutage;
import dev.cardtable.platform.telemetry.Traces;
import jakarta.validation.ConstraintViolationException;
import jakarta.ws.rs.NotAcceptableException;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The one place errors become responses: RFC 9457 {@code application/problem+json} with a stable
 * {@code code} ({@code docs/api.md}, "Errors") and the request's {@code traceId}, by which its log
 * lines and spans are found. Bodies never carry a stack trace, an exception class name or SQL.
 */
public class ProblemMapper {

    /** The media type of every error body. */
    public static final String PROBLEM_JSON = "application/problem+json";

    private static final Logger LOG = Logger.getLogger(ProblemMapper.class);

    /** The seconds a client is told to wait ({@code Retry-After}) while the database is unreachable. */
    public static final String UNAVAILABLE_RETRY_AFTER = "cardtable.unavailable.retry-after";

    private static final Pattern MOVES = Pattern.compile("/api/games/[^/]+/moves/?");

    @jakarta.inject.Inject
    AllowedMethods allowed;

    @jakarta.inject.Inject
    ConnectionPool pool;

    @ServerExceptionMapper
    public Response game(GameException e, UriInfo uri) {
        Response r = problem(e.failure(), e.getMessage(), e.extensions(), uri);
        Object retryAfter = e.extensions().get("retryAfter");
        return retryAfter == null ? r : Response.fromResponse(r).header(HttpHeaders.RETRY_AFTER, retryAfter).build();
    }

    @ServerExceptionMapper
    public Response malformed(MalformedInput e, UriInfo uri) {
        return problem(Failure.MALFORMED_REQUEST, e.getMessage(), Map.of(), uri);
    }

    @ServerExceptionMapper
    public Response illegal(IllegalMove e, UriInfo uri) {
        return problem(Failure.ILLEGAL_MOVE, e.getMessage(), Map.of(), uri);
    }

    @ServerExceptionMapper
    public Response json(JsonProcessingException e, UriInfo uri) {
        return problem(Failure.MALFORMED_REQUEST, JsonDetail.of(e), Map.of(), uri);
    }

    // Jackson's own subtypes have built-in mappers; these closer matches keep every error a problem.
    @ServerExceptionMapper
    public Response mismatched(com.fasterxml.jackson.databind.exc.MismatchedInputException e, UriInfo uri) {
        if (e instanceof com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException u) {
            return problem(Failure.MALFORMED_REQUEST, Unknown.name("field", u.getPropertyName(),
                    u.getKnownPropertyIds().stream().map(String::valueOf).sorted().toList()), Map.of(), uri);
        }
        return json(e, uri);
    }

    @ServerExceptionMapper
    public Response unparsable(com.fasterxml.jackson.core.JsonParseException e, UriInfo uri) {
        return json(e, uri);
    }

    @ServerExceptionMapper
    public Response validation(ConstraintViolationException e, UriInfo uri) {
        String detail = e.getConstraintViolations().stream()
                .map(v -> lastNode(v.getPropertyPath().toString()) + ": " + v.getMessage())
                .sorted().collect(Collectors.joining("; "));
        return problem(Failure.MALFORMED_REQUEST, detail, Map.of(), uri);
    }

    @ServerExceptionMapper
    public Response web(WebApplicationException e, UriInfo uri) {
        Throwable cause = e.getCause();
        if (cause instanceof JsonProcessingException j) {
            return json(j, uri);
        }
        Failure f = switch (e) {
            case NotFoundException n -> Failure.NOT_FOUND;
            case NotAllowedException n -> Failure.METHOD_NOT_ALLOWED;
            case NotSupportedException n -> Failure.UNSUPPORTED_MEDIA_TYPE;
            case NotAcceptableException n -> Failure.NOT_ACCEPTABLE;
            default -> switch (e.getResponse().getStatus()) {
                case 400 -> Failure.MALFORMED_REQUEST;
                case 413 -> Failure.PAYLOAD_TOO_LARGE;
                default -> null;
            };
        };
        if (f == null) {
            LOG.warn("unmapped HTTP error " + e.getResponse().getStatus(), e);
            f = Failure.INTERNAL;
        }
        String detail = switch (f) {
            case NOT_FOUND -> "no such resource";
            case METHOD_NOT_ALLOWED -> "this method is not allowed on this resource";
            case UNSUPPORTED_MEDIA_TYPE -> "send the body as application/json";
            case NOT_ACCEPTABLE -> "this resource answers " + (uri != null && uri.getPath().endsWith("/events")
                    ? "text/event-stream" : "application/json");
            case PAYLOAD_TOO_LARGE -> "the body is too large";
            case MALFORMED_REQUEST -> "the request is malformed";
            default -> "the server could not handle this request";
        };
        Response problem = problem(f, detail, Map.of(), uri);
        if (f == Failure.METHOD_NOT_ALLOWED) {
            String allow = e.getResponse().getHeaderString("Allow");
            if (allow == null && uri != null) {
                allow = allowed.allow(uri.getPath()).orElse(null);
            }
            if (allow != null) {
                return Response.fromResponse(problem).header("Allow", allow).build();
            }
        }
        return problem;
    }

    @ServerExceptionMapper
    public Response unexpected(Throwable e, UriInfo uri, Request request) {
        Throwable outage = DatabaseOutage.find(e);
        if (outage != null) {
            String method = request == null ? null : request.getMethod();
            return unavailable(method, uri, outage, pool.busy(e), !"GET".equals(method) && !"HEAD".equals(method));
        }
        LOG.error("unexpected failure on " + (uri == null ? "?" : uri.getPath()), e);
        return problem(Failure.INTERNAL, "the server could not handle this request", Map.of(), uri);
    }

    /**
     * The answer when a request could not use the database, with {@code Retry-After}:
     * {@code 503 server-busy} when every connection of the pool was in use and none came free in
     * time ({@link ConnectionPool#busy}: the database is fine, the server is saturated), else
     * {@code 503 service-unavailable} (the database is unreachable, {@link DatabaseOutage}).
     *
     * <p>A busy pool gave the request no connection for the statement that failed, so a move (whose
     * writes are one statement or one transaction) was not applied: {@code "outcome":"not-applied"}.
     * In an outage, a request that could have changed something (any method but GET and HEAD) may
     * have been cut off before or after its transaction committed, so its outcome is unknown: the
     * body says so ({@code "outcome":"unknown"}) and, for a move, that retrying with the same
     * {@code Idempotency-Key} is safe, since the key is stored in the move's own transaction and a
     * retry of a committed move returns its first response.
     *
     * @param busy           whether the pool was saturated rather than the database unreachable
     * @param outcomeUnknown whether the request may have changed something before the failure
     */
    static Response unavailable(String method, UriInfo uri, Throwable cause, boolean busy, boolean outcomeUnknown) {
        String path = uri == null ? null : uri.getPath();
        boolean move = path != null && MOVES.matcher(path).matches();
        Throwable root = DatabaseOutage.find(cause);
        long retryAfter = retryAfterSeconds();
        Map<String, Object> extensions = new LinkedHashMap<>();
        String detail;
        if (busy) {
            LOG.debugf("no connection free in time on %s %s", method, path);
            if (move) {
                extensions.put("outcome", "not-applied");
                detail = "the server is busy: no database connection came free in time, so the move was not applied; "
                        + "send it again in " + retryAfter + " s";
            } else if (outcomeUnknown) {
                extensions.put("outcome", "unknown");
                detail = "the server is busy: no database connection came free in time, so the request may not "
                        + "have been completed; read the resource before sending it again in " + retryAfter + " s";
            } else {
                detail = "the server is busy: no database connection came free in time; try again in " + retryAfter + " s";
            }
        } else {
            LOG.warnf("database unreachable on %s %s: %s", method, path, (root == null ? cause : root).getMessage());
            if (!outcomeUnknown && move) {
                extensions.put("outcome", "not-applied");
                detail = "the database is unreachable, so the move was not applied; send it again in " + retryAfter + " s";
            } else if (!outcomeUnknown) {
                detail = "the database is unreachable and nothing was changed; try again in " + retryAfter + " s";
            } else {
                extensions.put("outcome", "unknown");
                if (move) {
                    detail = "the database became unreachable, so the move may or may not have been applied. "
                            + "Retrying it with the same Idempotency-Key is safe: if it was applied, the retry returns "
                            + "its first response and applies nothing twice. Without a key, read the game first.";
                } else {
                    detail = "the database became unreachable, so the request may or may not have been applied; "
                            + "read the resource before sending it again";
                }
            }
        }
        extensions.put("retryAfter", retryAfter);
        Failure failure = busy ? Failure.SERVER_BUSY : Failure.SERVICE_UNAVAILABLE;
        return Response.fromResponse(problem(failure, detail, extensions, uri))
                .header(HttpHeaders.RETRY_AFTER, retryAfter).build();
    }

    /** The seconds to wait before trying again while the database cannot be used ({@value #UNAVAILABLE_RETRY_AFTER}). */
    static long retryAfterSeconds() {
        return Math.max(1, ConfigProvider.getConfig()
                .getOptionalValue(UNAVAILABLE_RETRY_AFTER, Duration.class).orElse(Duration.ofSeconds(3)).toSeconds());
    }

    /** A problem response for {@code failure}. */
    public static Response problem(Failure failure, String detail, Map<String, Object> extensions, UriInfo uri) {
        Map<String, Object> body = body(failure, detail, extensions, uri == null ? null : uri.getRequestUri().getRawPath());
        Response.ResponseBuilder r = Response.status(failure.status()).type(PROBLEM_JSON).entity(body);
        if (failure == Failure.UNAUTHENTICATED) {
            r.header("WWW-Authenticate", "Bearer");
        }
        return r.build();
    }

    /**
     * The RFC 9457 members of a problem, plus {@code code}, {@code extensions} and the
     * {@code traceId} of the current request ({@link Traces#currentTraceId()}).
     */
    public static Map<String, Object> body(Failure failure, String detail, Map<String, Object> extensions, String path) {
        return body(failure, detail, extensions, path, Traces.currentTraceId());
    }

    /**
     * The RFC 9457 members of a problem, plus {@code code}, {@code extensions} and {@code traceId}
     * (32 lower-case hex digits: the W3C trace id of the request the problem answers).
     */
    public static Map<String, Object> body(Failure failure, String detail, Map<String, Object> extensions, String path,
                                           String traceId) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", "urn:cardtable:problem:" + failure.code());
        body.put("title", failure.title());
        body.put("status", failure.status());
        body.put("code", failure.code());
        body.put("detail", detail);
        if (path != null) {
            body.put("instance", path);
        }
        body.putAll(extensions);
        body.put("traceId", traceId);
        LOG.debugf("problem %d %s on %s", failure.status(), failure.code(), path);
        return body;
    }

    private static String lastNode(String path) {
        int dot = path.indexOf('.');
        return dot < 0 ? path : path.substring(dot + 1);
    }
}
