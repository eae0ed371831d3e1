package dev.cardtable.platform.telemetry;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import java.time.Duration;
import java.util.stream.LongStream;

/**
 * Histogram buckets for the move latency ({@code cardtable_move_latency_seconds_bucket{type, le}}),
 * so that a move's percentiles can be computed across instances and over any window
 * ({@code histogram_quantile} in {@code deploy/monitoring/}). The bounds include the move objective,
 * 250 ms ({@link #MOVE_OBJECTIVE}), so that the share of moves within it is exact.
 */
@Singleton
public class MoveLatencyBuckets {

    /** The timer of {@code play.MoveService}. */
    static final String MOVE_LATENCY = "cardtable.move.latency";

    /** A move's p99 objective ({@code docs/operations.md}, "Watching it"). */
    public static final Duration MOVE_OBJECTIVE = Duration.ofMillis(250);

    /** Bucket upper bounds, in milliseconds. */
    static final long[] BOUNDS_MS = {1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000};

    /** Adds the buckets above to the move latency timer, and nothing to any other meter. */
    @Produces
    @Singleton
    MeterFilter moveLatencyBuckets() {
        return new MeterFilter() {
            @Override
            public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
                if (!MOVE_LATENCY.equals(id.getName())) {
                    return config;
                }
                return DistributionStatisticConfig.builder()
                        .serviceLevelObjectives(LongStream.of(BOUNDS_MS).mapToDouble(ms -> ms * 1_000_000.0).toArray())
                        .build().merge(config);
            }
        };
    }
}
