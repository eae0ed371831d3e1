package dev.cardtable.tournaments;

import dev.cardtable.platform.events.Broadcast;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.UUID;

/**
 * Arenas' events across server instances, by PostgreSQL LISTEN/NOTIFY on {@value #CHANNEL}: every
 * transaction that stores an arena event ({@link ArenaEvents}) notifies with the arena's id, and
 * every instance wakes the streams of that arena once it commits; they read what follows their
 * last event from {@code arena_events}.
 */
@ApplicationScoped
public class ArenaBus extends Broadcast<ArenaBus.Subscriber> {

    /** The notification channel; payload the arena's id. */
    public static final String CHANNEL = "cardtable_arena_events";

    /** A live stream of one arena's events on this instance. */
    public interface Subscriber extends Broadcast.Subscriber {

        /** The arena it follows. */
        UUID arena();

        /** New events of its arena may be stored: it reads and sends them. Safe from any thread. */
        void wake();
    }

    @Override
    public String name() {
        return CHANNEL;
    }

    /** Wakes every instance's streams of {@code arena} once the current transaction commits. */
    void stored(UUID arena) {
        announce(arena.toString());
    }

    /** After the listening connection (re)connects, every stream reads what it may have missed. */
    @Override
    public void connected(java.sql.Connection connection) {
        deliver(sub -> true, Subscriber::wake);
    }

    @Override
    public void receive(String payload) {
        UUID arena = UUID.fromString(payload);
        deliver(sub -> sub.arena().equals(arena), Subscriber::wake);
    }
}
