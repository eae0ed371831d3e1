package dev.cardtable.challenges;

import dev.cardtable.platform.Published;
import dev.cardtable.platform.game.Clocks;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/**
 * A challenge as either of its players sees it ({@code docs/api.md}, "Challenges").
 *
 * @param id             the challenge's id
 * @param challenger     the registered name of the player who made it
 * @param challenged     the registered name of the player it asks
 * @param type           the game type
 * @param ruleset        the ruleset
 * @param options        the option values asked for, {@code {}} for the defaults
 * @param clock          the clock, or null for none
 * @param rated          whether the game will be rated ({@code docs/ratings.md})
 * @param challengerSeat the seat the challenger takes (0 or 1), or null for one drawn at acceptance
 * @param status         {@code pending}, {@code accepted}, {@code declined}, {@code cancelled} or
 *                       {@code expired}
 * @param declineReason  a declined challenge's reason, from {@link DeclineReasons}, else null
 * @param gameId         the game an accepted challenge made, else null
 * @param createdAt      when it was made
 * @param expiresAt      when a pending challenge expires
 */
@Published
public record ChallengeView(UUID id, String challenger, String challenged, String type, String ruleset,
                            Map<String, String> options, Clocks.ClockSettings clock, boolean rated,
                            Integer challengerSeat, String status, String declineReason, UUID gameId,
                            Instant createdAt, Instant expiresAt) {

    /** Whether it may still be accepted, declined or cancelled. */
    public boolean pending() {
        return "pending".equals(status);
    }
}
