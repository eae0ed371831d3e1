package dev.cardtable.platform.game.view;

import dev.cardtable.engine.Drawn;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One move log entry, projected for the caller ({@code docs/api.md}, "The move log").
 *
 * @param seq   1, 2, 3 … without gaps
 * @param seat  the mover
 * @param move  the move's JSON form, as the caller may see it
 * @param at    when it was applied (RFC 3339 UTC)
 * @param drawn per seat that drew because of the move, the cards drawn as the caller may see them;
 *              empty when nothing was drawn
 */
public record LogItem(int seq, int seat, Map<String, Object> move, Instant at, List<Drawn> drawn) {

    public LogItem {
        drawn = List.copyOf(drawn);
    }
}
