package dev.cardtable.platform.telemetry;

import io.smallrye.config.ConfigMapping;

import java.util.Optional;

/**
 * Which traces are recorded ({@code cardtable.tracing.*}; {@code docs/operations.md}, "Watching it").
 * Every request and job run has a trace id whatever this says (problems and log lines carry it);
 * this decides only whether its spans are recorded and exported.
 */
@ConfigMapping(prefix = "cardtable.tracing")
public interface TracingConfig {

    /**
     * The share of traces recorded, from 0 (none) to 1 (all), decided per trace from its id, so an
     * instance records all of a trace or none of it. Unset: 1 when an OTLP endpoint is configured
     * ({@code quarkus.otel.exporter.otlp.endpoint} or {@code quarkus.otel.exporter.otlp.traces.endpoint}
     * set to another address than the default {@value TraceSampling#DEFAULT_ENDPOINT}), else 0.
     */
    Optional<Double> ratio();
}
