package dev.cardtable.platform.game;

import dev.cardtable.engine.GameInfo;
import dev.cardtable.engine.Opponents;
import dev.cardtable.engine.Rules;

import java.util.Set;

/**
 * One game type as the server offers it: its rules, its computer opponents and the optional
 * features it takes part in, bound to the rules' state, move and view types.
 *
 * @param rules     the rules
 * @param opponents the computer opponents ({@link Opponents#none(String)} when there are none)
 * @param abilities the optional features offered for its games
 * @param <S>       the full state
 * @param <M>       the moves
 * @param <V>       a viewer's view
 */
public record GameType<S, M, V>(Rules<S, M, V> rules, Opponents<V, M> opponents, Set<Ability> abilities) {

    /** The optional features a game type may offer ({@code docs/api.md}). */
    public enum Ability {
        /** {@code GET /api/games/{id}/hint} ("Hints"). */
        HINTS,
        /** {@code "certified":true} deals, proved winnable ("Certified deals"). */
        CERTIFIED_DEALS,
        /** The daily deal ("The daily deal"). */
        DAILY_DEAL,
        /** {@code GET /api/games/{id}/analysis} of a finished game ("Post-game analysis"). */
        ANALYSIS,
        /** Rated games, {@code "rated":true} ({@code docs/ratings.md}). */
        RATED
    }

    public GameType {
        abilities = Set.copyOf(abilities);
    }

    /** A type that offers none of the optional features. */
    public GameType(Rules<S, M, V> rules, Opponents<V, M> opponents) {
        this(rules, opponents, Set.of());
    }

    /** Whether games of this type offer {@code ability}. */
    public boolean offers(Ability ability) {
        return abilities.contains(ability);
    }

    /** The type's description: the rules' info with the opponents' levels. */
    public GameInfo info() {
        return rules.info().withAiLevels(opponents.levels());
    }

    /** The type's name, e.g. {@code scoundrel}. */
    public String name() {
        return rules.info().type();
    }
}
