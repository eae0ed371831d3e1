package dev.cardtable.daily;

import dev.cardtable.platform.game.GameChanged;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * Derives {@link DailyFinished} from the core's {@link GameChanged}, in the same transaction: a
 * game of a day's daily deal that ended with the change.
 */
@ApplicationScoped
public class DailyChanges {

    @Inject
    Event<DailyFinished> dailyFinished;

    void onChange(@Observes GameChanged c) {
        if (c.ended() && c.origin().daily() != null) {
            dailyFinished.fire(new DailyFinished(c.ruleset(), c.origin().daily(), c.gameId()));
        }
    }
}
