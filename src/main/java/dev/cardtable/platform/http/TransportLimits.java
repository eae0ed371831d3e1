package dev.cardtable.platform.http;

import dev.cardtable.platform.Failure;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.MediaType;

import java.util.Map;

/**
 * The API's size limits, each answered with a problem ({@link EdgeProblems}) however the request
 * is sent:
 *
 * <ul>
 *   <li>the request line ({@code cardtable.http.max-request-line-bytes}): {@code 414 uri-too-long};</li>
 *   <li>the header section ({@code cardtable.http.max-header-bytes}): {@code 431 headers-too-large};</li>
 *   <li>the body: {@code cardtable.http.max-record-bytes} for a record import, else
 *       {@code cardtable.http.max-body-bytes}: {@code 413 payload-too-large} with the limit as
 *       {@code limit}.</li>
 * </ul>
 *
 * A body is counted as it arrives, so a chunked body (no {@code Content-Length}) meets the same
 * limit as a declared one; a declared length over the limit is refused before any of the body is
 * read. A body is JSON ({@code application/json}, in UTF-8), or an HTML form for the OAuth token
 * and revocation endpoints ({@link #FORM_PATHS}); any other type is {@code 415}. The body is then
 * handed to the REST layer already read. After a 413 the rest of the body
 * is dropped and the connection is closed ({@link EdgeProblems#refuse}).
 *
 * <p>The HTTP codec's own limits ({@code quarkus.http.limits.max-initial-line-length},
 * {@code max-header-size}) are set well above these, so that the codec's bare error statuses are
 * met only by requests far beyond the API's limits.
 */
@ApplicationScoped
public class TransportLimits {

    /** Router order: right after {@link RequestText}. */
    static final int ORDER = RequestText.ORDER + 10;

    /**
     * A media type as RFC 9110 (section 8.3.1) writes one: {@code type/subtype}, then parameters,
     * each {@code name=value} with a token or a quoted string for the value (empty ones allowed).
     */
    private static final java.util.regex.Pattern MEDIA_TYPE;

    static {
        String token = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
        String quoted = "\"(?:[^\"\\\\]|\\\\.)*\"";
        MEDIA_TYPE = java.util.regex.Pattern.compile("[ \t]*" + token + "/" + token
                + "(?:[ \t]*;[ \t]*(?:" + token + "=(?:" + token + "|" + quoted + "))?)*[ \t]*");
    }

    /**
     * The operations whose body is an HTML form ({@code application/x-www-form-urlencoded}), as
     * OAuth 2.0 says (RFC 6749 4.1.3, RFC 7009 2.1); every other body is JSON.
     */
    static final java.util.Set<String> FORM_PATHS = java.util.Set.of("/api/oauth/token", "/api/oauth/revoke");

    private final long maxBody;
    private final long maxRecord;
    private final long maxRequestLine;
    private final long maxHeaders;

    @Inject
    TransportLimits(LimitsConfig limits) {
        maxBody = limits.maxBodyBytes();
        maxRecord = limits.maxRecordBytes();
        maxRequestLine = limits.maxRequestLineBytes();
        maxHeaders = limits.maxHeaderBytes();
    }

    void install(@Observes Router router) {
        router.route().order(ORDER).handler(this::limit);
    }

    void limit(RoutingContext ctx) {
        HttpServerRequest req = ctx.request();
        long line = req.method().name().length() + 1L + req.uri().length() + 1L + 8;
        if (line > maxRequestLine) {
            refuse(ctx, Failure.URI_TOO_LONG, "the request line is " + line + " bytes; the limit is " + maxRequestLine,
                    maxRequestLine);
            return;
        }
        long headers = 0;
        for (Map.Entry<String, String> h : req.headers()) {
            headers += h.getKey().length() + 2L + h.getValue().length() + 2L;
        }
        if (headers > maxHeaders) {
            refuse(ctx, Failure.HEADERS_TOO_LARGE, "the headers are " + headers + " bytes; the limit is " + maxHeaders,
                    maxHeaders);
            return;
        }
        long limit = ctx.normalizedPath().endsWith("/games/import") ? maxRecord : maxBody;
        String length = req.getHeader(HttpHeaders.CONTENT_LENGTH);
        long declared = -1;
        if (length != null) {
            try {
                declared = Long.parseLong(length.trim());
            } catch (NumberFormatException e) {
                declared = -2;
            }
            if (declared < 0) {
                EdgeProblems.send(ctx, Failure.MALFORMED_REQUEST, "Content-Length is not a number", Map.of(),
                        EdgeProblems.Connection.CLOSE);
                return;
            }
        }
        if (declared > limit) {
            refuse(ctx, Failure.PAYLOAD_TOO_LARGE, "the body is " + declared + " bytes; the limit is " + limit, limit);
            return;
        }
        boolean chunked = req.headers().contains(HttpHeaders.TRANSFER_ENCODING);
        if (req.isEnded() || declared <= 0 && !chunked) {
            ctx.next();
            return;
        }
        if (req.getHeader(HttpHeaders.CONTENT_TYPE) == null) {
            // The REST layer would take a body without a type for any type; the API reads only JSON.
            EdgeProblems.refuse(ctx, Failure.UNSUPPORTED_MEDIA_TYPE,
                    "a request body needs 'Content-Type: application/json'", Map.of());
            return;
        }
        if (req.headers().getAll(HttpHeaders.CONTENT_TYPE).size() > 1) {
            EdgeProblems.refuse(ctx, Failure.MALFORMED_REQUEST, "send one 'Content-Type' header, not several", Map.of());
            return;
        }
        String raw = req.getHeader(HttpHeaders.CONTENT_TYPE);
        MediaType type;
        try {
            // The REST layer's own parser (RFC 9110, section 8.3.1), so both read a type alike.
            type = MediaType.valueOf(raw);
        } catch (IllegalArgumentException e) {
            EdgeProblems.refuse(ctx, Failure.UNSUPPORTED_MEDIA_TYPE, "a request body needs 'Content-Type: application/json', "
                    + "and '" + raw.strip() + "' is not a media type", Map.of());
            return;
        }
        boolean form = FORM_PATHS.contains(ctx.normalizedPath()) && type.getType().equalsIgnoreCase("application")
                && type.getSubtype().equalsIgnoreCase("x-www-form-urlencoded");
        if (!form && (!type.getType().equalsIgnoreCase("application") || !type.getSubtype().equalsIgnoreCase("json"))) {
            // A wildcard such as */* names no type: the REST layer would match it to JSON.
            EdgeProblems.refuse(ctx, Failure.UNSUPPORTED_MEDIA_TYPE, "a request body needs 'Content-Type: application/json', "
                    + "not '" + type.getType() + "/" + type.getSubtype() + "'", Map.of());
            return;
        }
        String charset = null;
        for (Map.Entry<String, String> p : type.getParameters().entrySet()) {
            if (p.getKey().equalsIgnoreCase("charset")) {
                charset = p.getValue();
            }
        }
        // A form is percent-encoded ASCII, its values UTF-8 whatever charset it names (RFC 6749, appendix B).
        if (!form && charset != null && !charset.equalsIgnoreCase("utf-8") && !charset.equalsIgnoreCase("utf8")) {
            // JSON is UTF-8 (RFC 8259, section 8.1): another charset would be read as UTF-8 anyway.
            EdgeProblems.refuse(ctx, Failure.UNSUPPORTED_MEDIA_TYPE, "the body must be JSON in UTF-8, not "
                    + (charset.isBlank() ? "a charset without a name" : "'" + charset + "'") + ": send 'Content-Type: application/json' without a charset, or with charset=utf-8", Map.of());
            return;
        }
        if (!MEDIA_TYPE.matcher(raw).matches()) {
            // The REST layer's parser lets a parameter without a value pass; RFC 9110 does not.
            EdgeProblems.refuse(ctx, Failure.UNSUPPORTED_MEDIA_TYPE, "a request body needs 'Content-Type: application/json', "
                    + "and '" + raw.strip() + "' is not a media type (each parameter is name=value)", Map.of());
            return;
        }
        // Every Content-Encoding header, each a list of codings (RFC 9110, section 8.4).
        for (String codings : req.headers().getAll(HttpHeaders.CONTENT_ENCODING)) {
            for (String coding : codings.split(",")) {
                if (!coding.isBlank() && !coding.trim().equalsIgnoreCase("identity")) {
                    // Request bodies are small and are read as they are sent (RFC 9110, section 15.5.16).
                    EdgeProblems.refuse(ctx, Failure.UNSUPPORTED_MEDIA_TYPE, "the body must be sent without a content coding, "
                            + "not '" + coding.trim() + "': leave out 'Content-Encoding'", Map.of());
                    return;
                }
            }
        }
        readBody(ctx, limit, declared);
    }

    /** Reads the whole body, counting; over {@code limit} it is refused and the rest is dropped. */
    private void readBody(RoutingContext ctx, long limit, long declared) {
        HttpServerRequest req = ctx.request();
        if ("100-continue".equalsIgnoreCase(req.getHeader(HttpHeaders.EXPECT))) {
            // The body is wanted: say so now, and once only (the REST layer would say it again).
            ctx.response().writeContinue();
            req.headers().remove(HttpHeaders.EXPECT);
        }
        Buffer body = Buffer.buffer((int) Math.max(declared, 256));
        boolean[] refused = {false};
        req.handler(chunk -> {
            if (refused[0]) {
                return;
            }
            if (body.length() + (long) chunk.length() > limit) {
                refused[0] = true;
                refuse(ctx, Failure.PAYLOAD_TOO_LARGE, "the body is more than " + limit + " bytes; the limit is " + limit, limit);
                return;
            }
            body.appendBuffer(chunk);
        });
        req.exceptionHandler(e -> {
            if (!refused[0]) {
                refused[0] = true;
                ctx.fail(400, e);
            }
        });
        req.endHandler(v -> {
            if (!refused[0]) {
                ctx.setBody(body);
                ctx.next();
            }
        });
        req.resume();
    }

    private static void refuse(RoutingContext ctx, Failure failure, String detail, long limit) {
        EdgeProblems.refuse(ctx, failure, detail, Map.of("limit", limit));
    }
}
