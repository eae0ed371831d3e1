package dev.cardtable.engine;

import java.util.List;
import java.util.Map;

/**
 * The result of a finished game: {@link #standings()} the game-independent summary per seat, and
 * {@link #detail()} the game's own part ({@code docs/api.md}, "Results").
 */
public interface Result {

    /** Each seat's standing, indexed by seat number. */
    List<Standing> standings();

    /**
     * What the standings do not say, in the game's own shape: the {@code detail} of a result in
     * {@code docs/api.md}, "Results". Every value is a string, number, boolean, list, map, record
     * or {@code null}.
     */
    Map<String, Object> detail();
}
