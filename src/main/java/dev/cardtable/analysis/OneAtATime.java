package dev.cardtable.analysis;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;

/**
 * Bounds expensive computations, one per key: at most one runs per key at a time — a request for
 * a key already being computed waits for that computation and shares its answer — and at most
 * {@code limit} run at once in total; past that a new computation is refused at once (the caller
 * answers {@code server-busy}), so requests cannot pile up work on the processors. Waiting for
 * another request's computation takes no processor time and no permit.
 *
 * <p>Thread-safe. Bounds one instance only.
 *
 * @param <K> the key, e.g. a game id
 * @param <V> the computed value
 */
final class OneAtATime<K, V> {

    private final ConcurrentHashMap<K, CompletableFuture<V>> running = new ConcurrentHashMap<>();
    private final Semaphore permits;
    private final int limit;

    /** @throws IllegalArgumentException for {@code limit < 1} */
    OneAtATime(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("at least one computation must be allowed: " + limit);
        }
        this.limit = limit;
        this.permits = new Semaphore(limit);
    }

    /** How many computations run now, 0 to the limit. */
    int running() {
        return limit - permits.availablePermits();
    }

    /**
     * The value for {@code key}: the running computation's when one runs, else {@code work}'s,
     * computed on the calling thread.
     *
     * @throws RuntimeException {@code busy}'s when {@code limit} computations run already; what
     *                          {@code work} threw (also to the requests waiting for it)
     */
    V get(K key, Supplier<V> work, Supplier<? extends RuntimeException> busy) {
        CompletableFuture<V> theirs = running.get(key);
        if (theirs != null) {
            return await(theirs);
        }
        if (!permits.tryAcquire()) {
            throw busy.get();
        }
        CompletableFuture<V> mine = new CompletableFuture<>();
        theirs = running.putIfAbsent(key, mine);
        if (theirs != null) {
            permits.release();
            return await(theirs);
        }
        try {
            V value = work.get();
            mine.complete(value);
            return value;
        } catch (RuntimeException | Error e) {
            mine.completeExceptionally(e);
            throw e;
        } finally {
            running.remove(key, mine);
            permits.release();
        }
    }

    private static <V> V await(CompletableFuture<V> f) {
        try {
            return f.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e;
        }
    }
}
