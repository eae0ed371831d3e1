package dev.cardtable.platform.telemetry;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.opentelemetry.sdk.trace.samplers.SamplingDecision;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Which spans are recorded ({@link TraceSampling}): nothing by default, whatever a client's
 * {@code traceparent} asks; every root with ratio 1; a span inside the process as its parent.
 */
class TraceSamplingTest {

    private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";

    private static SamplingDecision decide(Sampler sampler, Context parent) {
        return sampler.shouldSample(parent, TRACE, "GET /api/games", SpanKind.SERVER, Attributes.empty(), List.of())
                .getDecision();
    }

    private static Context parent(boolean remote, boolean sampled) {
        TraceFlags flags = sampled ? TraceFlags.getSampled() : TraceFlags.getDefault();
        SpanContext c = remote ? SpanContext.createFromRemoteParent(TRACE, "00f067aa0ba902b7", flags, TraceState.getDefault())
                : SpanContext.create(TRACE, "00f067aa0ba902b7", flags, TraceState.getDefault());
        return Context.root().with(Span.wrap(c));
    }

    @Test
    void atRatioZeroNothingIsRecordedWhateverTheClientAsks() {
        Sampler off = TraceSampling.of(0);
        assertEquals(SamplingDecision.DROP, decide(off, Context.root()));
        assertEquals(SamplingDecision.DROP, decide(off, parent(true, true)), "a client's sampled traceparent");
    }

    @Test
    void atRatioOneEveryRootIsRecordedAndChildrenFollowTheirParent() {
        Sampler on = TraceSampling.of(1);
        assertEquals(SamplingDecision.RECORD_AND_SAMPLE, decide(on, Context.root()));
        assertEquals(SamplingDecision.RECORD_AND_SAMPLE, decide(on, parent(true, false)), "a client's unsampled traceparent");
        assertEquals(SamplingDecision.DROP, decide(on, parent(false, false)), "a statement of an unrecorded request");
        assertEquals(SamplingDecision.RECORD_AND_SAMPLE, decide(TraceSampling.of(0), parent(false, true)),
                "a statement of a recorded request");
    }

    @Test
    void theRatioDefaultsToAllWithAnEndpointAndNoneWithout() {
        assertEquals(0.0, TraceSampling.ratio(Optional.empty(), false));
        assertEquals(1.0, TraceSampling.ratio(Optional.empty(), true));
        assertEquals(0.25, TraceSampling.ratio(Optional.of(0.25), true));
        assertEquals(0.25, TraceSampling.ratio(Optional.of(0.25), false));
    }
}
