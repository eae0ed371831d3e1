package dev.cardtable.ratings;

import dev.cardtable.platform.Published;

import java.util.UUID;

/** What other features read of ratings: a player's current rating in a perf ({@code docs/ratings.md}). */
@Published
public interface PerfRatings {

    /**
     * The rating of player {@code playerId} in perf {@code gameType}/{@code ruleset}, in rating
     * points; the published initial rating ({@code cardtable.ratings.initial.rating}) for a player
     * who has no rated game of the perf yet. Must be called inside a transaction.
     */
    double rating(UUID playerId, String gameType, String ruleset);
}
