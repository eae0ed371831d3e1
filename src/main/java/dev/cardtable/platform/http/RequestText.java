package dev.cardtable.platform.http;

import dev.cardtable.platform.Failure;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The text policy for everything a client sends outside the body, checked once for every request
 * before any route runs: the request target (path and query) and the header values. The body's
 * strings follow the same policy in {@link JsonTextGuard}.
 *
 * <ul>
 *   <li>The request target is a valid URI of printable ASCII; other characters are
 *       percent-encoded.</li>
 *   <li>Percent-encoded path segments, query names and query values decode as UTF-8 to text
 *       without U+0000: text PostgreSQL can store exactly as sent. (UTF-8 cannot carry an unpaired
 *       surrogate, and malformed UTF-8 would otherwise be silently replaced.)</li>
 *   <li>Header values have no control characters other than tab (RFC 9110, section 5.5).</li>
 *   <li>At most one {@code Authorization} header: it holds one set of credentials (RFC 9110,
 *       section 11.6.2), and which of several would count is not for the server to guess; so
 *       too for {@code X-Player-Key} and {@code Last-Event-ID} (one event id).</li>
 *   <li>An {@code X-Player-Key} header is not empty: an empty one is {@code 401 player-key-invalid},
 *       not read as anonymous.</li>
 * </ul>
 *
 * A request that breaks the policy is answered {@code 400 malformed-request} before anything reads
 * or stores it. The server is started with {@code vertx.disableURIValidation=true} so that this
 * class, rather than a bare 400 from the HTTP layer, answers URIs that do not parse.
 */
@ApplicationScoped
public class RequestText {

    /** Router order: before every other route (the transport limits come next). */
    static final int ORDER = -1000;

    void install(@Observes Router router) {
        router.route().order(ORDER).handler(RequestText::check);
    }

    static void check(RoutingContext ctx) {
        String problem = problem(ctx.request());
        if (problem != null) {
            EdgeProblems.refuse(ctx, Failure.MALFORMED_REQUEST, problem, Map.of());
            return;
        }
        String key = ctx.request().getHeader("X-Player-Key");
        if (key != null && key.isBlank()) {
            // An empty key is no key at all: saying so beats reading the request as anonymous.
            EdgeProblems.refuse(ctx, Failure.PLAYER_KEY_INVALID,
                    "the X-Player-Key header is empty; send the player's key, or leave the header out", Map.of());
            return;
        }
        ctx.next();
    }

    /** What is wrong with the request's target or headers, or null when nothing is. */
    static String problem(HttpServerRequest request) {
        String uri = request.uri();
        if (uri == null || uri.isEmpty()) {
            return "the request target is empty";
        }
        if (!isPrintableAscii(uri)) {
            return "the request target must be printable ASCII; percent-encode other characters as UTF-8";
        }
        URI parsed;
        try {
            parsed = new URI(uri);
        } catch (URISyntaxException e) {
            return "the request target is not a valid URI (" + e.getReason() + ")";
        }
        String rawPath = parsed.getRawPath();
        if (rawPath != null) {
            for (String segment : rawPath.split("/", -1)) {
                String bad = decodes(segment, false);
                if (bad != null) {
                    return "a path segment " + bad;
                }
            }
        }
        String rawQuery = parsed.getRawQuery();
        if (rawQuery != null) {
            for (String pair : rawQuery.split("&", -1)) {
                int eq = pair.indexOf('=');
                String bad = decodes(eq < 0 ? pair : pair.substring(0, eq), true);
                if (bad == null && eq >= 0) {
                    bad = decodes(pair.substring(eq + 1), true);
                }
                if (bad != null) {
                    return "a query parameter " + bad;
                }
            }
        }
        for (Map.Entry<String, String> h : request.headers()) {
            if (!isFieldValue(h.getValue())) {
                return "the value of header " + h.getKey() + " has a control character";
            }
        }
        // Headers that carry one value: two of them would leave the server to pick one.
        for (String single : List.of("Authorization", "X-Player-Key", "Last-Event-ID")) {
            int n = request.headers().getAll(single).size();
            if (n > 1) {
                return "send one " + single + " header, not " + n;
            }
        }
        return null;
    }

    /**
     * Percent-decodes {@code raw} as UTF-8 ({@code +} as a space in a query); null when it is
     * text the server can store exactly, else what is wrong with it.
     */
    static String decodes(String raw, boolean query) {
        if (raw.indexOf('%') < 0) {
            return null; // printable ASCII already: stored as it is
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%') {
                int hi = i + 2 < raw.length() ? Character.digit(raw.charAt(i + 1), 16) : -1;
                int lo = hi >= 0 ? Character.digit(raw.charAt(i + 2), 16) : -1;
                if (lo < 0) {
                    return "has a '%' that is not followed by two hex digits";
                }
                bytes.write(hi * 16 + lo);
                i += 2;
            } else {
                bytes.write(query && c == '+' ? ' ' : c);
            }
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray())).toString();
        } catch (CharacterCodingException e) {
            return "is not UTF-8 once percent-decoded";
        }
        if (text.indexOf('\0') >= 0) {
            return "contains U+0000, which cannot be stored";
        }
        return null;
    }

    static boolean isPrintableAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c <= 0x20 || c >= 0x7F) {
                return false;
            }
        }
        return true;
    }

    private static boolean isFieldValue(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 && c != '\t' || c == 0x7F) {
                return false;
            }
        }
        return true;
    }
}
