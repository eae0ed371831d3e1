package dev.cardtable.pairing;

import dev.cardtable.platform.GameException;
import dev.cardtable.platform.game.PlayerRow;
import dev.cardtable.platform.game.RegisteredPlayers;
import dev.cardtable.platform.game.view.GameView;
import dev.cardtable.platform.telemetry.JobRuns;
import dev.cardtable.play.NewGames;
import dev.cardtable.play.NewMatch;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Pairs open seeks into games ({@code docs/api.md}, "Quick pairing"), on every instance every
 * {@code cardtable.seeks.every}: ends the seeks that timed out or were abandoned, reads the open
 * ones, pairs them by {@link PairingRule}, and makes each pair's game in a transaction of its own
 * that first locks both seeks ({@code FOR UPDATE SKIP LOCKED}) and finds them still open, so that a
 * seek is paired at most once however many instances pair at once. The seats are drawn at random;
 * both are verified.
 */
@ApplicationScoped
public class Pairing {

    private static final Logger LOG = Logger.getLogger(Pairing.class);

    /** The oldest open seeks, at most ?1 of them: walks {@code seeks_open_idx}. */
    static final String OPEN_SEEKS = "select * from seeks where status = 'open' order by created_at, id limit ?1";

    @Inject
    Seeks seeks;

    @Inject
    SeeksConfig config;

    @Inject
    NewGames games;

    @Inject
    RegisteredPlayers players;

    @Inject
    EntityManager em;

    @Inject
    JobRuns jobs;

    private PairingRule rule;
    private volatile boolean stopping;

    @PostConstruct
    void init() {
        rule = new PairingRule(config.window(), config.widenPerSecond(), config.maxWindow());
    }

    void stop(@Observes ShutdownEvent event) {
        stopping = true;
    }

    @Scheduled(identity = JobRuns.PAIRING, every = "${cardtable.seeks.every:1s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        if (stopping) {
            return;
        }
        jobs.run(JobRuns.PAIRING, this::run, e -> {
            if (!stopping) {
                LOG.warn("pairing seeks failed; the next run retries: " + e.getMessage());
            }
        });
    }

    /**
     * One pairing run.
     *
     * @return the games it made
     */
    public List<UUID> run() {
        Instant now = seeks.now();
        QuarkusTransaction.requiringNew().run(() -> {
            SeekEntity.update("status = 'expired', endedAt = ?1 where status = 'open' and expiresAt <= ?1", now);
            SeekEntity.update("status = 'abandoned', endedAt = ?1 where status = 'open' and seenAt < ?2", now,
                    now.minus(config.keepAlive()));
        });
        @SuppressWarnings("unchecked")
        List<PairingRule.Candidate> open = QuarkusTransaction.requiringNew().call(() ->
                ((List<SeekEntity>) em.createNativeQuery(OPEN_SEEKS, SeekEntity.class).setParameter(1, config.batch())
                        .getResultList()).stream().map(s -> new PairingRule.Candidate(s.id, s.playerId,
                                s.gameType + "/" + s.ruleset + "/" + s.clock + "/" + s.rated, s.rating, s.ratingMin,
                                s.ratingMax, s.createdAt)).toList());
        List<UUID> made = new ArrayList<>();
        for (PairingRule.Pair p : rule.pairs(open, now)) {
            try {
                UUID game = QuarkusTransaction.requiringNew().call(() -> pair(p.older().id(), p.newer().id(), now));
                if (game != null) {
                    made.add(game);
                }
            } catch (GameException e) {
                // A seek whose game cannot be made (its player's registration ended meanwhile, say)
                // ends rather than failing every run.
                LOG.info("seeks " + p.older().id() + " and " + p.newer().id() + " could not be paired: " + e.getMessage());
                QuarkusTransaction.requiringNew().run(() -> SeekEntity.update(
                        "status = 'cancelled', endedAt = ?1 where id in ?2 and status = 'open'", now,
                        List.of(p.older().id(), p.newer().id())));
            }
        }
        return made;
    }

    /** Pairs seeks {@code a} (the older) and {@code b} if both are still open and free; the game, or null. */
    private UUID pair(UUID a, UUID b, Instant now) {
        @SuppressWarnings("unchecked")
        List<SeekEntity> locked = em.createNativeQuery("select * from seeks where id in (?1, ?2) and status = 'open' "
                + "order by id for update skip locked", SeekEntity.class).setParameter(1, a).setParameter(2, b).getResultList();
        if (locked.size() != 2) {
            return null; // another instance holds or paired one of them
        }
        SeekEntity first = locked.get(0).id.equals(a) ? locked.get(0) : locked.get(1);
        SeekEntity second = first == locked.get(0) ? locked.get(1) : locked.get(0);
        PlayerRow p1 = player(first);
        PlayerRow p2 = player(second);
        GameView game = games.start(new NewMatch(first.gameType, first.ruleset, null, seeks.clock(first), first.rated, p1,
                null, p2));
        for (SeekEntity s : List.of(first, second)) {
            s.status = "paired";
            s.gameId = game.id();
            s.endedAt = now;
        }
        return game.id();
    }

    private PlayerRow player(SeekEntity s) {
        return players.byId(s.playerId).orElseThrow(() ->
                new GameException(dev.cardtable.platform.Failure.PLAYER_KEY_INVALID, "the registration of "
                        + s.playerName + " ended"));
    }
}
