package dev.cardtable.platform.game;

import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.http.Caller;
import dev.cardtable.platform.http.RateLimits;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.arc.Arc;
import io.quarkus.runtime.Startup;
import jakarta.annotation.PostConstruct;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Bounds the costly computations of requests, hints and searching computer seats
 * ({@code docs/operations.md}, "Fair share"): at most {@code threads} run at once on an instance
 * and at most {@code queue} more wait for one of them (in arrival order, for at most
 * {@code max-wait}); one client (as {@link Caller} counts it) holds at most {@code client-share} of
 * those places. Past any of these a request is answered {@code 503 server-busy} with
 * {@code retryAfter} ({@value #RETRY_AFTER_SECONDS} s) at once, so that requests cannot pile up
 * work on the processors, nor one client take them from the others. A computation runs on the
 * calling thread. Work outside a request (the sweep) has no client and no share.
 *
 * <p>Meters: {@code cardtable.thinking.running}, {@code cardtable.thinking.waiting},
 * {@code cardtable.thinking.refused}.
 */
@Startup
@Singleton
public class Thinking {

    /** How long a client is told to wait when the bound is reached. */
    public static final int RETRY_AFTER_SECONDS = 2;

    @Inject
    ThinkingConfig config;

    @Inject
    RateLimits limits;

    @Inject
    MeterRegistry metrics;

    private Semaphore running;
    private int threads;
    private int places;
    private int perClient;
    private final AtomicInteger inside = new AtomicInteger();
    private final Map<String, Integer> held = new ConcurrentHashMap<>();

    @PostConstruct
    void bounds() {
        threads = Math.max(1, config.threads().orElse(Runtime.getRuntime().availableProcessors()));
        int queue = Math.max(0, config.queue().orElse(16 * threads));
        places = threads + queue;
        perClient = Math.max(1, (int) Math.floor(config.clientShare() * places));
        running = new Semaphore(threads, true);
        metrics.gauge("cardtable.thinking.running", running, s -> threads - s.availablePermits());
        metrics.gauge("cardtable.thinking.waiting", running, Semaphore::getQueueLength);
    }

    /**
     * {@code work}'s value, computed on this thread once a place is free.
     *
     * @param what what is computed, for the refusal: "hints"
     * @throws GameException {@code server-busy} (with {@code retryAfter}) past the bound
     */
    public <T> T think(String what, Supplier<T> work) {
        String client = client();
        if (inside.incrementAndGet() > places) {
            inside.decrementAndGet();
            throw busy("the server is computing as many " + what + " as it may");
        }
        boolean[] over = {false};
        if (client != null) {
            held.compute(client, (k, n) -> {
                int now = n == null ? 0 : n;
                if (now >= perClient) {
                    over[0] = true;
                    return n;
                }
                return now + 1;
            });
        }
        if (over[0]) {
            inside.decrementAndGet();
            throw busy("this client is already computing its share of the server (" + perClient + " of " + places
                    + " places)");
        }
        try {
            boolean got;
            try {
                got = running.tryAcquire(config.maxWait().toNanos(), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                got = false;
            }
            if (!got) {
                throw busy("the server is computing as many " + what + " as it may");
            }
            try {
                return work.get();
            } finally {
                running.release();
            }
        } finally {
            inside.decrementAndGet();
            if (client != null) {
                held.computeIfPresent(client, (k, n) -> n <= 1 ? null : n - 1);
            }
        }
    }

    /**
     * Makes the client of the current request pay for a computer search of {@code iterations}
     * before it runs: {@code cardtable.rate-limit.weight.computer} tokens per 1000 iterations from
     * its budget ({@code docs/operations.md}, "Fair share"). Work outside a request, or with limits
     * off, is free.
     *
     * @throws GameException {@code 429 rate-limited} (with {@code retryAfter} and the limit's name)
     *                       when the budget cannot pay; the request's transaction then changes nothing
     */
    public void pay(long iterations) {
        if (iterations <= 0 || !limits.enabled()) {
            return;
        }
        Caller caller = caller();
        if (caller == null || caller.client() == null) {
            return;
        }
        long tokens = (iterations * limits.weights().computer() + 999) / 1000;
        RateLimits.Decision d = limits.spend(caller.client(), caller.tier(), tokens);
        if (!d.allowed()) {
            var problem = limits.problem(d);
            throw new GameException(Failure.RATE_LIMITED, problem.detail("computer moves", caller.by()),
                    problem.extensions());
        }
    }

    private GameException busy(String why) {
        metrics.counter("cardtable.thinking.refused").increment();
        // A write refused here rolls back whole: nothing it asked for was applied.
        return new GameException(Failure.SERVER_BUSY, why + "; nothing was applied; try again in " + RETRY_AFTER_SECONDS
                + " s", Map.of("retryAfter", RETRY_AFTER_SECONDS, "outcome", "not-applied"));
    }

    private static String client() {
        Caller c = caller();
        return c == null ? null : c.client();
    }

    private static Caller caller() {
        var requests = Arc.container().requestContext();
        if (!requests.isActive()) {
            return null;
        }
        return Arc.container().instance(Caller.class).get();
    }
}
