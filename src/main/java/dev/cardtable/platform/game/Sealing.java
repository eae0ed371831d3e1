package dev.cardtable.platform.game;

import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;

/**
 * What a game of the daily deal keeps to its seat while its day runs ({@code docs/api.md}, "The
 * daily deal"): every player of the day is dealt the same dungeon, so the order its rooms came in
 * must not reach anyone else before the day is over. Until then only the game's seat reads its
 * game, log, positions, timeline and event stream; everyone else, and the portable record, gets
 * {@code 403 game-sealed}; and the seed is shown to nobody, not even once the game is over.
 */
public final class Sealing {

    private Sealing() {
    }

    /** When UTC day {@code day} ends: the next day's midnight, UTC. */
    public static Instant end(LocalDate day) {
        return day.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant();
    }

    /** When UTC day {@code day} starts. */
    public static Instant start(LocalDate day) {
        return day.atStartOfDay(ZoneOffset.UTC).toInstant();
    }

    /** The UTC day of {@code t}. */
    public static LocalDate day(Instant t) {
        return LocalDate.ofInstant(t, ZoneOffset.UTC);
    }

    /** Whether {@code g} plays a daily deal whose day is not over at {@code now}. */
    public static boolean sealed(GameRow g, Instant now) {
        return g.origin().daily() != null && now.isBefore(end(g.origin().daily()));
    }

    /**
     * Refuses a caller who is not a seat of {@code g} while {@code g} is sealed.
     *
     * @param seat the caller's seat, or null for anyone else
     * @throws GameException {@code game-sealed}
     */
    public static void check(GameRow g, Integer seat, Instant now) {
        if (seat == null && sealed(g, now)) {
            throw new GameException(Failure.GAME_SEALED, "this game plays the daily deal of " + g.origin().daily()
                    + ": only its seat may read it until the day is over, at " + end(g.origin().daily()));
        }
    }

    /**
     * Refuses everyone, its seat included, {@code what} of {@code g} while {@code g} is sealed: a
     * record or an analysis can be passed on, so it waits for the day's end.
     *
     * @param what what is asked for, in lower case, e.g. "the record"
     * @throws GameException {@code game-sealed}
     */
    public static void checkForAll(GameRow g, String what, Instant now) {
        if (sealed(g, now)) {
            throw new GameException(Failure.GAME_SEALED, what + " of a game of the daily deal of " + g.origin().daily()
                    + " is given to nobody, its seat included, until the day is over, at " + end(g.origin().daily())
                    + "; its seat reads the game itself meanwhile");
        }
    }
}
