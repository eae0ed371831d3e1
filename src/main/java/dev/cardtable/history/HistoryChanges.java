package dev.cardtable.history;

import dev.cardtable.platform.game.GameChanged;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * Keeps the history's read models ({@link PlayerGamesStore}) in step with the games, from the
 * core's {@link GameChanged}, in the transaction of the change: a game's rows in its players'
 * histories when it is created, a seat is taken or its status changes; and its players'
 * statistics once, when it ends. A move that changes nothing of that costs nothing here.
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
}
