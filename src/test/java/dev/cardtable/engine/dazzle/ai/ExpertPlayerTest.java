package dev.cardtable.engine.dazzle.ai;

import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Viewer;
import dev.cardtable.engine.dazzle.DazzleMove;
import dev.cardtable.engine.dazzle.DazzleRules;
import dev.cardtable.engine.dazzle.DazzleState;
import dev.cardtable.engine.dazzle.DazzleView;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The experimental {@link ExpertPlayer}, with few iterations so that it stays fast. */
class ExpertPlayerTest {

    private final DazzleRules rules = new DazzleRules();

    @Test
    void itPlaysWholeGamesWithLegalMovesFromItsSeatsViewAlone() {
        ExpertPlayer expert = new ExpertPlayer(150);
        for (int g = 0; g < 4; g++) {
            DazzleState s = rules.deal(Match.setup("expert-legal-" + g));
            Rng r0 = new Rng(g), r1 = new Rng(100 + g);
            while (!s.over()) {
                Seat seat = rules.toAct(s).getFirst();
                List<DazzleMove> legal = rules.legalMoves(s, seat);
                DazzleView view = rules.view(s, Viewer.seat(seat));
                // The seat's own view hides the other hand's colours.
                assertEquals(null, view.seats().get(1 - seat.number()).hand());
                DazzleMove m = expert.choose(view, legal, seat.number() == 0 ? r0 : r1);
                assertTrue(legal.contains(m), m + " is legal");
                s = rules.apply(s, seat, m);
            }
        }
    }

    @Test
    void theSameViewAndGeneratorGiveTheSameMove() {
        ExpertPlayer expert = new ExpertPlayer(200);
        DazzleState s = rules.deal(Match.setup("expert-determinism"));
        Rng play = new Rng(5);
        for (int step = 0; step < 36; step++) {
            Seat seat = rules.toAct(s).getFirst();
            List<DazzleMove> legal = rules.legalMoves(s, seat);
            DazzleView view = rules.view(s, Viewer.seat(seat));
            if (step % 4 == 0) {
                assertEquals(expert.choose(view, legal, new Rng(step)), expert.choose(view, legal, new Rng(step)),
                        "at " + step);
            }
            s = rules.apply(s, seat, legal.get(play.below(legal.size())));
        }
    }

    @Test
    void itNeedsAtLeastOneIteration() {
        assertThrows(IllegalArgumentException.class, () -> new ExpertPlayer(0));
        assertEquals(1, new ExpertPlayer(1).iterations());
    }
}
