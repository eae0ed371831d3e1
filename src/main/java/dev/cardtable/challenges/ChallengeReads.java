package dev.cardtable.challenges;

import dev.cardtable.platform.Published;

import java.util.UUID;

/** What other features read of challenges: a player's pending ones, for its event stream's snapshot. */
@Published
public interface ChallengeReads {

    /** The pending challenges made to ({@code in}) and by ({@code out}) player {@code playerId}, oldest first. */
    ChallengeList pendingOf(UUID playerId);
}
