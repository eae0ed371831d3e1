package dev.cardtable.game;

import dev.cardtable.engine.GameInfo;
import dev.cardtable.engine.Opponents;
import dev.cardtable.engine.Rules;

/**
 * One game type as the server offers it: its rules and its computer opponents, bound to the
 * rules' state, move and view types.
 *
 * @param rules     the rules
 * @param opponents the computer opponents ({@link Opponents#none(String)} when there are none)
 * @param <S>       the full state
 * @param <M>       the moves
 * @param <V>       a viewer's view
 */
public record GameType<S, M, V>(Rules<S, M, V> rules, Opponents<V, M> opponents) {

    /** The type's description: the rules' info with the opponents' levels. */
    public GameInfo info() {
        return rules.info().withAiLevels(opponents.levels());
    }

    /** The type's name, e.g. {@code scoundrel}. */
    public String name() {
        return rules.info().type();
    }
}
