package dev.cardtable.challenges;

import dev.cardtable.platform.Published;

import java.util.List;

/**
 * A player's pending challenges ({@code GET /api/challenges}), oldest first.
 *
 * @param in  challenges made to the player
 * @param out challenges the player made
 */
@Published
public record ChallengeList(List<ChallengeView> in, List<ChallengeView> out) {
}
