package dev.cardtable.platform.http;

import dev.cardtable.platform.http.RateLimits.Decision;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The refusals {@link RateLimits} remembers: a client, a (route:client) allowance, or all addresses
 * together, refused until the refused request could pass, so that requests meanwhile are answered
 * from memory, without a bucket or a database call. Thread-safe.
 */
final class Refusals {

    /** A refusal until {@code untilNanos} ({@link System#nanoTime()}) by the limit {@code name} of {@code limit}. */
    private record Refused(long untilNanos, long limit, String name) {
    }

    /** Refusals by key: a client ({@code address:…}, {@code player:…}) or {@code route:client}. */
    private final Map<String, Refused> byKey = new ConcurrentHashMap<>();
    /** The refusal of all addresses, their joint budget being empty; null when none. */
    private volatile Refused addresses;

    /**
     * Remembers that {@code key} (null: all addresses) is refused by the limit {@code name} of
     * {@code limit} for {@code waitNanos}, and returns that refusal.
     */
    Decision remember(String key, long waitNanos, long limit, String name) {
        Refused r = new Refused(System.nanoTime() + waitNanos, limit, name);
        if (key == null) {
            addresses = r;
        } else {
            byKey.put(key, r);
        }
        return new Decision(false, limit, seconds(waitNanos), name);
    }

    /** The refusal of {@code key} while it lasts; null when there is none (any more). */
    Decision of(String key) {
        Refused r = byKey.get(key);
        if (r == null) {
            return null;
        }
        long left = r.untilNanos() - System.nanoTime();
        if (left <= 0) {
            byKey.remove(key, r);
            return null;
        }
        return new Decision(false, r.limit(), seconds(left), r.name());
    }

    /** The refusal of all addresses while it lasts; null when there is none (any more). */
    Decision ofAddresses() {
        Refused r = addresses;
        if (r == null) {
            return null;
        }
        long left = r.untilNanos() - System.nanoTime();
        if (left <= 0) {
            addresses = null;
            return null;
        }
        return new Decision(false, r.limit(), seconds(left), r.name());
    }

    /** Forgets the refusals that have run out. */
    void sweep() {
        long now = System.nanoTime();
        byKey.entrySet().removeIf(en -> en.getValue().untilNanos() - now <= 0);
    }

    /** {@code nanos} as whole seconds, rounded up, at least 1 (for {@code Retry-After}). */
    static long seconds(long nanos) {
        return Math.max(1, TimeUnit.NANOSECONDS.toSeconds(nanos + 999_999_999L));
    }
}
