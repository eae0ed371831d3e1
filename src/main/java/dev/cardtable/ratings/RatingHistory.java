package dev.cardtable.ratings;

import dev.cardtable.platform.game.view.GlickoValues;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A page of a player's rating history in one perf, newest first
 * ({@code GET /api/players/{name}/ratings/{gameType}/{ruleset}/history}).
 *
 * @param items      the points
 * @param nextCursor pass as {@code cursor} for the next page; null on the last page
 */
public record RatingHistory(List<Point> items, String nextCursor) {

    /**
     * The rating after one rated game.
     *
     * @param gameId     the game
     * @param at         when it ended
     * @param rating     r after it
     * @param deviation  RD after it
     * @param volatility σ after it
     * @param diff       the change of r it made
     * @param glicko     r, RD and σ after it as stored: r and RD to the hundredth, σ to full precision
     */
    public record Point(UUID gameId, Instant at, double rating, double deviation, double volatility, double diff,
                        GlickoValues glicko) {
    }
}
