package dev.cardtable.platform.game.view;

import java.util.List;
import java.util.UUID;

/**
 * A past position: the game as it stood after move {@code n}, as the caller may see it.
 *
 * @param id     game id
 * @param type   game type (which game-specific shapes {@code view} and {@code result} have)
 * @param n      moves applied (0 = the deal)
 * @param toAct  seats that were to move
 * @param view   the game-specific view for the caller
 * @param result the result if the game was over at that point, else null
 */
public record Position(UUID id, String type, int n, List<Integer> toAct, Object view, GameResult result) {
}
