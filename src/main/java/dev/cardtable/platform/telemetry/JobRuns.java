package dev.cardtable.platform.telemetry;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduler;
import io.quarkus.scheduler.Trigger;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.jboss.logging.MDC;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The runs of the scheduled jobs, so that one that stalls or keeps failing shows
 * ({@code docs/operations.md}, "Watching it"; {@code deploy/monitoring/alerts.yml}). Each run is a
 * span of its own ({@code job <task>}, with the job's SQL statements beneath it), whose
 * {@code traceId} and {@code spanId} every log line written during the run carries (in its MDC), and
 * is counted in:
 * <ul>
 *   <li>{@code cardtable_scheduled_runs_total{task, outcome}}: runs that ended, {@code outcome} {@code ok} or
 *       {@code failed} (the run threw);</li>
 *   <li>{@code cardtable_scheduled_last_success_timestamp_seconds{task}}: Unix time, in seconds, of the end
 *       of the last run that succeeded; the instance's start until the first one;</li>
 *   <li>{@code cardtable_scheduled_duration_seconds{task}}: how long runs took (count and sum).</li>
 * </ul>
 * A job whose schedule is on ({@code every} not {@code off}) has its meters from the start; any
 * other from its first run. The label is {@code task}, not {@code job}, which Prometheus gives every
 * series of a scrape. Thread-safe.
 */
@Singleton
public class JobRuns {

    /** {@code pairing.Pairing}: pairs open seeks, every {@code cardtable.seeks.every}. */
    public static final String PAIRING = "pairing";
    /** {@code tournaments.ArenaPairing}: pairs arenas' free players and finishes ended arenas, every {@code cardtable.arenas.every}. */
    public static final String ARENAS = "arenas";
    /** {@code platform.game.Sweep}: ends games out of time, every {@code cardtable.sweep.every}. */
    public static final String SWEEP = "sweep";
    /** {@code challenges.ChallengeSweep}: expires challenges, every {@code cardtable.challenges.sweep-every}. */
    public static final String CHALLENGE_SWEEP = "challenge-sweep";
    /** {@code platform.game.ReadModelUpkeep}: reconciles read models, every {@code cardtable.read-models.reconcile-every}. */
    public static final String READ_MODEL_UPKEEP = "read-model-upkeep";

    /** The log's MDC keys of the current trace, as Quarkus names them for requests. */
    private static final String TRACE_ID = "traceId";
    private static final String SPAN_ID = "spanId";
    private static final String SAMPLED = "sampled";

    /** The jobs above, which are the identities of their {@code @Scheduled} methods. */
    public static final List<String> JOBS = List.of(PAIRING, ARENAS, SWEEP, CHALLENGE_SWEEP, READ_MODEL_UPKEEP);

    @Inject
    MeterRegistry registry;

    @Inject
    Scheduler scheduler;

    @Inject
    Tracer tracer;

    private final Map<String, Meters> meters = new ConcurrentHashMap<>();

    /** One job's meters. */
    private record Meters(Counter ok, Counter failed, Timer duration, AtomicLong lastSuccessMillis) {
    }

    void scheduled(@Observes StartupEvent event) {
        for (Trigger t : scheduler.getScheduledJobs()) {
            if (JOBS.contains(t.getId())) {
                meters(t.getId());
            }
        }
    }

    /**
     * One run of job {@code job}: {@code work} inside the run's span, counted as above.
     *
     * @param job  the job's name, one of {@link #JOBS} (any other name is counted the same way)
     * @param work the run
     * @return what {@code work} returned
     * @throws RuntimeException whatever {@code work} threw, after counting the run as failed
     */
    public <T> T run(String job, Supplier<T> work) {
        return run(job, work, e -> {
            throw e;
        });
    }

    /**
     * One run of job {@code job} as {@link #run(String, Supplier)}, for a scheduled method: a
     * failure is handed to {@code failed} inside the run's span (so that the line it logs names
     * the run's trace) instead of being thrown.
     *
     * @return what {@code work} returned, or null when it threw
     */
    public <T> T run(String job, Supplier<T> work, Consumer<RuntimeException> failed) {
        Meters m = meters(job);
        Span span = tracer.spanBuilder("job " + job).setNoParent().setSpanKind(SpanKind.INTERNAL)
                .setAttribute("cardtable.task", job).startSpan();
        long start = System.nanoTime();
        Object[] mdc = {MDC.get(TRACE_ID), MDC.get(SPAN_ID), MDC.get(SAMPLED)};
        try (Scope ignored = span.makeCurrent()) {
            MDC.put(TRACE_ID, span.getSpanContext().getTraceId());
            MDC.put(SPAN_ID, span.getSpanContext().getSpanId());
            MDC.put(SAMPLED, Boolean.toString(span.getSpanContext().isSampled()));
            try {
                T out = work.get();
                m.ok().increment();
                m.lastSuccessMillis().set(System.currentTimeMillis());
                return out;
            } catch (RuntimeException e) {
                m.failed().increment();
                span.recordException(e);
                span.setStatus(StatusCode.ERROR, e.getClass().getSimpleName());
                failed.accept(e);
                return null;
            } catch (Error e) {
                m.failed().increment();
                span.recordException(e);
                span.setStatus(StatusCode.ERROR, e.getClass().getSimpleName());
                throw e;
            }
        } finally {
            restore(TRACE_ID, mdc[0]);
            restore(SPAN_ID, mdc[1]);
            restore(SAMPLED, mdc[2]);
            m.duration().record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
            span.end();
        }
    }

    private static void restore(String key, Object value) {
        if (value == null) {
            MDC.remove(key);
        } else {
            MDC.put(key, value);
        }
    }

    /** Unix time in milliseconds of the last successful run of {@code job}; its meters' creation until then. */
    public long lastSuccessMillis(String job) {
        return meters(job).lastSuccessMillis().get();
    }

    private Meters meters(String job) {
        return meters.computeIfAbsent(job, j -> {
            AtomicLong last = new AtomicLong(System.currentTimeMillis());
            Gauge.builder("cardtable.scheduled.last.success.timestamp", last, a -> a.get() / 1000.0).baseUnit("seconds")
                    .description("Unix time of the end of the job's last successful run").tag("task", j).register(registry);
            return new Meters(
                    Counter.builder("cardtable.scheduled.runs").description("Runs of the job that ended, by outcome")
                            .tag("task", j).tag("outcome", "ok").register(registry),
                    Counter.builder("cardtable.scheduled.runs").description("Runs of the job that ended, by outcome")
                            .tag("task", j).tag("outcome", "failed").register(registry),
                    Timer.builder("cardtable.scheduled.duration").description("How long the job's runs took")
                            .tag("task", j).register(registry),
                    last);
        });
    }
}
