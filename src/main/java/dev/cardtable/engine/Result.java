package dev.cardtable.engine;

import java.util.List;

/**
 * The result of a finished game. Implementations are records whose components are the game's
 * public result shape (see {@code docs/api.md}); {@link #standings()} is the game-independent summary.
 */
public interface Result {

    /** Each seat's standing, indexed by seat number. */
    List<Standing> standings();

    /**
     * How the game ended: {@code completed} when played out, else an {@link Ending#id()}
     * ({@code resigned}, {@code aborted}, {@code timeout}, {@code abandoned}).
     */
    String ending();
}
