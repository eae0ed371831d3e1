package dev.cardtable.support;

import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The server's clock in {@code @QuarkusTest}s: system time plus an offset that a test moves
 * forward with {@link #advance}, so that deadlines and abandonment are tested without waiting. It
 * replaces the server's default clock bean in every test of the application.
 *
 * <p>The clock is shared by every test class that runs in one application, in whatever order the
 * build runs them: a class that moves it puts it back with {@link #reset} when it is done, and a
 * class that compares the server's time with the wall clock (a browser's, say) resets it first.
 */
@Singleton
public class MovableClock extends Clock {

    private final AtomicReference<Duration> offset = new AtomicReference<>(Duration.ZERO);

    /** Moves the clock forward by {@code d}. */
    public void advance(Duration d) {
        offset.updateAndGet(o -> o.plus(d));
    }

    /** Puts the clock back to system time. */
    public void reset() {
        offset.set(Duration.ZERO);
    }

    @Override
    public Instant instant() {
        return Instant.now().plus(offset.get());
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("the server's clock is UTC");
    }
}
