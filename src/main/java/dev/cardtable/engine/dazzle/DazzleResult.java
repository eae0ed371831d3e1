package dev.cardtable.engine.dazzle;

import dev.cardtable.engine.Ending;
import dev.cardtable.engine.Outcome;
import dev.cardtable.engine.Result;
import dev.cardtable.engine.Standing;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The result of a finished Dazzle game ({@code dazzle.md}, "Scoring"), as stored: the standings
 * come from {@code scores} and {@code winner}, the {@code detail} of {@code docs/api.md}, "Results"
 * is <pre>{"colors":{"B":{"worth":9,"claims":[4,4]}, "G":{…}, "R":{…}, "Y":{…}}}</pre>
 *
 * @param scores  each seat's points on the table as it stands, indexed by seat
 * @param winner  the seat with the higher score, or {@code null} for a draw; after a resignation
 *                or timeout the other seat, whatever the scores; {@code null} for an aborted or
 *                abandoned game
 * @param colors  per colour code, in order B, G, R, Y: its worth and each seat's claim
 * @param ending  {@value #COMPLETED} for a game played out, else the {@link Ending#id()}
 * @param endedBy the seat that resigned or ran out of time, else null
 */
public record DazzleResult(List<Integer> scores, Integer winner, Map<String, ColourScore> colors, String ending,
                           Integer endedBy) implements Result {

    /** The ending of a game played to its end. */
    public static final String COMPLETED = "completed";

    /**
     * One colour's scoring.
     *
     * @param worth  the sum of the colour's pot
     * @param claims each seat's claim (sum of its owned cards of the colour), indexed by seat
     */
    public record ColourScore(int worth, List<Integer> claims) {
        public ColourScore {
            claims = List.copyOf(claims);
        }
    }

    public DazzleResult {
        scores = List.copyOf(scores);
        // Keep B, G, R, Y order so that the serialized form is stable.
        colors = Collections.unmodifiableMap(new LinkedHashMap<>(colors));
    }

    /**
     * Scores a table ({@code dazzle.md}, "Scoring"): each colour's worth goes to the seat with the
     * strictly higher claim, nobody on equal claims; the higher total wins, equal totals draw.
     *
     * @param worth  the worth of each colour, indexed by {@link Card.Colour#ordinal()}
     * @param claims {@code claims[seat][colour]}
     */
    public static DazzleResult score(int[] worth, int[][] claims) {
        int[] scores = new int[2];
        Map<String, ColourScore> colors = new LinkedHashMap<>();
        for (Card.Colour c : Card.Colour.values()) {
            int i = c.ordinal();
            int a = claims[0][i], b = claims[1][i];
            if (a > b) {
                scores[0] += worth[i];
            } else if (b > a) {
                scores[1] += worth[i];
            }
            colors.put(c.name(), new ColourScore(worth[i], List.of(a, b)));
        }
        Integer winner = scores[0] > scores[1] ? Integer.valueOf(0)
                : scores[1] > scores[0] ? Integer.valueOf(1) : null;
        return new DazzleResult(List.of(scores[0], scores[1]), winner, colors, COMPLETED, null);
    }

    /**
     * This table's scores for a game ended early as {@code ending}: the seat that did not resign
     * or run out of time wins; an aborted or abandoned game has no winner and no outcomes.
     */
    public DazzleResult endedAs(Ending ending) {
        Integer w = ending.kind().decides() ? Integer.valueOf(1 - ending.seat()) : null;
        return new DazzleResult(scores, w, colors, ending.id(), ending.endedBy());
    }

    /** {@code {"colors":{…}}}: per colour, in order B, G, R, Y, its worth and each seat's claim. */
    @Override
    public Map<String, Object> detail() {
        return Map.of("colors", colors);
    }

    /**
     * WON/LOST for the winner and loser, DRAWN for both on a draw; the score is the seat's points.
     * An aborted or abandoned game gives every seat a null outcome and score.
     */
    @Override
    public List<Standing> standings() {
        if (winner == null && !COMPLETED.equals(ending)) {
            return List.of(new Standing(null, null), new Standing(null, null));
        }
        List<Standing> out = new ArrayList<>(2);
        for (int seat = 0; seat < 2; seat++) {
            Outcome o = winner == null ? Outcome.DRAWN : winner == seat ? Outcome.WON : Outcome.LOST;
            out.add(new Standing(o, scores.get(seat)));
        }
        return List.copyOf(out);
    }
}
