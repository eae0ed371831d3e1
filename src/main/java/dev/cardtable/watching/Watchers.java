package dev.cardtable.watching;

import dev.cardtable.platform.db.Db;
import dev.cardtable.platform.events.Channel;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which games are watched, by a live subscriber on any instance, so that a move notifies only
 * then ({@link MoveBus}). Each instance keeps the set in memory: loaded from the
 * {@code game_watchers} table whenever the listening connection (re)connects and at every
 * heartbeat, and kept current between by {@value #CHANNEL} notifications that every watch and
 * unwatch sends. So an unwatched move costs no statement at all.
 */
@ApplicationScoped
public class Watchers implements Channel {

    /**
     * The notification channel of watchers; payload {@code +<game id>:<instance>} when an instance
     * starts watching a game, {@code -<game id>:<instance>} when it stops.
     */
    public static final String CHANNEL = "cardtable_watch";

    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(Watchers.class);

    @Inject
    WatcherStore rows;

    @Inject
    Db db;

    private final UUID instance = UUID.randomUUID();
    /** The games this instance watches. */
    private final Set<UUID> local = ConcurrentHashMap.newKeySet();
    /** Watched games (on any instance) → the instances watching them. */
    private final Map<UUID, Set<UUID>> watched = new ConcurrentHashMap<>();

    @Override
    public String name() {
        return CHANNEL;
    }

    /** Whether some instance watches {@code gameId}; a map lookup, no statement. */
    public boolean watched(UUID gameId) {
        return watched.containsKey(gameId);
    }

    /**
     * This instance starts watching {@code gameId}. The watcher row is written under a share lock
     * on the game row, so a move in flight commits first (and a catch-up after this call sees it)
     * or starts after (and sees the watcher, and notifies).
     */
    public void watch(UUID gameId) {
        local.add(gameId);
        add(gameId, instance);
        QuarkusTransaction.requiringNew().run(() -> {
            rows.watch(gameId, instance);
            db.notify(CHANNEL, "+" + gameId + ":" + instance);
        });
    }

    /**
     * This instance stops watching {@code gameId}. When the database cannot be used just then, the
     * watcher row stays until it expires ({@link #heartbeat}): it costs only notifications.
     */
    public void unwatch(UUID gameId) {
        local.remove(gameId);
        remove(gameId, instance);
        try {
            QuarkusTransaction.requiringNew().run(() -> {
                rows.unwatch(gameId, instance);
                db.notify(CHANNEL, "-" + gameId + ":" + instance);
            });
        } catch (RuntimeException e) {
            LOG.debug("watcher row of " + gameId + " left to expire: " + e.getMessage());
        }
    }

    @Override
    public void receive(String payload) {
        int colon = payload.indexOf(':');
        UUID game = UUID.fromString(payload.substring(1, colon));
        UUID by = UUID.fromString(payload.substring(colon + 1));
        if (payload.charAt(0) == '+') {
            add(game, by);
        } else {
            remove(game, by);
        }
    }

    @Override
    public void connected(Connection connection) throws SQLException {
        reload(WatcherStore.all(connection));
    }

    /** Keeps this instance's rows fresh, drops those of instances that died, and reloads the set. */
    @Override
    public void heartbeat() {
        QuarkusTransaction.requiringNew().run(() -> {
            local.forEach(g -> rows.touch(g, instance));
            // Rows of instances that died without cleaning up only cost notifications; drop them.
            rows.expire();
        });
        reload(rows.all());
    }

    private void add(UUID game, UUID by) {
        watched.computeIfAbsent(game, k -> ConcurrentHashMap.newKeySet()).add(by);
    }

    private void remove(UUID game, UUID by) {
        watched.computeIfPresent(game, (k, set) -> {
            set.remove(by);
            return set.isEmpty() ? null : set;
        });
    }

    /** Replaces the watched set with the table's rows ({@code fresh}, changed here), keeping this instance's own games. */
    private void reload(Map<UUID, Set<UUID>> fresh) {
        local.forEach(g -> fresh.computeIfAbsent(g, k -> ConcurrentHashMap.newKeySet()).add(instance));
        watched.keySet().retainAll(fresh.keySet());
        watched.putAll(fresh);
    }
}
