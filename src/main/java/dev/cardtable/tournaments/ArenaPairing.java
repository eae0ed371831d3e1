package dev.cardtable.tournaments;

import dev.cardtable.platform.GameException;
import dev.cardtable.platform.game.PlayerRow;
import dev.cardtable.platform.game.RegisteredPlayers;
import dev.cardtable.platform.game.view.GameView;
import dev.cardtable.platform.game.view.SeatView;
import dev.cardtable.platform.telemetry.JobRuns;
import dev.cardtable.play.NewGames;
import dev.cardtable.play.NewMatch;
import dev.cardtable.ratings.SeatRatings;
import io.quarkus.arc.Arc;
import io.quarkus.arc.ManagedContext;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Pairs the free players of running arenas ({@code docs/tournaments.md}, "Pairing") and finishes
 * the arenas that ended, on every instance every {@code cardtable.arenas.every}. The free players
 * of each arena between its start and {@code pairingEndsAt} are paired by {@link ArenaPairingRule};
 * each pair's game is made in a transaction of its own that first locks both entries
 * ({@code FOR UPDATE SKIP LOCKED}) and finds both still free, so that however many instances pair
 * at once a player is in at most one arena game and no pairing is made twice. Seats are drawn at
 * random. An arena past its end whose games have all ended becomes final: its ranks are stored
 * once and {@code finished} is told.
 *
 * <p>The instance that ends an arena game does not wait for its next run: once the ending commits
 * ({@link ArenaFreed}), it pairs that arena after {@code cardtable.arenas.gather} (which gathers
 * the endings of that moment into one run). One instance pairs one arena in one run at a time;
 * runs on different instances are kept apart by the row locks alone.
 */
@ApplicationScoped
public class ArenaPairing {

    private static final Logger LOG = Logger.getLogger(ArenaPairing.class);

    /** Arenas started and not yet final: walks {@code arenas_live_idx}. */
    static final String LIVE = "select id, pairing_ends_at, ends_at from arenas where not final and starts_at <= ?1";

    /** Arena ?1's free players, best placed first, at most ?2: walks {@code arena_players_standing_idx}. */
    static final String FREE = "select player_id, player_name, points, performance, last_opponent from arena_players "
            + "where arena_id = ?1 and not paused and playing is null order by " + Arenas.ORDER + " limit ?2";

    /** Whether arena ?1 has a game in progress: walks {@code arena_games_running_idx}. */
    static final String RUNNING = "select count(*) from arena_games where arena_id = ?1 and ended_at is null";

    @Inject
    Arenas arenas;

    @Inject
    ArenasConfig config;

    @Inject
    NewGames games;

    @Inject
    RegisteredPlayers players;

    @Inject
    SeatRatings ratings;

    @Inject
    ArenaEvents events;

    @Inject
    EntityManager em;

    @Inject
    JobRuns jobs;

    @Inject
    Event<ArenaGameStarted> started;

    private volatile boolean stopping;

    /** Per arena: held while this instance pairs it, so its runs here do not compete. */
    private final ConcurrentHashMap<UUID, ReentrantLock> running = new ConcurrentHashMap<>();

    /** The arenas with a run asked for by an ending and not yet begun. */
    private final Set<UUID> asked = ConcurrentHashMap.newKeySet();

    /**
     * After an arena game's ending commits: pairs its arena after {@code cardtable.arenas.gather},
     * unless a run asked for is already waiting (it will see these players too), the instance is
     * stopping, or pairing is {@code off} here.
     */
    void onFreed(@Observes(during = TransactionPhase.AFTER_SUCCESS) ArenaFreed f) {
        if (stopping || "off".equals(config.every()) || !asked.add(f.arena())) {
            return;
        }
        Thread.ofVirtual().name("arena-pairing").start(() -> {
            try {
                Thread.sleep(config.gather());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            asked.remove(f.arena());
            if (stopping) {
                return;
            }
            try {
                inRequestContext(() -> pair(f.arena()));
            } catch (RuntimeException e) {
                if (!stopping) {
                    LOG.warn("pairing arena " + f.arena() + " after an ending failed; the next run retries: " + e.getMessage());
                }
            }
        });
    }

    void stop(@Observes ShutdownEvent event) {
        stopping = true;
    }

    @Scheduled(identity = JobRuns.ARENAS, every = "${cardtable.arenas.every:1s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        if (stopping) {
            return;
        }
        jobs.run(JobRuns.ARENAS, this::run, e -> {
            if (!stopping) {
                LOG.warn("pairing arenas failed; the next run retries: " + e.getMessage());
            }
        });
    }

    /**
     * One run: pairs every running arena and finishes every ended one.
     *
     * @return the games it made
     */
    @SuppressWarnings("unchecked")
    public List<UUID> run() {
        Instant now = arenas.now();
        List<Object[]> live = QuarkusTransaction.requiringNew().call(() ->
                em.createNativeQuery(LIVE).setParameter(1, now).getResultList());
        List<UUID> made = new ArrayList<>();
        for (Object[] row : live) {
            UUID arena = (UUID) row[0];
            if (now.isBefore(Arenas.instant(row[1]))) {
                made.addAll(pair(arena));
            } else if (!now.isBefore(Arenas.instant(row[2]))) {
                QuarkusTransaction.requiringNew().run(() -> finish(arena, now));
            }
        }
        return made;
    }

    /** Pairs arena {@code arena}'s free players, one run of this instance at a time; the games made. */
    List<UUID> pair(UUID arena) {
        var lock = running.computeIfAbsent(arena, a -> new ReentrantLock());
        lock.lock();
        try {
            return pairNow(arena);
        } finally {
            lock.unlock();
        }
    }

    @SuppressWarnings("unchecked")
    private List<UUID> pairNow(UUID arena) {
        List<ArenaPairingRule.Free> free = QuarkusTransaction.requiringNew().call(() -> ((List<Object[]>) em.createNativeQuery(FREE)
                .setParameter(1, arena).setParameter(2, config.batch()).getResultList()).stream()
                .map(r -> new ArenaPairingRule.Free((UUID) r[0], (String) r[1], ((Number) r[2]).intValue(),
                        r[3] == null ? null : ((Number) r[3]).intValue(), (UUID) r[4])).toList());
        List<ArenaPairingRule.Pair> pairs = ArenaPairingRule.pairs(free);
        List<UUID> made = java.util.Collections.synchronizedList(new ArrayList<>());
        // The pairs' transactions are independent (each locks its two entries, then the arena's row
        // for its event), so up to cardtable.arenas.parallel of them run at once: a run that makes
        // many games at once keeps the wait for the last of them short.
        try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
            Semaphore slots = new Semaphore(Math.max(1, config.parallel()));
            for (ArenaPairingRule.Pair p : pairs) {
                slots.acquireUninterruptibly();
                pool.submit(() -> {
                    try {
                        inRequestContext(() -> makePair(arena, p, made));
                    } finally {
                        slots.release();
                    }
                });
            }
        }
        return List.copyOf(made);
    }

    /** Runs {@code work} in a request context of its own, as the scheduled run's thread has one. */
    private static void inRequestContext(Runnable work) {
        ManagedContext context = Arc.container().requestContext();
        context.activate();
        try {
            work.run();
        } finally {
            context.terminate();
        }
    }

    /** Makes the game of pair {@code p}, adding it to {@code made}; pauses a player whose game cannot be made. */
    private void makePair(UUID arena, ArenaPairingRule.Pair p, List<UUID> made) {
        {
            try {
                UUID game = QuarkusTransaction.requiringNew().call(() -> pair(arena, p.first().player(), p.second().player()));
                if (game != null) {
                    made.add(game);
                }
            } catch (PairingClosed e) {
                // nothing was made: the pairing closed meanwhile
            } catch (GameException e) {
                // A player whose game cannot be made (their registration ended meanwhile, say) is
                // paused rather than failing every run.
                LOG.info("arena " + arena + ": " + p.first().name() + " and " + p.second().name()
                        + " could not be paired: " + e.getMessage());
                QuarkusTransaction.requiringNew().run(() -> {
                    for (ArenaPairingRule.Free f : List.of(p.first(), p.second())) {
                        if (players.byId(f.player()).isEmpty()) {
                            em.createNativeQuery("update arena_players set paused = true where arena_id = ?1 and player_id = ?2")
                                    .setParameter(1, arena).setParameter(2, f.player()).executeUpdate();
                        }
                    }
                });
            } catch (RuntimeException e) {
                if (!stopping) {
                    LOG.warn("arena " + arena + ": pairing " + p.first().name() + " and " + p.second().name()
                            + " failed; the next run retries: " + e.getMessage());
                }
            }
        }
    }

    /** Pairs {@code a} and {@code b} in arena {@code arena} if both are still free; the game, or null. */
    @SuppressWarnings("unchecked")
    private UUID pair(UUID arena, UUID a, UUID b) {
        ArenaEntity ar = ArenaEntity.findById(arena);
        if (ar == null || !arenas.now().isBefore(ar.pairingEndsAt)) {
            return null;
        }
        List<Object> locked = em.createNativeQuery("select player_id from arena_players where arena_id = ?1 "
                        + "and player_id in (?2, ?3) and not paused and playing is null order by player_id for update skip locked")
                .setParameter(1, arena).setParameter(2, a).setParameter(3, b).getResultList();
        if (locked.size() != 2) {
            return null; // another instance holds or paired one of them, or one withdrew
        }
        PlayerRow p1 = player(a);
        PlayerRow p2 = player(b);
        int r1 = (int) Math.round(ratings.current(p1.id(), ar.gameType, ar.ruleset));
        int r2 = (int) Math.round(ratings.current(p2.id(), ar.gameType, ar.ruleset));
        GameView game = games.start(new NewMatch(ar.gameType, ar.ruleset, null, arenas.clock(ar), ar.rated, p1, null, p2));
        if (!game.createdAt().isBefore(ar.pairingEndsAt)) {
            // The pairing closed while the game was being made: the whole pairing is undone.
            throw new PairingClosed();
        }
        List<SeatView> seats = game.seats();
        boolean firstIsA = p1.name().equals(seats.get(0).name());
        PlayerRow s0 = firstIsA ? p1 : p2;
        PlayerRow s1 = firstIsA ? p2 : p1;
        int rating0 = firstIsA ? r1 : r2;
        int rating1 = firstIsA ? r2 : r1;
        em.createNativeQuery("insert into arena_games (arena_id, game_id, player_a, player_b, name_a, name_b, rating_a, "
                        + "rating_b, paired_at) values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)")
                .setParameter(1, arena).setParameter(2, game.id()).setParameter(3, s0.id()).setParameter(4, s1.id())
                .setParameter(5, s0.name()).setParameter(6, s1.name()).setParameter(7, rating0).setParameter(8, rating1)
                .setParameter(9, arenas.now()).executeUpdate();
        for (int i = 0; i < 2; i++) {
            PlayerRow me = i == 0 ? s0 : s1;
            PlayerRow other = i == 0 ? s1 : s0;
            em.createNativeQuery("update arena_players set playing = ?3, last_opponent = ?4, rating = ?5 "
                            + "where arena_id = ?1 and player_id = ?2")
                    .setParameter(1, arena).setParameter(2, me.id()).setParameter(3, game.id()).setParameter(4, other.id())
                    .setParameter(5, i == 0 ? rating0 : rating1).executeUpdate();
        }
        started.fire(new ArenaGameStarted(arena, game.id(), List.of(s0.id(), s1.id())));
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("gameId", game.id());
        data.put("players", List.of(s0.name(), s1.name()));
        events.append(arena, "pairing", data);
        return game.id();
    }

    /** Makes arena {@code arena} final when it has ended and every one of its games has ended. */
    void finish(UUID arena, Instant now) {
        Number running = (Number) em.createNativeQuery(RUNNING)
                .setParameter(1, arena).getSingleResult();
        if (running.intValue() > 0) {
            return;
        }
        // The entries first, then the arena's row: the order every writer of both keeps.
        em.createNativeQuery("select player_id from arena_players where arena_id = ?1 order by player_id for update")
                .setParameter(1, arena).getResultList();
        int marked = em.createNativeQuery("update arenas set final = true, finished_at = ?2 where id = ?1 and not final")
                .setParameter(1, arena).setParameter(2, now).executeUpdate();
        this.running.remove(arena);
        if (marked == 0) {
            return; // another instance finished it
        }
        em.createNativeQuery("update arena_players p set final_rank = r.rank from (select player_id, row_number() over "
                        + "(order by " + Arenas.ORDER + ") as rank from arena_players where arena_id = ?1) r "
                        + "where p.arena_id = ?1 and p.player_id = r.player_id")
                .setParameter(1, arena).executeUpdate();
        em.clear();
        events.append(arena, "finished", arenas.get(arena));
    }

    /** Thrown to roll back a pairing whose game was made once the pairing had closed. */
    private static final class PairingClosed extends RuntimeException {
        PairingClosed() {
            super("the pairing closed", null, false, false);
        }
    }

    private PlayerRow player(UUID id) {
        return players.byId(id).orElseThrow(() -> new GameException(dev.cardtable.platform.Failure.PLAYER_KEY_INVALID,
                "the registration of player " + id + " ended"));
    }
}
