package dev.cardtable.support;

import java.time.Duration;
import java.util.function.IntSupplier;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Waiting in tests that drive servers from several threads: for a count to reach a mark, or a while. */
public final class Waits {

    private Waits() {
    }

    /** Waits until {@code value} is at least {@code atLeast}, checking every 20 ms; fails after {@code timeout}. */
    public static void await(IntSupplier value, int atLeast, Duration timeout) {
        long until = System.nanoTime() + timeout.toNanos();
        while (value.getAsInt() < atLeast) {
            assertTrue(System.nanoTime() < until, "reached " + value.getAsInt() + " of " + atLeast + " in " + timeout);
            sleep(20);
        }
    }

    /** Sleeps {@code ms} milliseconds; an interruption ends the sleep and stays set. */
    public static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
