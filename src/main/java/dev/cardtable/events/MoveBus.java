package dev.cardtable.events;

import dev.cardtable.game.LobbyChange;
import dev.cardtable.game.MovesApplied;
import dev.cardtable.store.GameStore;
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
import java.sql.ResultSet;
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
 * <p>A move transaction sends {@code pg_notify} only when its game is watched: a live subscriber
 * on some instance. Each instance keeps the set of watched games in memory: loaded from the
 * {@code game_watchers} table whenever its listening connection (re)connects and at every
 * heartbeat, and kept current between by {@value #WATCH_CHANNEL} notifications that every
 * subscribe and unsubscribe sends. So an unwatched move costs no statement at all.
 *
 * <p>Each instance LISTENs on {@value #CHANNEL} and, for a notification of a game it has
 * subscribers for, has each subscriber catch up from the log: the log, not the notification, is
 * what is sent, so a subscriber never misses or repeats a move. A move committed on another
 * instance in the moment before that instance heard of a new subscriber is not notified; the
 * subscriber catches up once more {@link #LATE_CATCH_UP} after subscribing, and at every
 * heartbeat, so such a move arrives late but is never lost.
 */
@ApplicationScoped
public class MoveBus {

    /** The notification channel of moves; payload {@code <game id>:<last seq>}. */
    public static final String CHANNEL = "cardtable_moves";

    /**
     * The notification channel of watchers; payload {@code +<game id>:<instance>} when an instance
     * starts watching a game, {@code -<game id>:<instance>} when it stops.
     */
    public static final String WATCH_CHANNEL = "cardtable_watch";

    /**
     * The notification channel of the lobby; payload {@code <change>:<game id>}, the change being
     * {@code opened}, {@code filled} or {@code cancelled} ({@link LobbyChange}).
     */
    public static final String LOBBY_CHANNEL = "cardtable_lobby";

    /** How long after subscribing a subscriber catches up once more. */
    public static final Duration LATE_CATCH_UP = Duration.ofSeconds(1);

    private static final Logger LOG = Logger.getLogger(MoveBus.class);

    /** A live subscriber of one game on this instance. */
    public interface Subscriber {

        /** Sends every log entry it has not sent yet. Must be safe to call from any thread. */
        void catchUp();

        /** Sends a keep-alive comment; false when the client has gone. */
        boolean heartbeat();
    }

    /** A live subscriber of the lobby on this instance. */
    public interface LobbySubscriber {

        /** Sends one lobby change. Must be safe to call from any thread. */
        void changed(String change, UUID gameId);

        /** Sends a keep-alive comment; false when the client has gone. */
        boolean heartbeat();
    }

    @Inject
    EntityManager em;

    @Inject
    GameStore store;

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
    private final Set<LobbySubscriber> lobby = ConcurrentHashMap.newKeySet();
    /** Watched games (on any instance) → the instances watching them. */
    private final Map<UUID, Set<UUID>> watched = new ConcurrentHashMap<>();
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
    void onMoves(@Observes MovesApplied moves) {
        if (enabled && watched.containsKey(moves.gameId())) {
            store.notify(CHANNEL, moves.gameId() + ":" + moves.lastSeq());
        }
    }

    /** Runs inside the transaction that opened, filled or cancelled a waiting game: every instance hears it. */
    void onLobby(@Observes LobbyChange change) {
        if (enabled) {
            store.notify(LOBBY_CHANNEL, change.change() + ":" + change.gameId());
        }
    }

    /** Registers {@code subscriber} for every lobby change on any instance from now on. */
    public void subscribeLobby(LobbySubscriber subscriber) {
        lobby.add(subscriber);
    }

    /** Removes a lobby subscriber. */
    public void unsubscribeLobby(LobbySubscriber subscriber) {
        lobby.remove(subscriber);
    }

    /**
     * Registers {@code subscriber} for {@code gameId}. The watcher row is written under a share
     * lock on the game row, so a move in flight commits first (and the caller's catch-up after
     * this call sees it) or starts after (and sees the watcher, and notifies).
     */
    public void subscribe(UUID gameId, Subscriber subscriber) {
        watch(gameId, instance);
        QuarkusTransaction.requiringNew().run(() -> {
            em.createNativeQuery("select 1 from games where id = ?1 for share").setParameter(1, gameId).getResultList();
            touch(gameId);
            store.notify(WATCH_CHANNEL, "+" + gameId + ":" + instance);
        });
        subscribers.computeIfAbsent(gameId, k -> ConcurrentHashMap.newKeySet()).add(subscriber);
        if (timer != null) {
            timer.schedule(() -> dispatch.execute(subscriber::catchUp), LATE_CATCH_UP.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /** Removes {@code subscriber}; the game's watcher row goes with the instance's last one. */
    public void unsubscribe(UUID gameId, Subscriber subscriber) {
        Set<Subscriber> set = subscribers.get(gameId);
        if (set == null || !set.remove(subscriber)) {
            return;
        }
        if (set.isEmpty()) {
            subscribers.remove(gameId, set);
            unwatch(gameId, instance);
            QuarkusTransaction.requiringNew().run(() -> {
                em.createNativeQuery("delete from game_watchers where game_id = ?1 and instance = ?2")
                        .setParameter(1, gameId).setParameter(2, instance).executeUpdate();
                store.notify(WATCH_CHANNEL, "-" + gameId + ":" + instance);
            });
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
                s.execute("LISTEN " + WATCH_CHANNEL);
                s.execute("LISTEN " + LOBBY_CHANNEL);
                reloadWatched(c);
                // Anything committed while this connection was down is caught up from the log.
                subscribers.values().forEach(set -> set.forEach(sub -> dispatch.execute(sub::catchUp)));
                PGConnection pg = c.unwrap(PGConnection.class);
                while (running) {
                    PGNotification[] notes = pg.getNotifications(5_000);
                    if (notes == null) {
                        continue;
                    }
                    for (PGNotification n : notes) {
                        receive(n);
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

    private void receive(PGNotification n) {
        String payload = n.getParameter();
        int colon = payload.indexOf(':');
        if (n.getName().equals(LOBBY_CHANNEL)) {
            String change = payload.substring(0, colon);
            UUID game = UUID.fromString(payload.substring(colon + 1));
            lobby.forEach(sub -> dispatch.execute(() -> sub.changed(change, game)));
            return;
        }
        if (n.getName().equals(WATCH_CHANNEL)) {
            UUID game = UUID.fromString(payload.substring(1, colon));
            UUID by = UUID.fromString(payload.substring(colon + 1));
            if (payload.charAt(0) == '+') {
                watch(game, by);
            } else {
                unwatch(game, by);
            }
            return;
        }
        Set<Subscriber> set = subscribers.get(UUID.fromString(payload.substring(0, colon)));
        if (set != null) {
            set.forEach(sub -> dispatch.execute(sub::catchUp));
        }
    }

    private void watch(UUID game, UUID by) {
        watched.computeIfAbsent(game, k -> ConcurrentHashMap.newKeySet()).add(by);
    }

    private void unwatch(UUID game, UUID by) {
        watched.computeIfPresent(game, (k, set) -> {
            set.remove(by);
            return set.isEmpty() ? null : set;
        });
    }

    /** Replaces the watched set with the table's rows, keeping this instance's own subscriptions. */
    private void reloadWatched(Connection c) throws SQLException {
        Map<UUID, Set<UUID>> fresh = new ConcurrentHashMap<>();
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select game_id, instance from game_watchers")) {
            while (rs.next()) {
                fresh.computeIfAbsent(rs.getObject(1, UUID.class), k -> ConcurrentHashMap.newKeySet())
                        .add(rs.getObject(2, UUID.class));
            }
        }
        subscribers.keySet().forEach(g -> fresh.computeIfAbsent(g, k -> ConcurrentHashMap.newKeySet()).add(instance));
        watched.keySet().retainAll(fresh.keySet());
        watched.putAll(fresh);
    }

    private void beat() {
        try {
            lobby.removeIf(sub -> !sub.heartbeat());
            subscribers.forEach((gameId, set) -> set.forEach(sub -> {
                if (!sub.heartbeat()) {
                    unsubscribe(gameId, sub);
                } else {
                    dispatch.execute(sub::catchUp);
                }
            }));
            QuarkusTransaction.requiringNew().run(() -> {
                subscribers.keySet().forEach(this::touch);
                // Rows of instances that died without cleaning up only cost notifications; drop them.
                em.createNativeQuery("delete from game_watchers where seen_at < now() - interval '5 minutes'")
                        .executeUpdate();
            });
            QuarkusTransaction.requiringNew().run(() -> em.unwrap(org.hibernate.Session.class).doWork(this::reloadWatched));
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
