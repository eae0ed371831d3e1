package dev.cardtable.game.view;

import java.util.List;

/**
 * A page of the move log.
 *
 * @param items     entries with {@code seq > after}, at most {@code limit}, in order
 * @param nextAfter the {@code after} value for the next page, or null when this page reaches the end
 * @param finished  whether the game is over, so that no entry will follow the last one
 */
public record LogPage(List<LogItem> items, Integer nextAfter, boolean finished) {
}
