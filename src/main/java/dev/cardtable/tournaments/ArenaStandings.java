package dev.cardtable.tournaments;

import java.util.List;

/**
 * A page of an arena's standings, best placed first.
 *
 * @param items      the entries
 * @param nextCursor the cursor of the next page, or null after the last
 */
public record ArenaStandings(List<ArenaStanding> items, String nextCursor) {
}
