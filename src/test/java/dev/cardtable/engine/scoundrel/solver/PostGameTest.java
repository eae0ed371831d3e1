package dev.cardtable.engine.scoundrel.solver;

import dev.cardtable.engine.Deal;
import dev.cardtable.engine.Options;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Setup;
import dev.cardtable.engine.scoundrel.ScoundrelMove;
import dev.cardtable.engine.scoundrel.ScoundrelResult;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.ScoundrelState;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Post-game analysis names the move that lost a winnable game, checked against the solver. */
class PostGameTest {

    private static final ScoundrelRules RULES = new ScoundrelRules();
    private static final Seat PLAYER = Seat.of(0);
    private static final ScoundrelSolver SOLVER = new ScoundrelSolver();

    /** Greedy play of a winnable deal, which loses it; the analysis finds where. */
    @ParameterizedTest
    @ValueSource(strings = {"analysis-1", "analysis-2", "analysis-3"})
    void theTurningPointOfALostWinnableGameIsWhereTheSolverStopsSayingWinnable(String seed) {
        ScoundrelState deal = RULES.deal(new Setup("standard", Options.none(), new Deal.Seeded(seed)));
        assertEquals(Verdict.WINNABLE, SOLVER.decide(deal, Budget.standard()).verdict(), seed);
        List<ScoundrelState> positions = new ArrayList<>(List.of(deal));
        List<ScoundrelMove> moves = new ArrayList<>();
        for (ScoundrelState s = deal; !ScoundrelRules.over(s); ) {
            ScoundrelMove m = Greedy.move(s);
            moves.add(m);
            s = RULES.apply(s, PLAYER, m);
            positions.add(s);
        }
        assertEquals(ScoundrelResult.LOST, RULES.result(positions.getLast()).orElseThrow().outcome(), seed);

        PostGame.Analysis a = new PostGame().analyse(positions, moves);

        assertEquals(positions.size(), a.positions().size());
        PostGame.TurningPoint t = a.turningPoint();
        assertNotNull(t, seed);
        assertTrue(t.lostTheWin(), t.toString());
        assertEquals(moves.get(t.move() - 1), t.played());
        // Independently of the analysis: winnable before the move, unwinnable after it...
        ScoundrelState before = positions.get(t.move() - 1);
        ScoundrelState after = positions.get(t.move());
        assertEquals(Verdict.WINNABLE, SOLVER.decide(before, Budget.standard()).verdict());
        assertEquals(Verdict.UNWINNABLE, SOLVER.decide(after, Budget.standard()).verdict());
        // ...and at every earlier position still winnable: it is the first such move.
        for (int i = 0; i < t.move(); i++) {
            assertEquals(Boolean.TRUE, a.positions().get(i).verdict() == Verdict.WINNABLE, "position " + i);
        }
        // The better move keeps the win.
        ScoundrelState kept = RULES.apply(before, PLAYER, t.better());
        assertEquals(Verdict.WINNABLE, SOLVER.decide(kept, Budget.standard()).verdict());
        // Best scores: a won game 1 to 30, a lost one 0 or below; the last position is the result.
        assertEquals(RULES.result(positions.getLast()).orElseThrow().score(),
                a.positions().getLast().bestScore().orElseThrow());
    }
}
