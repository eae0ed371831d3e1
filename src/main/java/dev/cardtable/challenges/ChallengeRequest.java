package dev.cardtable.challenges;

import dev.cardtable.platform.game.Clocks;

import java.util.Map;

/**
 * The body of {@code POST /api/challenges}.
 *
 * @param player         the registered name of the player to challenge (required)
 * @param type           a two-player game type (required)
 * @param ruleset        the ruleset, or null for the type's default
 * @param options        option values, or null for the defaults
 * @param clock          the clock, or null for none
 * @param rated          whether the game is rated; null for false
 * @param challengerSeat the seat the challenger takes (0 or 1), or null for one drawn at acceptance
 */
public record ChallengeRequest(String player, String type, String ruleset, Map<String, String> options,
                               Clocks.ClockSettings clock, Boolean rated, Integer challengerSeat) {
}
