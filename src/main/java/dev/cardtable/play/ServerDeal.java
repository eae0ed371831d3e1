package dev.cardtable.play;

import dev.cardtable.platform.Published;
import dev.cardtable.platform.game.GameRow;

/**
 * A deal the server chose: a secret seed and where it came from.
 *
 * @param seed   the secret seed
 * @param origin certified, and the daily deal's day if it is one
 */
@Published
public record ServerDeal(String seed, GameRow.Origin origin) {
}
