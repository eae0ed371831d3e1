package dev.cardtable.watching;

import dev.cardtable.platform.GameException;
import dev.cardtable.platform.events.EventsConfig;
import dev.cardtable.platform.game.GameReader;
import dev.cardtable.platform.game.GameRow;
import dev.cardtable.platform.game.Projection;
import dev.cardtable.platform.game.SeatCredential;
import dev.cardtable.platform.game.Status;
import dev.cardtable.platform.game.view.MoveEvent;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.Semaphore;

/**
 * What a game's event stream reads ({@code docs/api.md}, "Live events"): who opens it, and the
 * entries it has not sent yet, each with the game after it, projected for its viewer.
 */
@Singleton
public class EventReads {

    /** The most entries one catch-up reads. */
    public static final int MAX_BATCH = 500;

    @Inject
    GameReader reader;

    @Inject
    Projection projection;

    private final Semaphore catchUpReads;

    @Inject
    EventReads(EventsConfig events) {
        catchUpReads = new Semaphore(Math.max(1, events.catchUpConnections()));
    }

    /**
     * The viewer of game {@code id}'s stream opened with {@code credential}.
     *
     * @return the caller's seat, or null for a spectator
     * @throws GameException {@code game-not-found}, {@code unauthenticated}, {@code game-sealed}
     */
    public Integer viewerSeat(UUID id, SeatCredential credential) {
        return reader.seat(reader.find(id), credential);
    }

    /**
     * Checks that game {@code id} exists (whoever may read it).
     *
     * @throws GameException {@code game-not-found}
     */
    public void requireExists(UUID id) {
        reader.find(id);
    }

    /**
     * Live events for entries after {@code after}, at most {@value #MAX_BATCH}, as {@code seat} sees
     * them: each entry with the game after it.
     *
     * <p>Runs without a transaction, from a request or from the event bus: the game and then its
     * log up to the version read are two statements, each holding a connection only while it runs,
     * and the replay and projection run with none held. At most
     * {@code cardtable.events.catch-up-connections} catch-ups read at once on an instance, so that
     * many streams catching up together never take the connections that moves need; the others
     * wait their turn without holding one.
     *
     * @param seat the viewer's seat (checked when the stream opened), or null
     */
    public Events events(UUID id, Integer seat, int after) {
        GameRow g;
        int end;
        GameReader.Loaded l;
        catchUpReads.acquireUninterruptibly();
        try {
            g = reader.find(id);
            end = (int) Math.min(g.version(), (long) after + MAX_BATCH);
            l = new GameReader.Loaded(g, end <= after ? List.of() : reader.log(g, end));
        } finally {
            catchUpReads.release();
        }
        List<MoveEvent> items = end <= after ? List.of()
                : projection.events(reader.replay(l, end), g, seat, after, end);
        return new Events(items, end < g.version(), g.status() == Status.FINISHED);
    }

    /**
     * A batch of live events.
     *
     * @param items    the events, in order
     * @param more     whether more entries follow in the log already
     * @param finished whether the game is over
     */
    public record Events(List<MoveEvent> items, boolean more, boolean finished) {
    }
}
