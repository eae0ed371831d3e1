package dev.cardtable.daily;

import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.Names;
import dev.cardtable.platform.game.GameCatalog;
import dev.cardtable.platform.game.PlayerRow;
import dev.cardtable.platform.game.RegisteredPlayers;
import dev.cardtable.platform.game.Sealing;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.transaction.Transactional;

import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A registered player's streaks at the daily deal ({@code GET /api/players/{name}/streaks}): per
 * ruleset, the current and longest runs of consecutive UTC days played (an attempt made) and won
 * (won within its day). A current run ends today, or yesterday while today has none yet.
 */
@Singleton
public class DailyStreaks {

    @Inject
    DailyStore store;

    @Inject
    RegisteredPlayers players;

    @Inject
    GameCatalog catalog;

    @Inject
    Clock clock;

    /**
     * {@code name}'s streaks, one entry per ruleset attempted, in the catalog's ruleset order.
     *
     * @throws GameException {@code malformed-request} for an invalid name, {@code not-found} for a
     *                       name no standing registration holds
     */
    @Transactional
    public Streaks streaks(String name) {
        Names.check(name);
        PlayerRow p = players.registered(name).orElseThrow(() -> new GameException(Failure.NOT_FOUND,
                "no registered player is named '" + name + "'; streaks are kept for registered players"));
        LocalDate today = Sealing.day(clock.instant());
        List<Streaks.RulesetStreaks> out = new ArrayList<>();
        for (var ruleset : catalog.daily().info().rulesets()) {
            List<DailyStore.DayRow> days = store.days(p.id(), ruleset.name());
            if (days.isEmpty()) {
                continue;
            }
            Set<LocalDate> played = new HashSet<>();
            Set<LocalDate> won = new HashSet<>();
            for (DailyStore.DayRow d : days) {
                played.add(d.day());
                if (d.won()) {
                    won.add(d.day());
                }
            }
            out.add(new Streaks.RulesetStreaks(ruleset.name(), run(played, today), run(won, today), played.size(),
                    won.size(), days.getLast().day()));
        }
        return new Streaks(p.name(), out);
    }

    /** The current and longest runs of consecutive days in {@code days}, seen on {@code today}. */
    static Streaks.Run run(Set<LocalDate> days, LocalDate today) {
        int longest = 0;
        for (LocalDate d : days) {
            if (!days.contains(d.minusDays(1))) {
                int n = 0;
                while (days.contains(d.plusDays(n))) {
                    n++;
                }
                longest = Math.max(longest, n);
            }
        }
        LocalDate end = days.contains(today) ? today : today.minusDays(1);
        int current = 0;
        while (days.contains(end.minusDays(current))) {
            current++;
        }
        return new Streaks.Run(current, longest);
    }
}
