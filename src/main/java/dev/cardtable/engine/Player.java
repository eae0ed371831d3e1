package dev.cardtable.engine;

import java.util.List;

/**
 * A computer opponent. It is handed its seat's view, never the state, so it can only use what a
 * person in that seat could see; randomness comes only from the {@link Rng} it is given, which is
 * never the deal's.
 *
 * @param <V> the game's view
 * @param <M> the game's moves
 */
public interface Player<V, M> {

    /**
     * Chooses one of {@code legalMoves}.
     *
     * @param view       the seat's view of the current state
     * @param legalMoves the seat's legal moves, non-empty
     * @param rng        the opponent's own generator
     * @return an element of {@code legalMoves}
     */
    M choose(V view, List<M> legalMoves, Rng rng);
}
