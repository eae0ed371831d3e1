package dev.cardtable.events;

import dev.cardtable.game.DailyFinished;
import dev.cardtable.store.GameStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import java.time.LocalDate;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Live changes to the daily deal's boards across server instances, by PostgreSQL LISTEN/NOTIFY on
 * {@value #CHANNEL}: every transaction that ends a daily game notifies, and every instance passes
 * the game to the subscribers of that day's board.
 */
@ApplicationScoped
public class DailyBus implements Channel {

    /** The notification channel; payload {@code <ruleset>:<day>:<game id>}. */
    public static final String CHANNEL = "cardtable_daily";

    /** A live subscriber of one day's board on this instance. */
    public interface Subscriber {

        /** The ruleset of the board it watches. */
        String ruleset();

        /** The day of the board it watches. */
        LocalDate day();

        /** A game of that board ended. Must be safe to call from any thread. */
        void finished(UUID gameId);

        /** Sends a keep-alive comment; false when the client has gone. */
        boolean heartbeat();
    }

    @Inject
    Listener listener;

    @Inject
    GameStore store;

    private final Set<Subscriber> subscribers = ConcurrentHashMap.newKeySet();

    @Override
    public String name() {
        return CHANNEL;
    }

    /** Whether live events are served ({@code cardtable.events.enabled}). */
    public boolean enabled() {
        return listener.enabled();
    }

    /** Runs inside the transaction that ended a daily game: every instance hears it once it commits. */
    void onFinished(@Observes DailyFinished finished) {
        if (listener.enabled()) {
            store.notify(CHANNEL, finished.ruleset() + ":" + finished.day() + ":" + finished.gameId());
        }
    }

    /** Registers {@code subscriber} for its board from now on. */
    public void subscribe(Subscriber subscriber) {
        subscribers.add(subscriber);
    }

    @Override
    public void receive(String payload) {
        String[] p = payload.split(":", 3);
        LocalDate day = LocalDate.parse(p[1]);
        UUID game = UUID.fromString(p[2]);
        subscribers.stream().filter(s -> s.ruleset().equals(p[0]) && s.day().equals(day))
                .forEach(sub -> listener.dispatch(() -> sub.finished(game)));
    }

    /** Drops subscribers whose clients have gone. */
    @Override
    public void heartbeat() {
        subscribers.removeIf(sub -> !sub.heartbeat());
    }
}
