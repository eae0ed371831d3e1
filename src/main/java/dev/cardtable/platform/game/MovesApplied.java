package dev.cardtable.platform.game;

import java.util.UUID;

/**
 * Fired inside the transaction that appended moves up to {@code lastSeq} to game {@code gameId};
 * the live-event bus observes it.
 *
 * @param gameId  the game
 * @param lastSeq the last move appended
 */
public record MovesApplied(UUID gameId, int lastSeq) {
}
