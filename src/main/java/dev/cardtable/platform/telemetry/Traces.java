package dev.cardtable.platform.telemetry;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.sdk.trace.IdGenerator;

/** The trace a piece of work belongs to, as problems and logs name it. */
public final class Traces {

    private static final IdGenerator IDS = IdGenerator.random();

    private Traces() {
    }

    /**
     * The W3C trace id (32 lower-case hex digits) of the current span: the request's or job run's
     * trace, recorded or not. Where no trace is current (tracing switched off with
     * {@code quarkus.otel.sdk.disabled}, or work outside any request), a fresh random id, so that the
     * answer still carries one of the same shape.
     */
    public static String currentTraceId() {
        SpanContext current = Span.current().getSpanContext();
        return current.isValid() ? current.getTraceId() : IDS.generateTraceId();
    }
}
