package dev.cardtable.game;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Live move events across server instances, by PostgreSQL LISTEN/NOTIFY.
 *
 * <p>A move transaction sends {@code pg_notify} only when its game has a watcher row (a live
 * subscriber on some instance), so unwatched games pay one indexed lookup and no notification.
 * Each instance keeps one connection that LISTENs on {@value #CHANNEL} and, for a notification of
 * a game it has subscribers for, has each subscriber catch up from the log: the log, not the
 * notification, is what is sent, so a subscriber never misses or repeats a move.
 */
@ApplicationScoped
public class MoveEvents {

    /** The notification channel; payload {@code <game id>:<last seq>}. */
    public static final String CHANNEL = "cardtable_moves";

    private static final Logger LOG = Logger.getLogger(MoveEvents.class);

    /** A live subscriber of one game on this instance. */
    public interface Subscriber {

        /** Sends every log entry it has not sent yet. Must be safe to call from any thread. */
        void catchUp();

        /** Sends a keep-alive comment; false when the client has gone. */
        boolean heartbeat();
    }

    @Inject
    EntityManager em;

    @ConfigProperty(name = "cardtable.events.enabled", defaultValue = "true")
    boolean enabled;

    @ConfigProperty(name = "cardtable.events.heartbeat", defaultValue = "15s")
    Duration heartbeat;

    @ConfigProperty(name = "quarkus.datasource.jdbc.url")
    String url;

    @ConfigProperty(name = "quarkus.datasource.username")
    Optional<String> username;

    @ConfigProperty(name = "quarkus.datasource.password")
    Optional<String> password;

    private final UUID instance = UUID.randomUUID();
    private final Map<UUID, Set<Subscriber>> subscribers = new ConcurrentHashMap<>();
    private final ExecutorService dispatch = Executors.newVirtualThreadPerTaskExecutor();
    private ScheduledExecutorService timer;
    private volatile boolean running;
    private Thread listener;

    void start(@Observes StartupEvent event) {
        if (!enabled) {
            return;
        }
        running = true;
        listener = Thread.ofPlatform().daemon().name("cardtable-listen").start(this::listen);
        timer = Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().daemon().name("cardtable-heartbeat").unstarted(r));
        timer.scheduleAtFixedRate(this::beat, heartbeat.toMillis(), heartbeat.toMillis(), TimeUnit.MILLISECONDS);
    }

    void stop(@Observes ShutdownEvent event) {
        running = false;
        if (timer != null) {
            timer.shutdownNow();
        }
        if (listener != null) {
            listener.interrupt();
        }
        dispatch.shutdownNow();
        // This instance's watcher rows expire by themselves (see beat()); the database may
        // already be stopping with the server, so they are not deleted here.
    }

    /** Whether live events are served ({@code cardtable.events.enabled}). */
    public boolean enabled() {
        return enabled;
    }

    /** Runs inside every move transaction: notifies only when someone watches the game. */
    void onMoves(@Observes GameService.MovesApplied moves) {
        if (!enabled) {
            return;
        }
        boolean watched = (Boolean) em.createNativeQuery(
                        "select exists (select 1 from game_watchers where game_id = ?1)")
                .setParameter(1, moves.gameId()).getSingleResult();
        if (watched) {
            em.createNativeQuery("select pg_notify(?1, ?2)")
                    .setParameter(1, CHANNEL).setParameter(2, moves.gameId() + ":" + moves.lastSeq())
                    .getSingleResult();
        }
    }

    /**
     * Registers {@code subscriber} for {@code gameId}. The watcher row is written under a share
     * lock on the game row, so a move in flight commits first (and the caller's catch-up after
     * this call sees it) or starts after (and sees the watcher, and notifies).
     */
    public void subscribe(UUID gameId, Subscriber subscriber) {
        QuarkusTransaction.requiringNew().run(() -> {
            em.createNativeQuery("select 1 from games where id = ?1 for share").setParameter(1, gameId).getResultList();
            touch(gameId);
        });
        subscribers.computeIfAbsent(gameId, k -> ConcurrentHashMap.newKeySet()).add(subscriber);
    }

    /** Removes {@code subscriber}; the game's watcher row goes with the instance's last one. */
    public void unsubscribe(UUID gameId, Subscriber subscriber) {
        Set<Subscriber> set = subscribers.get(gameId);
        if (set == null || !set.remove(subscriber)) {
            return;
        }
        if (set.isEmpty()) {
            subscribers.remove(gameId, set);
            QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery(
                            "delete from game_watchers where game_id = ?1 and instance = ?2")
                    .setParameter(1, gameId).setParameter(2, instance).executeUpdate());
        }
    }

    private void touch(UUID gameId) {
        em.createNativeQuery("""
                        insert into game_watchers (game_id, instance, seen_at) values (?1, ?2, now())
                        on conflict (game_id, instance) do update set seen_at = now()""")
                .setParameter(1, gameId).setParameter(2, instance).executeUpdate();
    }

    private void listen() {
        while (running) {
            try (Connection c = DriverManager.getConnection(url, username.orElse(null), password.orElse(null));
                 Statement s = c.createStatement()) {
                s.execute("LISTEN " + CHANNEL);
                // Anything committed while this connection was down is caught up from the log.
                subscribers.values().forEach(set -> set.forEach(sub -> dispatch.execute(sub::catchUp)));
                PGConnection pg = c.unwrap(PGConnection.class);
                while (running) {
                    PGNotification[] notes = pg.getNotifications(5_000);
                    if (notes == null) {
                        continue;
                    }
                    for (PGNotification n : notes) {
                        String payload = n.getParameter();
                        int colon = payload.indexOf(':');
                        Set<Subscriber> set = subscribers.get(UUID.fromString(payload.substring(0, colon)));
                        if (set != null) {
                            set.forEach(sub -> dispatch.execute(sub::catchUp));
                        }
                    }
                }
            } catch (SQLException | RuntimeException e) {
                if (running) {
                    LOG.warn("event listener connection lost; reconnecting: " + e.getMessage());
                    sleep(1_000);
                }
            }
        }
    }

    private void beat() {
        try {
            subscribers.forEach((gameId, set) -> set.forEach(sub -> {
                if (!sub.heartbeat()) {
                    unsubscribe(gameId, sub);
                }
            }));
            QuarkusTransaction.requiringNew().run(() -> {
                subscribers.keySet().forEach(this::touch);
                // Rows of instances that died without cleaning up only cost notifications; drop them.
                em.createNativeQuery("delete from game_watchers where seen_at < now() - interval '5 minutes'")
                        .executeUpdate();
            });
        } catch (RuntimeException e) {
            LOG.warn("heartbeat failed: " + e.getMessage());
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
