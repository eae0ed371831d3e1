package dev.cardtable.challenges;

import dev.cardtable.platform.game.GameWriter;
import dev.cardtable.platform.telemetry.JobRuns;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.List;

/**
 * Writes pending challenges past their time as {@code expired} ({@code docs/api.md}, "Challenges"),
 * every {@code cardtable.challenges.sweep-every} on every instance, and tells both players of each.
 * Until it runs such a challenge already answers as expired ({@link ChallengeViews#status}).
 */
@ApplicationScoped
public class ChallengeSweep {

    private static final Logger LOG = Logger.getLogger(ChallengeSweep.class);
    private static final int MAX_EXPIRED_PER_RUN = 200;

    @Inject
    ChallengeViews views;

    @Inject
    GameWriter writer;

    @Inject
    EntityManager em;

    @Inject
    JobRuns jobs;

    @Inject
    Event<ChallengeChanged> changes;

    private volatile boolean stopping;

    void stop(@Observes ShutdownEvent event) {
        stopping = true;
    }

    @Scheduled(identity = JobRuns.CHALLENGE_SWEEP, every = "${cardtable.challenges.sweep-every:5s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        if (stopping) {
            return;
        }
        jobs.run(JobRuns.CHALLENGE_SWEEP, this::expireDue, e -> {
            if (!stopping) {
                LOG.warn("expiring challenges failed; the next run retries: " + e.getMessage());
            }
        });
    }

    /**
     * Expires pending challenges past their time (at most {@value #MAX_EXPIRED_PER_RUN} a call),
     * skipping those another transaction holds; each is told to both players.
     *
     * @return how many this call expired
     */
    public int expireDue() {
        return QuarkusTransaction.requiringNew().call(() -> {
            Instant now = writer.now();
            @SuppressWarnings("unchecked")
            List<ChallengeEntity> due = em.createNativeQuery("select * from challenges where status = 'pending' and "
                            + "expires_at <= ?1 order by expires_at limit " + MAX_EXPIRED_PER_RUN + " for update skip locked",
                    ChallengeEntity.class).setParameter(1, now).getResultList();
            for (ChallengeEntity c : due) {
                c.status = "expired";
                c.endedAt = now;
                changes.fire(new ChallengeChanged(views.view(c, writer.now()), c.challengerId, c.destId));
            }
            return due.size();
        });
    }
}
