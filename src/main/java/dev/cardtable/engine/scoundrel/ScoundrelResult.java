package dev.cardtable.engine.scoundrel;

import dev.cardtable.engine.Outcome;
import dev.cardtable.engine.Result;
import dev.cardtable.engine.Standing;

import java.util.List;
import java.util.Map;

/**
 * How a Scoundrel game ended: the single seat's outcome and score ({@code docs/api.md}, "Results").
 *
 * @param outcome {@value #WON} or {@value #LOST}
 * @param score   the score of {@code scoundrel.md}, "Score": from −188 to 30
 */
public record ScoundrelResult(String outcome, int score) implements Result {

    /** The outcome of a game cleared with health above 0. */
    public static final String WON = "won";
    /** The outcome of a game ended by health 0 or below. */
    public static final String LOST = "lost";

    /** @throws IllegalArgumentException for an outcome other than {@value #WON} or {@value #LOST} */
    public ScoundrelResult {
        if (!WON.equals(outcome) && !LOST.equals(outcome)) {
            throw new IllegalArgumentException("outcome must be won or lost: " + outcome);
        }
    }

    /** Nothing beyond the standing: {@code {}}. */
    @Override
    public Map<String, Object> detail() {
        return Map.of();
    }

    /** The single seat's standing: {@link Outcome#WON} or {@link Outcome#LOST} with the score. */
    @Override
    public List<Standing> standings() {
        return List.of(new Standing(WON.equals(outcome) ? Outcome.WON : Outcome.LOST, score));
    }
}
