package dev.cardtable.platform.game.view;

import java.util.List;

/**
 * A page of the move log ({@code docs/api.md}, "Paging").
 *
 * @param items      entries after the cursor, at most {@code limit}, in order
 * @param nextCursor the {@code cursor} of the next page (the last item's seq as a decimal string),
 *                   or null when this page reaches the end of the log
 * @param finished   whether the game is over, so that no entry will follow the last one
 */
public record LogPage(List<LogItem> items, String nextCursor, boolean finished) {
}
