package dev.cardtable.play;

import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.Paging;
import dev.cardtable.platform.game.GameCatalog;
import dev.cardtable.platform.game.GameReader;
import dev.cardtable.platform.game.GameRow;
import dev.cardtable.platform.game.GameType;
import dev.cardtable.platform.game.GameWriter;
import dev.cardtable.platform.game.Projection;
import dev.cardtable.platform.game.SeatCredential;
import dev.cardtable.platform.game.Status;
import dev.cardtable.platform.game.view.GameView;
import dev.cardtable.platform.game.view.LogPage;
import dev.cardtable.platform.game.view.Position;
import dev.cardtable.platform.game.view.Timeline;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.util.UUID;

/**
 * The reads of one game ({@code GET /api/games/{id}}, its {@code moves}, {@code states/{n}} and
 * {@code timeline}), each projected for its caller by {@link Projection}. The current game is
 * read from the stored state; the log, past positions and the timeline replay the log once, up to
 * the last move they need. How a game is read (ended first when due, from the standby when
 * finished) is {@link GameReader}'s.
 */
@Singleton
public class GameReads {

    /** The largest page of the move log. */
    public static final int MAX_LOG_PAGE = 500;

    @Inject
    GameCatalog catalog;

    @Inject
    GameReader reader;

    @Inject
    GameWriter writer;

    @Inject
    Projection projection;

    /**
     * The game as the holder of {@code credential} sees it ({@code GET /api/games/{id}}).
     *
     * @param credential the caller's seat credential, or null for a spectator
     * @throws GameException {@code game-not-found}, {@code unauthenticated} for a token that
     *                       matches no seat, {@code game-sealed}
     */
    public GameView game(UUID id, SeatCredential credential) {
        GameRow g = reader.find(id);
        return current(catalog.type(g.type()), g, reader.seat(g, credential));
    }

    private <S, M, V> GameView current(GameType<S, M, V> type, GameRow g, Integer seat) {
        return projection.game(type, g, writer.open(type, g).state(), seat);
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
        int after = Paging.logCursor(cursor, "cursor");
        if (limit < 1 || limit > MAX_LOG_PAGE) {
            throw GameException.malformed("'limit' must be 1 to " + MAX_LOG_PAGE);
        }
        GameReader.Loaded l = reader.load(id);
        GameRow g = l.game();
        Integer seat = reader.seat(g, credential);
        int end = (int) Math.min(g.version(), (long) after + limit);
        return projection.page(reader.replay(l, Math.max(end, after)), g, seat, after, end, end < g.version());
    }

    /**
     * The game as it stood after move {@code n} ({@code GET /api/games/{id}/states/{n}}),
     * projected for the caller as a live view would have been; everything is revealed once the
     * game is over.
     *
     * @param n the move number, from 0 (the deal)
     * @throws GameException {@code not-found} past the last move
     */
    public Position position(UUID id, SeatCredential credential, long n) {
        GameReader.Loaded l = reader.load(id);
        GameRow g = l.game();
        Integer seat = reader.seat(g, credential);
        if (n > g.version()) {
            String shown = n == Long.MAX_VALUE ? "that far" : Long.toString(n);
            throw new GameException(Failure.NOT_FOUND, g.status() == Status.FINISHED
                    ? "no position " + shown + ": the game ended after " + g.version() + " moves"
                    : "no position " + shown + " yet: the game has " + g.version() + " moves");
        }
        return projection.position(reader.replay(l, (int) n), g, seat, (int) n);
    }

    /**
     * Every position from the deal to the last move ({@code GET /api/games/{id}/timeline}), each
     * with the move that led to it, projected for the caller.
     */
    public Timeline timeline(UUID id, SeatCredential credential) {
        GameReader.Loaded l = reader.load(id);
        GameRow g = l.game();
        Integer seat = reader.seat(g, credential);
        return projection.timeline(reader.replay(l, g.version()), g, seat);
    }
}
