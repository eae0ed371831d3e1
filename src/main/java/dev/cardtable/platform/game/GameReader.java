package dev.cardtable.platform.game;

import dev.cardtable.platform.GameException;
import dev.cardtable.platform.JsonText;
import dev.cardtable.platform.db.Replica;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * How every feature reads one stored game: as it stands now (a game whose time ran out, or that
 * was abandoned, is ended first, {@link Sweep#current}), who the caller is at it (a seat, or a
 * spectator, refused while the game is {@link Sealing sealed}), and its log replayed up to a move.
 *
 * <p>Reads run outside any transaction: each statement sees committed data, and a read that
 * needs the log too reads the game first and then the log only up to the version it read, which
 * no later change alters (the log is only ever appended to). A <em>finished</em> game, which never
 * changes again, is read with its log from the standby when one is configured and has replayed past
 * the caller's consistency token ({@link Replica}); a game the standby shows still running is read
 * from the primary.
 */
@Singleton
public class GameReader {

    @Inject
    GameCatalog catalog;

    @Inject
    GameStore store;

    @Inject
    MoveLog moveLog;

    @Inject
    Sweep sweep;

    @Inject
    Replica replica;

    @Inject
    JsonText json;

    @Inject
    Clock clock;

    /**
     * A game and, when it came from the standby, its whole log.
     *
     * @param game the game row with its seats
     * @param log  every entry, in order; null when the game was read from the primary
     */
    public record Loaded(GameRow game, List<MoveRow> log) {
    }

    /**
     * Game {@code id} as it stands now, from the primary.
     *
     * @throws GameException {@code game-not-found}
     */
    public GameRow find(UUID id) {
        return sweep.current(store.find(id).orElseThrow(GameException::gameNotFound));
    }

    /**
     * Game {@code id}: finished, with its log, from the standby when it may serve it; else from the
     * primary, as {@link #find}.
     *
     * @throws GameException {@code game-not-found}
     */
    public Loaded load(UUID id) {
        return replica.<Loaded>read(c -> {
            Optional<GameRow> g = store.find(c, id).filter(r -> r.status() == Status.FINISHED);
            return g.isEmpty() ? Optional.empty()
                    : Optional.of(new Loaded(g.get(), moveLog.log(c, id, 0, g.get().version())));
        }).orElseGet(() -> new Loaded(find(id), null));
    }

    /**
     * The caller's seat at {@code g}: the seat {@code credential} names, or null for a spectator.
     *
     * @throws GameException {@code unauthenticated} for a token that matches no seat,
     *                       {@code game-sealed} for a spectator of a sealed game
     */
    public Integer seat(GameRow g, SeatCredential credential) {
        Integer seat = Seating.authenticate(g, credential, false);
        Sealing.check(g, seat, clock.instant());
        return seat;
    }

    /** The log of {@code g} through move {@code upTo}, from the primary. */
    public List<MoveRow> log(GameRow g, int upTo) {
        return moveLog.log(g.id(), 0, Math.min(upTo, g.version()));
    }

    /** {@code l}'s game replayed through move {@code upTo} (at most its version), from the log already read when there is one. */
    public Replay<?, ?, ?> replay(Loaded l, int upTo) {
        GameRow g = l.game();
        int n = Math.min(upTo, g.version());
        List<MoveRow> log = l.log() == null ? moveLog.log(g.id(), 0, n) : l.log().subList(0, n);
        return Replay.of(catalog.type(g.type()), g, log, json);
    }

    /** Game {@code g} replayed through move {@code upTo} (at most its version), reading only that much log. */
    public Replay<?, ?, ?> replay(GameRow g, int upTo) {
        return replay(new Loaded(g, null), upTo);
    }
}
