package dev.cardtable.platform.game;

import dev.cardtable.platform.telemetry.JobRuns;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/**
 * Ends games whose time ran out ({@code docs/api.md}, "Clocks" and "Abandoned games"): every
 * {@code cardtable.sweep.every} each server instance reads the ids of the due games without locks,
 * then takes them one by one, each locked by its id ({@code FOR UPDATE SKIP LOCKED}), checked
 * again under the lock and ended in its own transaction through the normal write path
 * ({@link GameWriter#endIfDue}), so live events and the next read see the ending. The database
 * decides which instance ends a game: another instance skips the locked row, and once the ending
 * commits the game is no longer due, so every game ends exactly once. No statement locks rows of
 * more than one game, so the sweep works unchanged on tables split by game id
 * ({@code docs/scaling.md}).
 */
@Singleton
public class Sweep {

    /** The most games one run ends, so that a backlog cannot hold the scheduler thread for long. */
    public static final int MAX_PER_RUN = 500;

    private static final Logger LOG = Logger.getLogger(Sweep.class);

    @Inject
    GameStore store;

    @Inject
    GameWriter writer;

    @Inject
    DueGames dueGames;

    @Inject
    JobRuns jobs;

    private final Duration abandonAfter;

    @Inject
    Sweep(SweepConfig config) {
        abandonAfter = config.abandonAfter();
    }

    private volatile boolean stopping;

    void stop(@Observes ShutdownEvent event) {
        stopping = true;
    }

    @Scheduled(identity = JobRuns.SWEEP, every = "${cardtable.sweep.every:5s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        if (stopping) {
            return;
        }
        jobs.run(JobRuns.SWEEP, this::sweep, e -> {
            // A run caught by the server's shutdown fails as the container goes: nothing to retry.
            if (!stopping) {
                LOG.warn("sweep for games out of time failed; the next run retries: " + e.getMessage());
            }
        });
    }

    /**
     * Ends every game due now: timed out (its deadline passed) or abandoned (no clock, and no
     * change for {@code cardtable.sweep.abandon-after}).
     *
     * @return how many games this call ended (at most {@value #MAX_PER_RUN})
     */
    public int sweep() {
        Instant now = writer.now();
        int ended = 0;
        // A game skipped here (another transaction held it) is due again at the next run, if still due.
        for (UUID id : dueGames.due(now, now.minus(abandonAfter), MAX_PER_RUN)) {
            if (QuarkusTransaction.requiringNew().call(() -> endIfDue(id))) {
                ended++;
            }
        }
        return ended;
    }

    /**
     * {@code g} as it stands now: when its time ran out and the sweep has not ended it yet, it is
     * ended at once, in a transaction of its own, exactly as the sweep would. A game read in
     * the moment between its deadline and the next sweep is thus never shown still running.
     *
     * @return the game, ended when it was due
     */
    public GameRow current(GameRow g) {
        Instant now = writer.now();
        Instant idleBefore = now.minus(abandonAfter);
        if (!GameWriter.due(g, now, idleBefore)) {
            return g;
        }
        return QuarkusTransaction.requiringNew().call(() -> store.lock(g.id())
                .map(locked -> writer.endIfDue(locked, now, idleBefore).orElse(locked)).orElse(g));
    }

    /** Ends game {@code id} if it is still due once locked; false when it is not, or another holds it. */
    private boolean endIfDue(UUID id) {
        Instant now = writer.now();
        Instant idleBefore = now.minus(abandonAfter);
        return store.lockIfFree(id).flatMap(g -> writer.endIfDue(g, now, idleBefore)).isPresent();
    }
}
