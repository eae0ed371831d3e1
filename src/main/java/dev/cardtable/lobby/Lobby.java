package dev.cardtable.lobby;

import dev.cardtable.platform.GameException;
import dev.cardtable.platform.JsonText;
import dev.cardtable.platform.Paging;
import dev.cardtable.platform.game.Clocks;
import dev.cardtable.platform.game.GameCatalog;
import dev.cardtable.platform.game.GameRow;
import dev.cardtable.platform.game.GameStore;
import dev.cardtable.platform.game.SeatKind;
import dev.cardtable.platform.game.SeatRow;
import dev.cardtable.platform.game.Status;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.transaction.Transactional;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The lobby ({@code GET /api/lobby}): games waiting for players, newest first, with keyset cursors
 * as in the history. Public facts only: who waits, which seats are open, the clock. Rematches are
 * not listed: their open seats are kept for their players ({@link Rematches}).
 */
@Singleton
public class Lobby {

    @Inject
    LobbyStore lobby;

    @Inject
    GameStore store;

    @Inject
    GameCatalog catalog;

    @Inject
    JsonText json;

    /**
     * One page of waiting games.
     *
     * @param type   only this game type, or null for all
     * @param cursor the previous page's {@code nextCursor}, or null
     * @param limit  1 to {@value Paging#MAX_LIMIT}
     * @throws GameException {@code malformed-request} for an unknown type, a bad limit or cursor
     */
    @Transactional
    public LobbyPage list(String type, String cursor, int limit) {
        Paging.checkLimit(limit);
        if (type != null) {
            catalog.type(type);
        }
        Paging.Cursor c = cursor == null ? null : Paging.Cursor.decode(cursor);
        List<GameRow> games = lobby.waiting(type, c == null ? null : c.createdAt(), c == null ? null : c.id(), limit + 1);
        boolean more = games.size() > limit;
        List<GameRow> page = more ? games.subList(0, limit) : games;
        String next = more ? new Paging.Cursor(page.getLast().createdAt(), page.getLast().id()).encode() : null;
        return new LobbyPage(page.stream().map(this::item).toList(), next);
    }

    /**
     * Game {@code id} as a lobby item, as {@link #list} shows it; empty when it no longer waits
     * for a player (or does not exist).
     */
    @Transactional
    public Optional<LobbyPage.LobbyItem> item(UUID id) {
        return store.find(id).filter(g -> g.status() == Status.WAITING && g.table().rematchOf() == null).map(this::item);
    }

    private LobbyPage.LobbyItem item(GameRow g) {
        List<Integer> open = g.seats().stream().filter(s -> s.kind() == SeatKind.OPEN).map(SeatRow::seat).toList();
        List<SeatRow> humans = g.seats().stream().filter(s -> s.kind() == SeatKind.HUMAN).toList();
        List<String> waiting = humans.stream().map(SeatRow::name).toList();
        // Whole rating points, as every payload shows a rating (docs/api.md, "One vocabulary").
        List<Long> ratings = humans.stream().map(s -> s.rating() == null ? null : Math.round(s.rating()))
                .collect(java.util.stream.Collectors.toList());
        Clocks.ClockSettings clock = g.table().clock();
        return new LobbyPage.LobbyItem(g.id(), g.type(), g.ruleset(), open, waiting, g.createdAt(), clock, g.rated(),
                java.util.Collections.unmodifiableList(ratings), g.ratingRange());
    }
}
