package dev.cardtable.platform.http;

import dev.cardtable.platform.http.RateLimits.Decision;
import dev.cardtable.platform.http.RateLimits.Tier;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TokensInheritanceStrategy;
import io.github.bucket4j.distributed.proxy.BucketNotFoundException;
import io.github.bucket4j.distributed.proxy.optimization.DelayParameters;
import io.github.bucket4j.distributed.proxy.optimization.Optimizations;
import io.github.bucket4j.postgresql.PostgreSQLSelectForUpdateBasedProxyManager;
import io.quarkus.narayana.jta.QuarkusTransaction;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The clients' request budgets behind {@link RateLimits#spend}, and the joint budget of all
 * addresses on this instance ({@code docs/operations.md}, "Fair share"). Budgets are counted in
 * PostgreSQL when {@code shared} is given, else in this instance's memory. Thread-safe.
 */
final class RequestBudgets {

    private record Local(Bucket bucket, AtomicLong lastUsed) {
    }

    private final RateLimitConfig config;
    /** The proxy manager of the budgets kept in PostgreSQL; null when they are kept in memory. */
    private final PostgreSQLSelectForUpdateBasedProxyManager<String> shared;
    private final Refusals refusals;
    /** Budget buckets by key, kept so that each keeps its unsynchronised tokens between requests. */
    private final Map<String, Local> budgets = new ConcurrentHashMap<>();
    /** All addresses' spending on this instance ({@code budget.addresses}). */
    private final Bucket addresses;

    RequestBudgets(RateLimitConfig config, PostgreSQLSelectForUpdateBasedProxyManager<String> shared, Refusals refusals) {
        this.config = config;
        this.shared = shared;
        this.refusals = refusals;
        this.addresses = localBucket(config.budget().addresses());
    }

    /** The budget per period of a client of {@code tier}. */
    long budget(Tier tier) {
        return switch (tier) {
            case ADDRESS -> config.budget().address();
            case PLAYER -> config.budget().player();
            case BOT -> config.budget().bot();
        };
    }

    /** See {@link RateLimits#spend}. */
    Decision spend(String client, Tier tier, long tokens) {
        long limit = budget(tier);
        Decision known = refusals.of(client);
        if (known == null && tier == Tier.ADDRESS) {
            known = refusals.ofAddresses();
        }
        if (known != null) {
            return known;
        }
        long cost = Math.min(capacity(limit), tokens);
        if (cost <= 0) {
            return new Decision(true, limit, 0, RateLimits.BUDGET);
        }
        String key = RateLimits.BUDGET + ":" + client;
        Local l = bucket(key, limit);
        ConsumptionProbe probe;
        try {
            probe = consume(l, cost);
        } catch (RuntimeException e) {
            if (!notFound(e)) {
                throw e;
            }
            // Its row expired while this instance kept the bucket: start it again.
            budgets.remove(key, l);
            l = bucket(key, limit);
            probe = consume(l, cost);
        }
        if (!probe.isConsumed()) {
            return refuse(client, probe, limit, RateLimits.BUDGET);
        }
        if (tier == Tier.ADDRESS) {
            long joint = config.budget().addresses();
            ConsumptionProbe all = addresses.tryConsumeAndReturnRemaining(Math.min(capacity(joint), cost));
            if (!all.isConsumed()) {
                Local paid = l;
                if (shared != null) { // the address did not get what it paid for
                    QuarkusTransaction.suspendingExisting().run(() -> paid.bucket().addTokens(cost));
                } else {
                    paid.bucket().addTokens(cost);
                }
                return refuse(null, all, joint, RateLimits.ADDRESSES);
            }
        }
        return new Decision(true, limit, 0, RateLimits.BUDGET);
    }

    /** What a budget of {@code limit} per period holds at most: its burst's worth, at least 1. */
    long capacity(long limit) {
        long period = config.period().toNanos();
        long burst = Math.min(period, config.budget().burst().toNanos());
        return Math.max(1, (long) ((double) limit * burst / period));
    }

    /** Drops the buckets of clients not seen for a period (they would be full again). */
    void sweep() {
        long idle = config.period().toNanos();
        long now = System.nanoTime();
        budgets.entrySet().removeIf(en -> now - en.getValue().lastUsed().get() > idle);
    }

    private Local bucket(String key, long limit) {
        Local l = budgets.computeIfAbsent(key, k -> new Local(shared != null ? sharedBudget(k, limit) : localBucket(limit),
                new AtomicLong()));
        l.lastUsed().set(System.nanoTime());
        return l;
    }

    /**
     * Consumes from {@code l} outside any transaction of the caller's (a shared bucket commits on a
     * connection of its own, even when a computer search is paid for within a game's transaction).
     */
    private ConsumptionProbe consume(Local l, long cost) {
        if (shared == null) {
            return l.bucket().tryConsumeAndReturnRemaining(cost);
        }
        return QuarkusTransaction.suspendingExisting().call(() -> l.bucket().tryConsumeAndReturnRemaining(cost));
    }

    private static boolean notFound(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof BucketNotFoundException) {
                return true;
            }
            for (Throwable s : t.getSuppressed()) {
                if (s != t && notFound(s)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Refuses by the bucket whose {@code probe} said no, and remembers the refusal (for
     * {@code client}, or for all addresses when null) until the refused request could pass, and at
     * least {@code refusal-delay}, so that the client's requests meanwhile are answered from memory.
     */
    private Decision refuse(String client, ConsumptionProbe probe, long limit, String name) {
        long wait = Math.max(probe.getNanosToWaitForRefill(), config.refusalDelay().toNanos());
        return refusals.remember(client, wait, limit, name);
    }

    private Bucket localBucket(long limit) {
        long capacity = capacity(limit);
        return Bucket.builder().addLimit(b -> b.capacity(capacity).refillGreedy(limit, config.period())).build();
    }

    private Bucket sharedBudget(String key, long limit) {
        long unsynced = config.budget().unsyncedTokens();
        var builder = shared.builder()
                .withImplicitConfigurationReplacement(RateLimits.version(limit, config) ^ capacity(limit),
                        TokensInheritanceStrategy.PROPORTIONALLY);
        if (unsynced > 0) {
            builder = builder.withOptimization(Optimizations.delaying(new DelayParameters(unsynced, config.budget().syncEvery())));
        }
        return builder.build(key, () -> budgetConfiguration(limit));
    }

    private BucketConfiguration budgetConfiguration(long limit) {
        long capacity = capacity(limit);
        return BucketConfiguration.builder()
                .addLimit(b -> b.capacity(capacity).refillGreedy(limit, config.period()))
                .build();
    }
}
