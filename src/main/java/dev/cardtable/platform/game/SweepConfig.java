package dev.cardtable.platform.game;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/**
 * When games end without a move ({@code cardtable.sweep.*}; {@code docs/operations.md},
 * "Configuration"; {@code docs/api.md}, "Clocks" and "Abandoned games"), as {@link Sweep} ends them.
 */
@ConfigMapping(prefix = "cardtable.sweep")
public interface SweepConfig {

    /** A game without a clock in which nobody moved this long is abandoned (ISO-8601). */
    @WithDefault("P7D")
    Duration abandonAfter();

    /**
     * How often each instance ends the games out of time ({@code off} never); read by the scheduler
     * itself, given here so that the area's settings are in one place.
     */
    @WithDefault("5s")
    String every();
}
