package dev.cardtable.platform.telemetry;

import io.opentelemetry.sdk.trace.samplers.Sampler;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.logging.Logger;

import java.util.Optional;

/**
 * The sampler of every span ({@code docs/operations.md}, "Watching it"), which Quarkus's OpenTelemetry
 * extension uses in place of its own (and still wraps, so that {@code /q/} requests are never
 * recorded).
 *
 * <p>A span without a parent in this process (an HTTP request, a scheduled job's run) is recorded
 * with probability {@link TracingConfig#ratio()}, decided from its trace id; a client's
 * {@code traceparent} gives the trace its id but not the decision, so that no client can make the
 * server record (and export) spans it was not configured to. A span inside the process follows its
 * parent: an SQL statement is recorded exactly when the request or job it belongs to is.
 *
 * <p>With nothing configured the ratio is 0: no span is recorded or exported; each request still
 * gets a trace id, at the cost of generating it.
 */
@Singleton
public class TraceSampling {

    /** The OTLP endpoint Quarkus uses when none is set: taken as "not configured". */
    public static final String DEFAULT_ENDPOINT = "http://localhost:4317";

    private static final Logger LOG = Logger.getLogger(TraceSampling.class);

    /** The sampler described above, for the configured ratio. */
    @Produces
    @Singleton
    Sampler sampler(TracingConfig config) {
        double ratio = ratio(config.ratio(), endpointConfigured());
        LOG.infof("tracing: recording %s of traces (cardtable.tracing.ratio)", ratio == 0 ? "none"
                : ratio >= 1 ? "all" : String.format(java.util.Locale.ROOT, "%.1f %%", ratio * 100));
        return of(ratio);
    }

    /**
     * The sampler for {@code ratio}: roots (and spans whose parent came from another process) by
     * trace id, spans with a parent in this process as their parent.
     *
     * @param ratio 0 to 1; values outside are clamped
     */
    public static Sampler of(double ratio) {
        Sampler root = Sampler.traceIdRatioBased(Math.max(0, Math.min(1, ratio)));
        return Sampler.parentBasedBuilder(root).setRemoteParentSampled(root).setRemoteParentNotSampled(root).build();
    }

    /** The ratio in force: the configured one, else 1 with an OTLP endpoint configured and 0 without. */
    static double ratio(Optional<Double> configured, boolean endpointConfigured) {
        return configured.orElse(endpointConfigured ? 1.0 : 0.0);
    }

    /** Whether an OTLP endpoint other than the default is configured for traces. */
    static boolean endpointConfigured() {
        var config = ConfigProvider.getConfig();
        return Optional.<String>empty()
                .or(() -> config.getOptionalValue("quarkus.otel.exporter.otlp.traces.endpoint", String.class))
                .or(() -> config.getOptionalValue("quarkus.otel.exporter.otlp.endpoint", String.class))
                .map(String::trim).map(e -> e.endsWith("/") ? e.substring(0, e.length() - 1) : e)
                .filter(e -> !e.isEmpty() && !e.equals(DEFAULT_ENDPOINT)).isPresent();
    }
}
