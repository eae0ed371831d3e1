package dev.cardtable.history;

import dev.cardtable.platform.game.view.GameSummary;

import java.util.List;

/**
 * A page of the game history, newest first.
 *
 * @param items      the games
 * @param nextCursor pass as {@code cursor} for the next page; null on the last page
 */
public record HistoryPage(List<GameSummary> items, String nextCursor) {
}
