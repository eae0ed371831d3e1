package dev.cardtable.platform.game;

import dev.cardtable.platform.db.Db;
import dev.cardtable.platform.telemetry.JobRuns;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import org.jboss.logging.Logger;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * Keeps the read models right whatever build wrote a change (migration {@code V20};
 * {@code docs/operations.md}, "Upgrades").
 * <ul>
 *   <li>The database marks, in {@code read_model_marks}, every game created, every change of a
 *       game's status and every change of who sits at a seat, whoever writes it, with the
 *       generation of read models that must hear of it (migration {@code V26}). This build
 *       announces each such change in the same transaction ({@link GameChanged}), and its read
 *       models follow it there; so it removes the mark as that transaction ends, after every
 *       statement of it ({@link #announced}): the marks of its {@link #GENERATION} and below. A
 *       change made by a build that keeps no read models, or fewer than this one, stays marked.</li>
 *   <li>Every {@code cardtable.read-models.reconcile-every} (default 5 s; {@code off} disables it)
 *       each instance takes the marked games oldest first, at most {@value #MAX_PER_RUN} a run,
 *       each in a transaction of its own under the game's lock ({@code FOR UPDATE SKIP LOCKED}, so
 *       two instances never take one game, and a game being changed is taken at the next run),
 *       removes the mark and fires {@link GameReconciled} with the game as it now stands; the
 *       features bring their rows back to it.</li>
 * </ul>
 * Whether the read models agree with their base tables is the SQL function
 * {@code read_model_disagreements()}, which lists every difference (none when they agree).
 */
@Singleton
public class ReadModelUpkeep {

    /**
     * The generation of this build's read models: the marks it removes and reconciles are those of
     * this generation and below. A release that adds a read model raises it, with a migration that
     * makes the database mark changes with the new number ({@code docs/operations.md}, "Upgrades").
     */
    public static final int GENERATION = 2;

    /** The most games one run reconciles, so that a backlog cannot hold the scheduler thread for long. */
    public static final int MAX_PER_RUN = 500;

    private static final Logger LOG = Logger.getLogger(ReadModelUpkeep.class);

    @Inject
    Db db;

    @Inject
    JobRuns jobs;

    @Inject
    GameStore store;

    @Inject
    Event<GameReconciled> reconciled;

    @Inject
    TransactionSynchronizationRegistry registry;

    private volatile boolean stopping;

    void stop(@Observes ShutdownEvent event) {
        stopping = true;
    }

    /**
     * The change {@code c} was announced in its own transaction, so its mark (if the database made
     * one) goes with it. Only the changes the database marks cost a statement here: a game
     * created, its status changed, or its seats written.
     */
    void onChange(@Observes GameChanged c) {
        if (c.before() == c.after() && !c.seated()) {
            return;
        }
        announced(c.gameId());
    }

    /**
     * Game {@code gameId} is written in the current transaction by this build, which keeps its
     * read models: its mark goes as the transaction ends, whatever statements of it made the mark
     * (one {@code delete} for all the games of a transaction, before it commits); outside a
     * transaction, at once. For writes that announce no {@link GameChanged} of their own.
     */
    public void announced(UUID gameId) {
        if (registry.getTransactionStatus() != Status.STATUS_ACTIVE) {
            unmark(Set.of(gameId));
            return;
        }
        @SuppressWarnings("unchecked")
        Set<UUID> games = (Set<UUID>) registry.getResource(ReadModelUpkeep.class);
        if (games == null) {
            Set<UUID> fresh = new LinkedHashSet<>();
            registry.putResource(ReadModelUpkeep.class, fresh);
            registry.registerInterposedSynchronization(new Synchronization() {
                @Override
                public void beforeCompletion() {
                    if (registry.getTransactionStatus() == Status.STATUS_ACTIVE) {
                        unmark(fresh);
                    }
                }

                @Override
                public void afterCompletion(int status) {
                    // nothing: the delete committed or rolled back with the transaction
                }
            });
            games = fresh;
        }
        games.add(gameId);
    }

    private void unmark(Set<UUID> games) {
        db.work(conn -> {
            try (PreparedStatement ps = conn.prepareStatement("delete from read_model_marks where game_id = any (?) and generation <= ?")) {
                ps.setArray(1, conn.createArrayOf("uuid", games.toArray()));
                ps.setInt(2, GENERATION);
                ps.executeUpdate();
            }
            return null;
        });
    }

    @Scheduled(identity = JobRuns.READ_MODEL_UPKEEP, every = "${cardtable.read-models.reconcile-every:5s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        if (stopping) {
            return;
        }
        jobs.run(JobRuns.READ_MODEL_UPKEEP, () -> {
            int n = reconcile();
            if (n > 0) {
                LOG.infof("read models: reconciled %d game(s) changed by a writer that kept no read models", n);
            }
            return n;
        }, e -> {
            if (!stopping) {
                LOG.warn("read models: reconcile failed; the next run retries: " + e.getMessage());
            }
        });
    }

    /**
     * Reconciles the marked games, oldest first: each one free of locks is unmarked and announced
     * as {@link GameReconciled} in a transaction of its own; one held by another transaction waits
     * for the next run.
     *
     * @return how many games this call reconciled (at most {@value #MAX_PER_RUN})
     */
    public int reconcile() {
        int done = 0;
        for (UUID id : marked()) {
            if (stopping) {
                break;
            }
            if (QuarkusTransaction.requiringNew().call(() -> reconcile(id))) {
                done++;
            }
        }
        return done;
    }

    /** How many games are marked now for this build's generation or below. */
    public long pending() {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("select count(distinct game_id) from read_model_marks where generation <= " + GENERATION);
                 ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    private List<UUID> marked() {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "select game_id from read_model_marks where generation <= " + GENERATION
                            + " group by game_id order by min(since), game_id limit " + MAX_PER_RUN);
                 ResultSet rs = ps.executeQuery()) {
                List<UUID> ids = new ArrayList<>();
                while (rs.next()) {
                    ids.add(rs.getObject(1, UUID.class));
                }
                return ids;
            }
        });
    }

    private boolean reconcile(UUID id) {
        return store.lockIfFree(id).map(g -> {
            boolean unmarked = db.work(c -> {
                try (PreparedStatement ps = c.prepareStatement(
                        "delete from read_model_marks where game_id = ? and generation <= " + GENERATION)) {
                    ps.setObject(1, id);
                    return ps.executeUpdate() >= 1;
                }
            });
            if (unmarked) {
                reconciled.fire(new GameReconciled(GameChanged.of(null, g, true, List.of())));
            }
            return unmarked;
        }).orElse(false);
    }
}
