package dev.cardtable.play;

import dev.cardtable.platform.GameException;
import dev.cardtable.platform.http.ETags;
import jakarta.ws.rs.core.HttpHeaders;

import java.util.List;
import java.util.Set;

/**
 * The optional headers of a move request ({@code docs/api.md}, "Submitting a move"), read from
 * every header line of the request, not only the first.
 */
final class MoveHeaders {

    static final String IDEMPOTENCY_KEY = "Idempotency-Key";

    private MoveHeaders() {
    }

    /**
     * The versions {@code If-Match} accepts: several {@code If-Match} headers are one list
     * (RFC 9110 5.3). {@code first} is the first header's value; null for none or {@code *}.
     */
    static MoveRequest.Expected expected(String first, HttpHeaders headers) {
        List<String> all = headers.getRequestHeader(HttpHeaders.IF_MATCH);
        String ifMatch = all == null || all.size() < 2 ? first : String.join(", ", all);
        Set<Integer> versions = ETags.versions(ifMatch);
        return versions == null ? null : new MoveRequest.Expected(versions, ifMatch.trim());
    }

    /**
     * The {@code Idempotency-Key}, {@code first}, or null for none.
     *
     * @throws GameException {@code malformed-request} for two or more keys, or one that is not 1 to
     *                       255 characters of printable ASCII (U+0020 to U+007E: a header's bytes
     *                       beyond ASCII have no agreed charset, so such a key could not be matched
     *                       as sent); an empty one too: taken for no key, it would leave a retry
     *                       unprotected
     */
    static String idempotencyKey(String first, HttpHeaders headers) {
        List<String> all = headers.getRequestHeader(IDEMPOTENCY_KEY);
        if (all == null || all.isEmpty()) {
            return null;
        }
        if (all.size() > 1) {
            throw GameException.malformed("send one " + IDEMPOTENCY_KEY + " header, not " + all.size());
        }
        if (first == null || first.isBlank() || first.length() > 255 || !first.chars().allMatch(c -> c >= 0x20 && c <= 0x7e)) {
            throw GameException.malformed(IDEMPOTENCY_KEY + " must be 1 to 255 characters, printable ASCII");
        }
        return first;
    }
}
