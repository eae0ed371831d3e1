package dev.cardtable.play;

import dev.cardtable.platform.game.view.GameView;

/**
 * What a move request produced.
 *
 * @param body     the response body as sent (for a retry: as first sent)
 * @param game     the game after the move as the mover sees it; null for a retry
 * @param replayed whether this is a stored response to an earlier request with the same key
 */
public record MoveOutcome(String body, GameView game, boolean replayed) {
}
