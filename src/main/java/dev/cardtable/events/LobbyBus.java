package dev.cardtable.events;

import dev.cardtable.game.LobbyChange;
import dev.cardtable.store.GameStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Live changes to the lobby across server instances, by PostgreSQL LISTEN/NOTIFY on
 * {@value #CHANNEL}: every transaction that opens, fills or cancels a waiting game notifies, and
 * every instance passes each change to its lobby subscribers.
 */
@ApplicationScoped
public class LobbyBus implements Channel {

    /**
     * The notification channel of the lobby; payload {@code <change>:<game id>}, the change being
     * {@code opened}, {@code filled} or {@code cancelled} ({@link LobbyChange}).
     */
    public static final String CHANNEL = "cardtable_lobby";

    /** A live subscriber of the lobby on this instance. */
    public interface Subscriber {

        /** Sends one lobby change. Must be safe to call from any thread. */
        void changed(String change, UUID gameId);

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

    /** Runs inside the transaction that opened, filled or cancelled a waiting game: every instance hears it. */
    void onLobby(@Observes LobbyChange change) {
        if (listener.enabled()) {
            store.notify(CHANNEL, change.change() + ":" + change.gameId());
        }
    }

    /** Registers {@code subscriber} for every lobby change on any instance from now on. */
    public void subscribe(Subscriber subscriber) {
        subscribers.add(subscriber);
    }

    @Override
    public void receive(String payload) {
        int colon = payload.indexOf(':');
        String change = payload.substring(0, colon);
        UUID game = UUID.fromString(payload.substring(colon + 1));
        subscribers.forEach(sub -> listener.dispatch(() -> sub.changed(change, game)));
    }

    /** Drops subscribers whose clients have gone. */
    @Override
    public void heartbeat() {
        subscribers.removeIf(sub -> !sub.heartbeat());
    }
}
