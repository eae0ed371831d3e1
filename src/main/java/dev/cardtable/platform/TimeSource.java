package dev.cardtable.platform;

import io.quarkus.arc.DefaultBean;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import java.time.Clock;

/**
 * The server's {@link Clock}: system UTC time. Every time the game service writes (creation, moves,
 * clock deadlines, abandonment) comes from this bean, so that a deployment or a test can put
 * another clock in its place.
 */
@Singleton
public class TimeSource {

    /** System UTC time, unless another {@link Clock} bean is present. */
    @Produces
    @Singleton
    @DefaultBean
    Clock clock() {
        return Clock.systemUTC();
    }
}
