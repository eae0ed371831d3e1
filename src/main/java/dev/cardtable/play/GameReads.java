package dev.cardtable.play;

import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.JsonText;
import dev.cardtable.platform.events.EventsConfig;
import dev.cardtable.platform.game.GameCatalog;
import dev.cardtable.platform.game.GameType;
import dev.cardtable.platform.game.GameWriter;
import dev.cardtable.platform.game.Projection;
import dev.cardtable.platform.game.Replay;
import dev.cardtable.platform.game.Sealing;
import dev.cardtable.platform.game.SeatCredential;
import dev.cardtable.platform.game.Seating;
import dev.cardtable.platform.game.Sweep;

import dev.cardtable.platform.game.view.GameRecord;
import dev.cardtable.platform.game.view.GameView;
import dev.cardtable.platform.game.view.LogPage;
import dev.cardtable.platform.game.view.MoveEvent;
import dev.cardtable.platform.game.view.Position;
import dev.cardtable.platform.game.view.Timeline;
import dev.cardtable.platform.game.GameRow;
import dev.cardtable.platform.game.GameStore;
import dev.cardtable.platform.game.MoveLog;
import dev.cardtable.platform.game.MoveRow;
import dev.cardtable.platform.db.Replica;
import dev.cardtable.platform.game.Status;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.Semaphore;

/**
 * Every read of one game, each projected for its caller by {@link Projection}. A game whose time
 * ran out, or that was abandoned, is ended before any read shows it ({@link Sweep#current}), so a
 * client that was away sees the outcome at once. The current game is read from the stored state;
 * the log, past positions, the timeline and the record replay the log once, up to the last move
 * they need.
 *
 * <p>Reads for a request run outside any transaction (no {@code BEGIN}/{@code COMMIT} round
 * trips): each statement sees committed data, and a read that needs the log too reads the game first and then
 * the log only up to the version it read, which no later change alters (the log is only ever
 * appended to).
 *
 * <p>The log, past positions, the timeline and the record of a <em>finished</em> game, which never
 * changes again, are read from the standby when one is configured and has replayed past the
 * caller's consistency token ({@link Replica}); a game the standby shows still running is read
 * from the primary, as is the current game always.
 */
@Singleton
public class GameReads {

    /** The largest page of the move log. */
    public static final int MAX_LOG_PAGE = 500;

    @Inject
    GameCatalog catalog;

    @Inject
    GameStore store;

    @Inject
    MoveLog moveLog;

    @Inject
    GameWriter writer;

    @Inject
    Projection projection;

    @Inject
    JsonText json;

    @Inject
    Sweep sweep;

    @Inject
    Replica replica;

    @Inject
    java.time.Clock clock;

    private final Semaphore catchUpReads;

    @Inject
    GameReads(EventsConfig events) {
        catchUpReads = new Semaphore(Math.max(1, events.catchUpConnections()));
    }

    /**
     * The game as the holder of {@code credential} sees it ({@code GET /api/games/{id}}).
     *
     * @param credential the caller's seat credential, or null for a spectator
     * @throws GameException {@code game-not-found}, {@code unauthenticated} for a token that
     *                       matches no seat
     */
    public GameView game(UUID id, SeatCredential credential) {
        GameRow g = find(id);
        Integer seat = seat(g, credential);
        return current(catalog.type(g.type()), g, seat);
    }

    private <S, M, V> GameView current(GameType<S, M, V> type, GameRow g, Integer seat) {
        return projection.game(type, g, writer.open(type, g).state(), seat);
    }

    /**
     * Checks that game {@code id} exists and that {@code credential}, if given, is a seat
     * token of it.
     *
     * @return the caller's seat, or null for a spectator
     * @throws GameException {@code game-not-found}, {@code unauthenticated}
     */
    public Integer viewerSeat(UUID id, SeatCredential credential) {
        return seat(find(id), credential);
    }

    /**
     * Checks that game {@code id} exists (whoever may read it).
     *
     * @throws GameException {@code game-not-found}
     */
    public void requireExists(UUID id) {
        find(id);
    }

    /** The caller's seat, or null; refused while the game is {@link Sealing sealed} to non-seats. */
    private Integer seat(GameRow g, SeatCredential credential) {
        Integer seat = Seating.authenticate(g, credential, false);
        Sealing.check(g, seat, clock.instant());
        return seat;
    }

    /**
     * A page of the move log, projected for the caller ({@code GET /api/games/{id}/moves}).
     *
     * @param cursor the seq of the last entry already seen, as a decimal string; null for the start
     * @param limit  at most this many; 1 to {@value #MAX_LOG_PAGE}
     * @throws GameException {@code malformed-request} for a bad {@code cursor} or {@code limit} out
     *                       of range
     */
    public LogPage log(UUID id, SeatCredential credential, String cursor, int limit) {
        int after = logCursor(cursor, "cursor");
        if (limit < 1 || limit > MAX_LOG_PAGE) {
            throw GameException.malformed("'limit' must be 1 to " + MAX_LOG_PAGE);
        }
        Loaded l = load(id);
        GameRow g = l.game();
        Integer seat = seat(g, credential);
        int end = (int) Math.min(g.version(), (long) after + limit);
        return projection.page(replay(l, Math.max(end, after)), g, seat, after, end, end < g.version());
    }

    /**
     * The move log's position named by a cursor ({@code docs/api.md}, "Paging"): the seq of the
     * last entry already seen, 0 for none (also for a null or empty cursor).
     *
     * @param name the parameter's name, for the error
     * @throws GameException {@code malformed-request} unless it is a decimal integer from 0
     */
    public static int logCursor(String cursor, String name) {
        if (cursor == null || cursor.isEmpty()) {
            return 0;
        }
        if (!cursor.matches("[0-9]{1,9}")) {
            throw GameException.malformed("'" + name + "' must be a move number from 0 to 999999999");
        }
        return Integer.parseInt(cursor);
    }

    /**
     * Live events ({@code GET /api/games/{id}/events}) for entries after {@code after}, at most
     * {@value #MAX_LOG_PAGE}, as {@code seat} sees them: each entry with the game after it.
     *
     * <p>Runs without a transaction, from a request or from the event bus: the game and then its
     * log up to the version read are two statements, each holding a connection only while it runs,
     * and the replay and projection run with none held. At most
     * {@code cardtable.events.catch-up-connections} catch-ups read at once on an instance, so that
     * many streams catching up together never take the connections that moves need; the others
     * wait their turn without holding one.
     *
     * @param seat the viewer's seat (checked by the caller when the stream opened), or null
     */
    public Events events(UUID id, Integer seat, int after) {
        GameRow g;
        int end;
        List<MoveRow> log;
        catchUpReads.acquireUninterruptibly();
        try {
            g = find(id);
            end = (int) Math.min(g.version(), (long) after + MAX_LOG_PAGE);
            log = end <= after ? List.of() : moveLog.log(g.id(), 0, end);
        } finally {
            catchUpReads.release();
        }
        List<MoveEvent> items = end <= after ? List.of()
                : projection.events(Replay.of(catalog.type(g.type()), g, log, json), g, seat, after, end);
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

    /**
     * The game as it stood after move {@code n} ({@code GET /api/games/{id}/states/{n}}),
     * projected for the caller as a live view would have been; everything is revealed once the
     * game is over.
     *
     * @throws GameException {@code malformed-request} for a negative {@code n}, {@code not-found}
     *                       past the last move
     */
    public Position position(UUID id, SeatCredential credential, int n) {
        Loaded l = load(id);
        GameRow g = l.game();
        Integer seat = seat(g, credential);
        if (n < 0) {
            throw GameException.malformed("n is a move number from 0 (the deal)");
        }
        if (n > g.version()) {
            throw new GameException(Failure.NOT_FOUND, g.status() == Status.FINISHED
                    ? "no position " + n + ": the game ended after " + g.version() + " moves"
                    : "no position " + n + " yet: the game has " + g.version() + " moves");
        }
        return projection.position(replay(l, n), g, seat, n);
    }

    /**
     * Every position from the deal to the last move ({@code GET /api/games/{id}/timeline}), each
     * with the move that led to it, projected for the caller.
     */
    public Timeline timeline(UUID id, SeatCredential credential) {
        Loaded l = load(id);
        GameRow g = l.game();
        Integer seat = seat(g, credential);
        return projection.timeline(replay(l, g.version()), g, seat);
    }

    /**
     * The portable record ({@code GET /api/games/{id}/record}); the seed and any custom deal only
     * once the game is over.
     */
    public GameRecord record(UUID id) {
        Loaded l = load(id);
        GameRow g = l.game();
        Sealing.check(g, null, clock.instant());
        return projection.record(replay(l, g.version()), g);
    }

    /** The game, ended first when its time ran out or it was abandoned ({@link Sweep#current}). */
    private GameRow find(UUID id) {
        return sweep.current(store.find(id).orElseThrow(GameException::gameNotFound));
    }

    /**
     * A game and, when it came from the standby, its whole log.
     *
     * @param log every entry, in order; null when the game was read from the primary
     */
    private record Loaded(GameRow game, List<MoveRow> log) {
    }

    /** Game {@code id}: finished, with its log, from the standby when it may serve it; else from the primary. */
    private Loaded load(UUID id) {
        return replica.<Loaded>read(c -> {
            var g = store.find(c, id).filter(r -> r.status() == Status.FINISHED);
            return g.isEmpty() ? java.util.Optional.empty()
                    : java.util.Optional.of(new Loaded(g.get(), moveLog.log(c, id, 0, g.get().version())));
        }).orElseGet(() -> new Loaded(find(id), null));
    }

    /** {@link #replay(GameRow, int)}, from the log already read when there is one. */
    private Replay<?, ?, ?> replay(Loaded l, int upTo) {
        if (l.log() == null) {
            return replay(l.game(), upTo);
        }
        int n = Math.min(upTo, l.game().version());
        return Replay.of(catalog.type(l.game().type()), l.game(), l.log().subList(0, n), json);
    }

    /** The game replayed through move {@code upTo} (at most its version), reading only that much log. */
    private Replay<?, ?, ?> replay(GameRow g, int upTo) {
        int n = Math.min(upTo, g.version());
        return Replay.of(catalog.type(g.type()), g, moveLog.log(g.id(), 0, n), json);
    }
}
