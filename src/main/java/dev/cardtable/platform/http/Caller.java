package dev.cardtable.platform.http;

import jakarta.enterprise.context.RequestScoped;

/**
 * Who the current request is counted for ({@link RateLimitFilter}): its client key
 * ({@code address:…} or {@code player:…}) and how messages name it. Work that a request causes
 * later, such as a computer seat's search, is counted for the same client; a request the filter
 * did not count (limits off) has no client, and nor does work outside a request.
 */
@RequestScoped
public class Caller {

    private String client;
    private String by = "this client";
    private RateLimits.Tier tier = RateLimits.Tier.ADDRESS;

    /** Records the client the filter counted the request for. */
    void counted(String client, String by, RateLimits.Tier tier) {
        this.client = client;
        this.by = by;
        this.tier = tier;
    }

    /** The client's budget tier ({@link RateLimits.Tier#ADDRESS} when not counted). */
    public RateLimits.Tier tier() {
        return tier;
    }

    /** The client key, or null when the request was not counted. */
    public String client() {
        return client;
    }

    /** How messages name the client: "this address" or "this player". */
    public String by() {
        return by;
    }
}
