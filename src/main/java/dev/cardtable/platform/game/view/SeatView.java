package dev.cardtable.platform.game.view;

/**
 * A seat as anyone may see it; every key is present on every seat.
 *
 * @param seat     seat number
 * @param kind     {@code human}, {@code ai} or {@code open}
 * @param name     the human's name, else null
 * @param ai       the computer opponent's level, else null
 * @param aiBudget the computer opponent's budget when one was given, else null
 * @param verified whether a registered player took the seat with its player key
 * @param rating   in a rated game, the seat's rating for the game's perf before the game (a computer
 *                 seat's: its level's published rating), else null ({@code docs/ratings.md})
 * @param ratingDiff the change the game made to that rating, once it was rated, else null
 */
public record SeatView(int seat, String kind, String name, String ai, Integer aiBudget, boolean verified,
                       Double rating, Double ratingDiff) {
}
