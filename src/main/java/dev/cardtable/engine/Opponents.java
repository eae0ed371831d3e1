package dev.cardtable.engine;

import java.util.List;

/**
 * A game's computer opponents, kept apart from its {@link Rules}: the rules know none of them. The
 * service's catalog combines both ({@link GameInfo#withAiLevels(List)}).
 *
 * @param <V> the game's view
 * @param <M> the game's moves
 */
public interface Opponents<V, M> {

    /** Level names, weakest first; empty when the game has no computer opponents. */
    List<String> levels();

    /**
     * The computer opponent of {@code level} (one of {@link #levels()}).
     *
     * @param level  the level name
     * @param budget the level's thinking budget (for search levels: iterations), or {@code null}
     *               for its default
     * @throws MalformedInput for an unknown level, a budget out of range, or a budget on a level
     *                        without one
     */
    Player<V, M> player(String level, Integer budget);

    /**
     * How many search iterations one decision of {@code level} at {@code budget} (null: its
     * default) takes, the measure of what it costs; 0 for a level that does not search. The
     * service bounds and charges searching levels only.
     */
    default long iterations(String level, Integer budget) {
        return 0;
    }

    /**
     * No computer opponents: {@link #levels()} is empty and {@link #player} always throws
     * {@code MalformedInput("<type> has no computer opponents")}.
     *
     * @param type the game type name, e.g. {@code scoundrel}
     */
    static <V, M> Opponents<V, M> none(String type) {
        String message = type + " has no computer opponents";
        return new Opponents<>() {
            @Override
            public List<String> levels() {
                return List.of();
            }

            @Override
            public Player<V, M> player(String level, Integer budget) {
                throw new MalformedInput(message);
            }
        };
    }
}
