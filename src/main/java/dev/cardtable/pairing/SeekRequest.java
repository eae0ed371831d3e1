package dev.cardtable.pairing;

import dev.cardtable.platform.game.Clocks;

/**
 * The body of {@code POST /api/seeks}.
 *
 * @param type        a two-player game type (required)
 * @param ruleset     the ruleset, or null for the type's default
 * @param clock       the clock, or null for none
 * @param rated       whether the game is rated; null for false
 * @param ratingRange the range an opponent's rating must lie in, or null for the widening window
 */
public record SeekRequest(String type, String ruleset, Clocks.ClockSettings clock, Boolean rated,
                          SeekView.Range ratingRange) {
}
