package dev.cardtable.support;

import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;

/**
 * The span exporter of the {@code @QuarkusTest}s: spans kept in memory, no collector. Quarkus uses a
 * {@code SpanExporter} bean in place of OTLP. Only tests that turn recording on
 * ({@code cardtable.tracing.ratio=1} in their profile) find spans here; at the tests' default ratio,
 * 0, nothing is recorded.
 */
@ApplicationScoped
public class InMemorySpans {

    @Produces
    @Singleton
    InMemorySpanExporter exporter() {
        return InMemorySpanExporter.create();
    }

    /**
     * Waits (at most {@code timeout}) until {@code exporter} holds spans of trace {@code traceId} that
     * {@code done} accepts, and returns that trace's spans.
     *
     * @throws AssertionError when they do not come in time, naming the spans there are
     */
    public static List<SpanData> awaitTrace(InMemorySpanExporter exporter, String traceId, Predicate<List<SpanData>> done,
                                            Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<SpanData> trace;
        do {
            trace = exporter.getFinishedSpanItems().stream().filter(s -> s.getTraceId().equals(traceId)).toList();
            if (done.test(trace)) {
                return trace;
            }
            Thread.sleep(20);
        } while (System.nanoTime() < deadline);
        throw new AssertionError("trace " + traceId + " incomplete after " + timeout + ": "
                + trace.stream().map(s -> s.getKind() + " " + s.getName()).toList());
    }

    /** Whether {@code trace} has a server span and a database client span. */
    public static boolean hasServerAndSql(List<SpanData> trace) {
        return trace.stream().anyMatch(s -> s.getKind() == SpanKind.SERVER)
                && trace.stream().anyMatch(s -> s.getKind() == SpanKind.CLIENT);
    }
}
