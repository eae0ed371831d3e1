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
     * How the game ended: {@code completed} when played out, else an {@link Ending#id()}
     * ({@code resigned}, {@code aborted}, {@code timeout}, {@code abandoned}).
     */
    String ending();

    /** The seat that resigned or ran out of time, else {@code null}. */
    Integer endedBy();

    /**
     * What the standings do not say, in the game's own shape: the {@code detail} of a result in
     * {@code docs/api.md}, "Results". Every value is a string, number, boolean, list, map, record
     * or {@code null}.
     */
    Map<String, Object> detail();
}
