package dev.cardtable.engine.dazzle.ai;

import dev.cardtable.engine.MalformedInput;
import dev.cardtable.engine.Opponents;
import dev.cardtable.engine.Player;
import dev.cardtable.engine.Unknown;
import dev.cardtable.engine.dazzle.DazzleMove;
import dev.cardtable.engine.dazzle.DazzleView;

import java.util.List;

/**
 * Dazzle's computer opponents ({@code dazzle.md}, "Computer opponents"), weakest first:
 * {@link RandomPlayer}, {@link HeuristicPlayer} and {@link IsmctsPlayer}. Stateless and
 * thread-safe. {@code DazzleRules} knows none of them.
 */
public final class DazzleOpponents implements Opponents<DazzleView, DazzleMove> {

    /** The computer opponent levels, weakest first ({@code dazzle.md}, "Computer opponents"). */
    public static final List<String> LEVELS = List.of("random", "heuristic", "ismcts");

    /** The lowest and highest accepted ismcts budget (iterations per decision). */
    public static final int MIN_BUDGET = 1, MAX_BUDGET = 20_000;

    /** {@link #LEVELS}: {@code random}, {@code heuristic}, {@code ismcts}. */
    @Override
    public List<String> levels() {
        return LEVELS;
    }

    /** {@code ismcts}: its budget (default {@link IsmctsPlayer#DEFAULT_ITERATIONS}); the other levels do not search. */
    @Override
    public long iterations(String level, Integer budget) {
        return "ismcts".equals(level) ? (budget == null ? IsmctsPlayer.DEFAULT_ITERATIONS : budget) : 0;
    }

    /**
     * The computer opponent of {@code level} ({@code dazzle.md}, "Computer opponents"):
     * {@code random}, {@code heuristic} or {@code ismcts}. The budget is the number of search
     * iterations per decision for {@code ismcts} ({@value #MIN_BUDGET} to {@value #MAX_BUDGET},
     * default {@link IsmctsPlayer#DEFAULT_ITERATIONS}); the other levels do not search and refuse one.
     *
     * @throws MalformedInput for an unknown level, a budget out of range, or a budget on a level
     *                        without one
     */
    @Override
    public Player<DazzleView, DazzleMove> player(String level, Integer budget) {
        if (level == null) {
            throw new MalformedInput("an AI seat needs 'ai', one of: " + String.join(", ", LEVELS));
        }
        if (budget != null && !level.equals("ismcts")) {
            throw new MalformedInput("aiBudget applies to ismcts only; " + level + " has no budget");
        }
        return switch (level) {
            case "random" -> new RandomPlayer();
            case "heuristic" -> new HeuristicPlayer();
            case "ismcts" -> {
                if (budget != null && (budget < MIN_BUDGET || budget > MAX_BUDGET)) {
                    throw new MalformedInput("aiBudget for ismcts must be " + MIN_BUDGET + " to " + MAX_BUDGET
                            + " iterations");
                }
                yield new IsmctsPlayer(budget == null ? IsmctsPlayer.DEFAULT_ITERATIONS : budget);
            }
            default -> throw new MalformedInput(Unknown.name("AI level", level, LEVELS));
        };
    }
}
