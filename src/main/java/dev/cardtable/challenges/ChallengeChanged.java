package dev.cardtable.challenges;

import dev.cardtable.platform.Published;

import java.util.UUID;

/**
 * A challenge was made or ended: fired inside the transaction that wrote it, so that a player's
 * event stream ({@code docs/api.md}, "A player's event stream") tells both players once it is
 * committed. Its kind is the challenge's status: {@code pending} (made), {@code accepted},
 * {@code declined}, {@code cancelled} or {@code expired}.
 *
 * @param challenge    the challenge as it now is
 * @param challengerId the registered player who made it
 * @param challengedId the registered player it asks
 */
@Published
public record ChallengeChanged(ChallengeView challenge, UUID challengerId, UUID challengedId) {
}
