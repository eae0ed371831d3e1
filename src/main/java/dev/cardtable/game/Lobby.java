package dev.cardtable.game;

import dev.cardtable.game.view.LobbyPage;
import dev.cardtable.store.GameRow;
import dev.cardtable.store.HistoryQueries;
import dev.cardtable.store.SeatKind;
import dev.cardtable.store.SeatRow;
import dev.cardtable.store.Status;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.transaction.Transactional;

import java.util.List;

/**
 * The lobby ({@code GET /api/lobby}): games waiting for players, newest first, with keyset cursors
 * as in the history. Public facts only: who waits, which seats are open, the clock.
 */
@Singleton
public class Lobby {

    @Inject
    HistoryQueries queries;

    @Inject
    GameCatalog catalog;

    @Inject
    JsonText json;

    /**
     * One page of waiting games.
     *
     * @param type   only this game type, or null for all
     * @param cursor the previous page's {@code nextCursor}, or null
     * @param limit  1 to {@value HistoryService#MAX_LIMIT}
     * @throws GameException {@code malformed-request} for an unknown type, a bad limit or cursor
     */
    @Transactional
    public LobbyPage list(String type, String cursor, int limit) {
        if (limit < 1 || limit > HistoryService.MAX_LIMIT) {
            throw GameException.malformed("'limit' must be 1 to " + HistoryService.MAX_LIMIT);
        }
        if (type != null) {
            catalog.type(type);
        }
        HistoryService.Cursor c = cursor == null ? null : HistoryService.Cursor.decode(cursor);
        HistoryQueries.Page page = queries.page(new HistoryQueries.Filter(type, Status.WAITING, null, null, null, null,
                c == null ? null : c.createdAt(), c == null ? null : c.id(), limit));
        List<LobbyPage.LobbyItem> items = page.games().stream().map(this::item).toList();
        GameRow last = page.games().isEmpty() ? null : page.games().getLast();
        return new LobbyPage(items, page.more() ? new HistoryService.Cursor(last.createdAt(), last.id()).encode() : null);
    }

    private LobbyPage.LobbyItem item(GameRow g) {
        List<Integer> open = g.seats().stream().filter(s -> s.kind() == SeatKind.OPEN).map(SeatRow::seat).toList();
        List<String> waiting = g.seats().stream().filter(s -> s.kind() == SeatKind.HUMAN).map(SeatRow::name).toList();
        Clocks.ClockSettings clock = g.table().clock() == null ? null : json.read(g.table().clock(), Clocks.ClockSettings.class);
        return new LobbyPage.LobbyItem(g.id(), g.type(), g.ruleset(), open, waiting, g.createdAt(), clock, g.table().rematchOf());
    }
}
