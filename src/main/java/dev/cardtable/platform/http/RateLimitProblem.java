package dev.cardtable.platform.http;

import dev.cardtable.platform.http.RateLimits.Decision;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code 429 rate-limited} problem of a request refused by {@code decision}
 * ({@code docs/operations.md}, "Fair share"): its wording and its extensions.
 *
 * @param decision the refusal
 * @param period   the period every allowance and budget is counted over
 */
public record RateLimitProblem(Decision decision, Duration period) {

    /**
     * The problem's {@code detail} for a request for {@code what} ("moves"; "requests" for a
     * budget) from {@code by} ("this address").
     */
    public String detail(String what, String by) {
        Decision d = decision;
        long seconds = period.toSeconds();
        return switch (d.name()) {
            case RateLimits.BUDGET -> "too many requests from " + by + ": its budget is " + d.limit() + " per " + seconds
                    + " s, each request costing its weight (docs/operations.md, \"Fair share\"); try again in "
                    + d.retryAfterSec() + " s";
            case RateLimits.ADDRESSES -> "too many requests from all clients without a player key together: they share "
                    + d.limit() + " per " + seconds + " s on this server (docs/operations.md, \"Fair share\"); "
                    + "a registered player's key has a budget of its own; try again in " + d.retryAfterSec() + " s";
            default -> "too many " + what + " from " + by + ": at most " + d.limit() + " per " + seconds
                    + " s; try again in " + d.retryAfterSec() + " s";
        };
    }

    /** The problem's extensions: {@code limit}, {@code limitName}, {@code periodSeconds}, {@code retryAfter} (seconds). */
    public Map<String, Object> extensions() {
        Map<String, Object> ext = new LinkedHashMap<>();
        ext.put("limit", decision.limit());
        ext.put("limitName", decision.name());
        ext.put("periodSeconds", period.toSeconds());
        ext.put("retryAfter", decision.retryAfterSec());
        return ext;
    }
}
