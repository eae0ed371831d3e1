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
 */
public record SeatView(int seat, String kind, String name, String ai, Integer aiBudget, boolean verified) {
}
