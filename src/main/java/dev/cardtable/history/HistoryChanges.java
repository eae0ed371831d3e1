package dev.cardtable.history;

import dev.cardtable.platform.game.GameChanged;
import dev.cardtable.platform.game.GameReconciled;
import dev.cardtable.platform.game.Status;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * Keeps the history's read models ({@link PlayerGamesStore}) in step with the games, from the
 * core's {@link GameChanged}, in the transaction of the change: a game's rows in its players'
 * histories when it is created, a seat is taken or its status changes; and its players'
 * statistics once, when it ends. A move that changes nothing of that costs nothing here. A game
 * changed by a build that kept no read models ({@link GameReconciled}) gets its rows as it now
 * stands, and is counted in the statistics unless a row of it already said it ended: the build
 * that wrote that row counted it in the same transaction.
 */
@ApplicationScoped
public class HistoryChanges {

    @Inject
    PlayerGamesStore store;

    void onChange(@Observes GameChanged c) {
        if (!c.seated() && c.before() == c.after()) {
            return;
        }
        store.index(c);
        if (c.ended() && c.seated()) {
            store.count(c);
        }
    }

    void onReconciled(@Observes GameReconciled r) {
        GameChanged c = r.change();
        boolean counted = store.ended(c.gameId());
        store.index(c);
        if (c.after() == Status.FINISHED && !counted) {
            store.count(c);
        }
    }
}
