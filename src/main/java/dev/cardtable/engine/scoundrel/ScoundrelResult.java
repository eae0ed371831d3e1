package dev.cardtable.engine.scoundrel;

import dev.cardtable.engine.Ending;
import dev.cardtable.engine.Outcome;
import dev.cardtable.engine.Result;
import dev.cardtable.engine.Standing;

import java.util.List;
import java.util.Map;

/**
 * How a Scoundrel game ended: the single seat's outcome and score, and how the run ended
 * ({@code docs/api.md}, "Results").
 *
 * @param outcome {@value #WON} or {@value #LOST}; null for an aborted or abandoned run
 * @param score   the score of {@code scoundrel.md}, "Score": from −188 to 30 (a resigned or timed
 *                out run is scored as lost); null for an aborted or abandoned run
 * @param ending  {@value #COMPLETED} for a run played out, else the {@link Ending#id()}
 * @param endedBy the seat that resigned or ran out of time (0), else null
 */
public record ScoundrelResult(String outcome, Integer score, String ending, Integer endedBy) implements Result {

    /** The ending of a run played to its end. */
    public static final String COMPLETED = "completed";

    /** The outcome of a game cleared with health above 0. */
    public static final String WON = "won";
    /** The outcome of a game ended by health 0 or below. */
    public static final String LOST = "lost";

    /**
     * @throws IllegalArgumentException for an outcome other than {@value #WON} or {@value #LOST},
     *                                  or a missing outcome or score on a decided run
     */
    public ScoundrelResult {
        if (outcome != null && !WON.equals(outcome) && !LOST.equals(outcome)) {
            throw new IllegalArgumentException("outcome must be won or lost: " + outcome);
        }
        if ((outcome == null) != (score == null)) {
            throw new IllegalArgumentException("a run has both an outcome and a score, or neither");
        }
    }

    /** A run played out to {@code outcome} with {@code score}. */
    public ScoundrelResult(String outcome, int score) {
        this(outcome, score, COMPLETED, null);
    }

    /** A run ended early as {@code ending}, scored {@code lostScore} if that ending loses it. */
    public static ScoundrelResult ended(Ending ending, int lostScore) {
        return ending.kind().decides()
                ? new ScoundrelResult(LOST, lostScore, ending.id(), ending.endedBy())
                : new ScoundrelResult(null, null, ending.id(), null);
    }

    /** Nothing beyond the standing: {@code {}}. */
    @Override
    public Map<String, Object> detail() {
        return Map.of();
    }

    /**
     * The single seat's standing: {@link Outcome#WON} or {@link Outcome#LOST} with the score; a
     * null outcome and score for an aborted or abandoned run.
     */
    @Override
    public List<Standing> standings() {
        if (outcome == null) {
            return List.of(new Standing(null, null));
        }
        return List.of(new Standing(WON.equals(outcome) ? Outcome.WON : Outcome.LOST, score));
    }
}
