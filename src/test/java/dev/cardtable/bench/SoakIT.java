package dev.cardtable.bench;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The short soak ({@link Soak}): the packaged server under players of both games against every
 * computer opponent, watchers checking every event against the log, and a history reader, for
 * {@code cardtable.soak.duration} (default 2 minutes). Nothing fails (no 5xx, and none of the
 * load's requests, all of them valid, is refused) or goes unanswered, every followed stream is exact, and the pool has no connection in use at the end.
 * Its figures are printed; the README's come from the ten-minute runs.
 */
class SoakIT {

    @Test
    void aMixedLoadIsServedWithoutErrorsAndEveryWatcherIsExact() throws Exception {
        Duration duration = Args.duration(System.getProperty("cardtable.soak.duration", "2m"));
        Soak.Report report = Soak.soak(new Soak.Options(duration, 16, 20, Duration.ofMillis(250), 1000,
                Duration.ofSeconds(5), 1));
        System.out.println("Soak for " + duration + ":\n" + report.markdown());
        assertEquals(0, report.serverErrors(), "no 5xx:\n" + report.markdown());
        assertEquals(0, report.noResponse(), "every request answered:\n" + report.markdown());
        assertEquals(java.util.List.of(), report.failures(), "every request of the load succeeds:\n" + report.markdown());
        assertTrue(report.moveMillis().getTotalCount() > 0 && report.games() > 0, "games were played");
        assertTrue(report.streams() > 0, "streams were followed to their end");
        assertEquals(report.streams(), report.exact(), "every followed stream was exact:\n" + report.markdown());
        Soak.Sample last = report.samples().get(report.samples().size() - 1);
        assertEquals(0, last.poolActive(), "no connection in use once the load stopped: " + last);
    }
}
