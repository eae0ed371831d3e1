package dev.cardtable.platform.game.view;

import dev.cardtable.engine.Result;
import dev.cardtable.engine.Standing;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A finished game's result in the one shape every game shares ({@code docs/api.md}, "Results"):
 * <pre>{"standings":[{"seat":0,"outcome":"won","score":14},…], "ending":"completed",
 *  "endedBy":null, "detail":{…game specific…}}</pre>
 *
 * @param standings one per seat, in seat order
 * @param ending    how the game ended: {@value #COMPLETED} when played to its end under the rules,
 *                  else {@code resigned}, {@code aborted}, {@code timeout} or {@code abandoned}
 * @param endedBy   the seat that resigned or ran out of time, else null
 * @param detail    the game's own part ({@link Result#detail()})
 */
public record GameResult(List<SeatStanding> standings, String ending, Integer endedBy, Map<String, Object> detail) {

    /** The ending of a game played to its end under the rules. */
    public static final String COMPLETED = "completed";

    public GameResult {
        standings = List.copyOf(standings);
    }

    /** The shared shape of the rules' {@code result}. */
    public static GameResult of(Result result) {
        List<Standing> s = result.standings();
        List<SeatStanding> out = new ArrayList<>(s.size());
        for (int seat = 0; seat < s.size(); seat++) {
            Standing st = s.get(seat);
            out.add(new SeatStanding(seat, st.outcome() == null ? null : st.outcome().name().toLowerCase(Locale.ROOT),
                    st.score()));
        }
        return new GameResult(out, result.ending(), result.endedBy(), result.detail());
    }

    /**
     * One seat's standing.
     *
     * @param seat    seat number
     * @param outcome {@code won}, {@code lost} or {@code drawn}; null for an aborted or abandoned game
     * @param score   the seat's score in the game's own units; null for an aborted or abandoned game
     */
    public record SeatStanding(int seat, String outcome, Integer score) {
    }
}
