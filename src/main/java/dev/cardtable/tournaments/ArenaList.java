package dev.cardtable.tournaments;

import java.util.List;

/**
 * A page of arenas of one status ({@code GET /api/arenas}).
 *
 * @param items      the arenas
 * @param nextCursor the cursor of the next page, or null after the last
 */
public record ArenaList(List<ArenaView> items, String nextCursor) {
}
