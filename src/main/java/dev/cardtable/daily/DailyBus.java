package dev.cardtable.daily;

import dev.cardtable.platform.events.Broadcast;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.time.LocalDate;
import java.util.UUID;

/**
 * Live changes to the daily deal's boards across server instances, by PostgreSQL LISTEN/NOTIFY on
 * {@value #CHANNEL}: every transaction that ends a daily game notifies, and every instance passes
 * the game to the subscribers of that day's board.
 */
@ApplicationScoped
public class DailyBus extends Broadcast<DailyBus.Subscriber> {

    /** The notification channel; payload {@code <ruleset>:<day>:<game id>}. */
    public static final String CHANNEL = "cardtable_daily";

    /** A live subscriber of one day's board on this instance. */
    public interface Subscriber extends Broadcast.Subscriber {

        /** The ruleset of the board it watches. */
        String ruleset();

        /** The day of the board it watches. */
        LocalDate day();

        /** A game of that board ended. Must be safe to call from any thread. */
        void finished(UUID gameId);
    }

    @Override
    public String name() {
        return CHANNEL;
    }

    /** Runs inside the transaction that ended a daily game: every instance hears it once it commits. */
    void onFinished(@Observes DailyFinished finished) {
        announce(finished.ruleset() + ":" + finished.day() + ":" + finished.gameId());
    }

    @Override
    public void receive(String payload) {
        String[] p = payload.split(":", 3);
        LocalDate day = LocalDate.parse(p[1]);
        UUID game = UUID.fromString(p[2]);
        deliver(s -> s.ruleset().equals(p[0]) && s.day().equals(day), sub -> sub.finished(game));
    }
}
