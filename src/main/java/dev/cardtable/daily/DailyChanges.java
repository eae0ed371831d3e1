package dev.cardtable.daily;

import dev.cardtable.platform.game.GameChanged;
import dev.cardtable.platform.game.GameReconciled;
import dev.cardtable.platform.game.SeatRow;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * Follows the games of the daily deal from the core's {@link GameChanged}, in the same
 * transaction: a game of a day's deal that ended with the change has its ending written to its
 * attempt, and to its player's line of the all-time table when it counts ({@link BoardStore}),
 * once; and {@link DailyFinished} is announced. A game ended by a build that kept no read models
 * ({@link GameReconciled}) has its ending written the same way, once.
 */
@ApplicationScoped
public class DailyChanges {

    @Inject
    Event<DailyFinished> dailyFinished;

    @Inject
    BoardStore boards;

    void onChange(@Observes GameChanged c) {
        if (ended(c)) {
            dailyFinished.fire(new DailyFinished(c.ruleset(), c.origin().daily(), c.gameId()));
        }
    }

    void onReconciled(@Observes GameReconciled r) {
        ended(r.change());
    }

    /** Writes the ending of {@code c}, when it is a daily game that ended; whether it is one. */
    private boolean ended(GameChanged c) {
        if (!c.ended() || c.origin().daily() == null) {
            return false;
        }
        SeatRow seat = c.seats().getFirst();
        boards.finished(c.origin().daily(), c.ruleset(), c.gameId(), seat.score(), c.version(), seat.outcome(),
                c.finishedAt());
        return true;
    }
}
