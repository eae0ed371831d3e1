package dev.cardtable.lobby;

import dev.cardtable.platform.events.Broadcast;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.util.UUID;

/**
 * Live changes to the lobby across server instances, by PostgreSQL LISTEN/NOTIFY on
 * {@value #CHANNEL}: every transaction that opens, fills or cancels a waiting game notifies, and
 * every instance passes each change to its lobby subscribers.
 */
@ApplicationScoped
public class LobbyBus extends Broadcast<LobbyBus.Subscriber> {

    /**
     * The notification channel of the lobby; payload {@code <change>:<game id>}, the change being
     * {@code opened}, {@code filled} or {@code cancelled} ({@link LobbyChange}).
     */
    public static final String CHANNEL = "cardtable_lobby";

    /** A live subscriber of the lobby on this instance. */
    public interface Subscriber extends Broadcast.Subscriber {

        /** Sends one lobby change. Must be safe to call from any thread. */
        void changed(String change, UUID gameId);
    }

    @Override
    public String name() {
        return CHANNEL;
    }

    /** Runs inside the transaction that opened, filled or cancelled a waiting game: every instance hears it. */
    void onLobby(@Observes LobbyChange change) {
        announce(change.change() + ":" + change.gameId());
    }

    @Override
    public void receive(String payload) {
        int colon = payload.indexOf(':');
        String change = payload.substring(0, colon);
        UUID game = UUID.fromString(payload.substring(colon + 1));
        deliver(sub -> true, sub -> sub.changed(change, game));
    }
}
