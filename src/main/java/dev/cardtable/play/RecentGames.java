package dev.cardtable.play;

import dev.cardtable.platform.events.Reconnected;
import dev.cardtable.platform.game.GameRow;
import dev.cardtable.platform.game.Status;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The games this instance wrote last, as it wrote them: the move path's first guess at a game, so
 * that a move in a game played here needs no read before its write. Never an answer: a move
 * from a kept game is written only if the game is still at that version and seat count
 * ({@link dev.cardtable.platform.game.MoveLog#advance}), so a copy that another instance, the sweep or a
 * locked change has made old is never written over, and a move refused on a kept game is decided
 * again on the game as stored before the refusal is sent.
 *
 * <p>At most {@code cardtable.moves.recent-games} games (default 10,000; 0 keeps none), the least
 * recently used dropped first. Only active games are kept.
 */
@Singleton
public class RecentGames {

    /**
     * A game as this instance wrote it.
     *
     * @param game  the row as written
     * @param state its state, as {@code game.state()} reads (engine states are immutable); null
     *              when not parsed
     */
    public record Kept(GameRow game, Object state) {

        /** A game just read from the database: its state not yet parsed. */
        static Kept read(GameRow game) {
            return new Kept(game, null);
        }
    }

    private final Map<UUID, Kept> games;
    private final int capacity;

    @Inject
    RecentGames(MovesConfig config) {
        int capacity = config.recentGames();
        if (capacity < 0) {
            throw new IllegalArgumentException("cardtable.moves.recent-games must be 0 or more, was " + capacity);
        }
        this.capacity = capacity;
        this.games = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<UUID, Kept> eldest) {
                return size() > RecentGames.this.capacity;
            }
        };
    }

    /** The game as this instance last wrote it, if it is kept; it may since have changed. */
    public synchronized Optional<Kept> get(UUID id) {
        return Optional.ofNullable(games.get(id));
    }

    /** Keeps {@code g}, just written with state {@code state}, while it is active; forgets it otherwise. */
    public synchronized void wrote(GameRow g, Object state) {
        if (capacity == 0) {
            return;
        }
        if (g.status() == Status.ACTIVE) {
            games.put(g.id(), new Kept(g, state));
        } else {
            games.remove(g.id());
        }
    }

    /**
     * Forgets every game: the database connection was lost or the primary may have changed
     * (a failover), after which a copy's version matching the stored one is no proof that it is
     * the stored game.
     */
    public synchronized void clear(@Observes Reconnected reconnected) {
        games.clear();
    }

    /** Forgets game {@code id}: the copy kept is known to be out of date. */
    public synchronized void forget(UUID id) {
        games.remove(id);
    }
}
