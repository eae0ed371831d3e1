package dev.cardtable.platform.events;

import dev.cardtable.platform.db.Db;
import jakarta.inject.Inject;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A notification channel whose every notification goes to the live subscribers of this instance
 * (the lobby, the daily boards): notifying from inside a transaction, so every instance hears it
 * once it commits, and dropping subscribers whose clients have gone.
 *
 * @param <S> the subscriber type
 */
public abstract class Broadcast<S extends Broadcast.Subscriber> implements Channel {

    /** A live subscriber on this instance. */
    public interface Subscriber {

        /** Sends a keep-alive comment; false when the client has gone. */
        boolean heartbeat();
    }

    @Inject
    Listener listener;

    @Inject
    Db db;

    private final Set<S> subscribers = ConcurrentHashMap.newKeySet();

    /** Whether live events are served ({@code cardtable.events.enabled}). */
    public boolean enabled() {
        return listener.enabled();
    }

    /** Registers {@code subscriber} for every notification from now on. */
    public void subscribe(S subscriber) {
        subscribers.add(subscriber);
    }

    /** Notifies every instance of {@code payload}, inside the current transaction; nothing when events are off. */
    protected void announce(String payload) {
        if (listener.enabled()) {
            db.notify(name(), payload);
        }
    }

    /** Hands {@code send} each subscriber that {@code wants} it, each on a thread of its own. */
    protected void deliver(Predicate<S> wants, Consumer<S> send) {
        subscribers.stream().filter(wants).forEach(sub -> listener.dispatch(() -> send.accept(sub)));
    }

    /** Hands {@code visit} every live subscriber of this instance, on the calling thread. */
    protected void forEach(Consumer<S> visit) {
        subscribers.forEach(visit);
    }

    /** Drops subscribers whose clients have gone. */
    @Override
    public void heartbeat() {
        subscribers.removeIf(sub -> !sub.heartbeat());
    }
}
