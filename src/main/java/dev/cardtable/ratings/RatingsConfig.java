package dev.cardtable.ratings;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.Map;

/**
 * The published parameters of the Glicko-2 ratings ({@code cardtable.ratings.*};
 * {@code docs/ratings.md}, "Parameters"), all shown by {@code GET /api/ratings}. Ratings and
 * deviations are in Glicko rating points, the volatility on the Glicko-2 scale.
 */
@ConfigMapping(prefix = "cardtable.ratings")
public interface RatingsConfig {

    /** A player's rating before its first rated game of a perf. */
    Initial initial();

    /** τ, the system constant that bounds how fast the volatility changes. */
    @WithDefault("0.75")
    double tau();

    /**
     * The rating period: a deviation grows by one period's volatility for every period (or
     * fraction of one) a player spends without a rated game of the perf.
     */
    @WithDefault("P5D")
    Duration period();

    /** The least deviation a rating keeps, however many games it has. */
    @WithDefault("45")
    double deviationFloor();

    /** The largest deviation, that of a new player. */
    @WithDefault("350")
    double deviationCeiling();

    /** A rating whose deviation is above this is provisional: it has no rank and is on no leaderboard. */
    @WithDefault("110")
    double provisionalDeviation();

    /** A player without a rated game of the perf for this long leaves its leaderboard and has no rank. */
    @WithDefault("P30D")
    Duration leaderboardInactiveAfter();

    /**
     * The computer levels' ratings, by level name ({@code random}, {@code heuristic}, {@code ismcts}):
     * a rated game against a computer seat rates the human against its level's rating. The values
     * are in {@code application.properties}.
     */
    Map<String, Level> levels();

    /** How a deal is drawn for a rated Scoundrel game and measured ({@code docs/ratings.md}, "Scoundrel: players against deals"). */
    Deals deals();

    /** The deals of rated Scoundrel. */
    interface Deals {

        /** Fresh secret seeds measured for a rated game, of which the nearest the player's rating is dealt. */
        @WithDefault("3")
        int candidates();

        /** The positions the solver may expand to measure one deal, all its searches together. */
        @WithDefault("2000000")
        long nodes();
    }

    /** A new player's rating. */
    interface Initial {

        /** r, in rating points. */
        @WithDefault("1500")
        double rating();

        /** RD, in rating points. */
        @WithDefault("350")
        double deviation();

        /** σ. */
        @WithDefault("0.06")
        double volatility();
    }

    /** A computer level's fixed rating. */
    interface Level {

        /** r, in rating points. */
        double rating();

        /** RD, in rating points. */
        double deviation();
    }
}
