package dev.cardtable.ratings;

import dev.cardtable.platform.Published;

import java.util.UUID;

/**
 * The rating a registered player's seat of a rated game shows before the game
 * ({@code docs/ratings.md}), for checking a game's rating range before the seat is taken.
 */
@Published
public interface SeatRatings {

    /**
     * {@code playerId}'s current rating for the perf {@code gameType}/{@code ruleset}: as stored, or
     * the initial rating before its first rated game of the perf. The rating a seat it takes now
     * shows. Call inside a transaction.
     */
    double current(UUID playerId, String gameType, String ruleset);

    /**
     * How many rated games of the perf {@code gameType}/{@code ruleset} {@code playerId} has played:
     * 0 before the first. Call inside a transaction.
     */
    int ratedGames(UUID playerId, String gameType, String ruleset);
}
