package dev.cardtable.watching;

import dev.cardtable.platform.db.Db;
import dev.cardtable.platform.events.Channel;
import dev.cardtable.platform.events.Listener;
import dev.cardtable.platform.game.MovesApplied;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import java.sql.Connection;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Live move events across server instances, by PostgreSQL LISTEN/NOTIFY.
 *
 * <p>A move transaction sends {@code pg_notify} only when its game is watched: a live subscriber
 * on some instance ({@link Watchers}, kept in memory, so an unwatched move costs no statement).
 *
 * <p>Each instance LISTENs on {@value #CHANNEL} and, for a notification of a game it has
 * subscribers for, has each subscriber catch up from the log: the log, not the notification, is
 * what is sent, so a subscriber never misses or repeats a move. A move committed on another
 * instance in the moment before that instance heard of a new subscriber is not notified; the
 * subscriber catches up once more {@link #LATE_CATCH_UP} after subscribing, and at every
 * heartbeat, so such a move arrives late but is never lost.
 */
@ApplicationScoped
public class MoveBus implements Channel {

    /** The notification channel of moves; payload {@code <game id>:<last seq>}. */
    public static final String CHANNEL = "cardtable_moves";

    /** How long after subscribing a subscriber catches up once more. */
    public static final Duration LATE_CATCH_UP = Duration.ofSeconds(1);

    /** A live subscriber of one game on this instance. */
    public interface Subscriber {

        /** Sends every log entry it has not sent yet. Must be safe to call from any thread. */
        void catchUp();

        /** Sends a keep-alive comment; false when the client has gone. */
        boolean heartbeat();
    }

    @Inject
    Listener listener;

    @Inject
    Watchers watchers;

    @Inject
    Db db;

    private final Map<UUID, Set<Subscriber>> subscribers = new ConcurrentHashMap<>();

    @Override
    public String name() {
        return CHANNEL;
    }

    /** Whether live events are served ({@code cardtable.events.enabled}). */
    public boolean enabled() {
        return listener.enabled();
    }

    /** Runs inside every move transaction: notifies only when someone watches the game. */
    void onMoves(@Observes MovesApplied moves) {
        if (listener.enabled() && watchers.watched(moves.gameId())) {
            db.notify(CHANNEL, moves.gameId() + ":" + moves.lastSeq());
        }
    }

    /** Registers {@code subscriber} for {@code gameId}; see {@link Watchers#watch} for the ordering with moves. */
    public void subscribe(UUID gameId, Subscriber subscriber) {
        watchers.watch(gameId);
        subscribers.computeIfAbsent(gameId, k -> ConcurrentHashMap.newKeySet()).add(subscriber);
        listener.later(LATE_CATCH_UP, () -> listener.dispatch(subscriber::catchUp));
    }

    /** Removes {@code subscriber}; the game's watcher row goes with the instance's last one. */
    public void unsubscribe(UUID gameId, Subscriber subscriber) {
        Set<Subscriber> set = subscribers.get(gameId);
        if (set == null || !set.remove(subscriber)) {
            return;
        }
        if (set.isEmpty()) {
            subscribers.remove(gameId, set);
            watchers.unwatch(gameId);
        }
    }

    @Override
    public void receive(String payload) {
        Set<Subscriber> set = subscribers.get(UUID.fromString(payload.substring(0, payload.indexOf(':'))));
        if (set != null) {
            set.forEach(sub -> listener.dispatch(sub::catchUp));
        }
    }

    /** Anything committed while the listening connection was down is caught up from the log. */
    @Override
    public void connected(Connection connection) {
        subscribers.values().forEach(set -> set.forEach(sub -> listener.dispatch(sub::catchUp)));
    }

    /** Drops subscribers whose clients have gone, and has the others catch up. */
    @Override
    public void heartbeat() {
        subscribers.forEach((gameId, set) -> set.forEach(sub -> {
            if (!sub.heartbeat()) {
                unsubscribe(gameId, sub);
            } else {
                listener.dispatch(sub::catchUp);
            }
        }));
    }
}
