package dev.cardtable.engine.dazzle;

import dev.cardtable.engine.IllegalMove;
import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Rules.Play;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Setup;
import dev.cardtable.engine.Viewer;
import dev.cardtable.engine.dazzle.DazzleMove.Own;
import dev.cardtable.engine.dazzle.DazzleMove.Present;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static dev.cardtable.engine.dazzle.DazzleDealTest.seeded;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Random playouts over many seeds, in the spirit of OpenSpiel's basic tests: legal moves exist
 * until the end, every legal move applies, illegal moves change nothing, replay reproduces the
 * state, moves survive their JSON form, and every game ends with the whole table laid out.
 */
class DazzlePlayoutTest {

    private static final int SEEDS = 1000;
    private final DazzleRules rules = new DazzleRules();

    @Test
    void randomPlayoutsKeepTheRulesInvariants() {
        Rng rng = new Rng(20261129L);
        for (int g = 0; g < SEEDS; g++) {
            Setup setup = seeded("playout-" + g);
            DazzleState s = rules.deal(setup);
            List<Play<DazzleMove>> plays = new ArrayList<>();
            // Trying every legal move, every JSON form and every view is the slow part, so do it
            // for a share of the games; the invariants and replay are checked for all.
            boolean tryAll = g % 10 == 0, thorough = g % 4 == 0;
            while (!s.over()) {
                List<Seat> toAct = rules.toAct(s);
                assertEquals(1, toAct.size());
                Seat seat = toAct.getFirst();
                List<DazzleMove> legal = rules.legalMoves(s, seat);
                assertFalse(legal.isEmpty(), "legal moves until the game is over");
                assertTrue(rules.legalMoves(s, Seat.of(1 - seat.number())).isEmpty());
                if (tryAll) {
                    for (DazzleMove m : legal) {
                        rules.apply(s, seat, m);
                    }
                }
                if (thorough) {
                    for (DazzleMove m : legal) {
                        assertEquals(m, rules.parseMove(rules.writeMove(m)), "JSON round trip");
                    }
                    for (Viewer v : List.of(Viewer.seat(Seat.of(0)), Viewer.seat(Seat.of(1)),
                            Viewer.spectator(), Viewer.omniscient())) {
                        DazzleView view = rules.view(s, v);
                        for (int i = 0; i < 2; i++) {
                            DazzleView.SeatView sv = view.seats().get(i);
                            boolean sees = v.sitsAt(Seat.of(i)) || v instanceof Viewer.Omniscient;
                            assertEquals(sees, sv.hand() != null, "hand colours only for its owner");
                            assertEquals(v instanceof Viewer.Omniscient, sv.deckCards() != null);
                            assertEquals(sv.handSize(), sv.handValues().size());
                            List<Integer> desc = sv.handValues().stream()
                                    .sorted(java.util.Comparator.reverseOrder()).toList();
                            assertEquals(desc, sv.handValues(), "values highest first");
                        }
                        assertEquals(v instanceof Viewer.Omniscient, view.removedCards() != null);
                    }
                }
                rejectsAnIllegalMove(s, seat, rng);
                DazzleMove m = legal.get(rng.below(legal.size()));
                plays.add(new Play<>(seat, m));
                s = rules.apply(s, seat, m);
            }
            assertEquals(36, plays.size());
            assertEndInvariants(s);
            assertEquals(s, rules.replay(setup, plays), "replay reproduces the state");
        }
    }

    private void rejectsAnIllegalMove(DazzleState s, Seat seat, Rng rng) {
        DazzleState snapshot = s;
        DazzleState copy = new DazzleState(s.hands(), s.decks(), s.removed(), s.offer(), s.pots(), s.owned(),
                s.round(), s.phase(), s.mover());
        Seat other = Seat.of(1 - seat.number());
        List<DazzleMove> legal = rules.legalMoves(s, seat);
        // Out of turn, with a move that would be legal for the mover.
        DazzleMove any = legal.get(rng.below(legal.size()));
        assertThrows(IllegalMove.class, () -> rules.apply(snapshot, other, any));
        // A move of the mover that is not legal: a card it does not hold or was not offered.
        DazzleMove bad = null;
        for (Card c : Card.canonicalDeck()) {
            DazzleMove m = s.phase() == DazzleState.Phase.PRESENT ? new Present(c, c) : new Own(c);
            if (!legal.contains(m)) {
                bad = m;
                break;
            }
        }
        DazzleMove illegal = bad;
        assertThrows(IllegalMove.class, () -> rules.apply(snapshot, seat, illegal));
        // The wrong kind of move for the phase.
        DazzleMove wrongKind = s.phase() == DazzleState.Phase.PRESENT
                ? new Own(s.hands().get(seat.number()).getFirst())
                : new Present(s.offer().get(0), s.offer().get(1));
        assertThrows(IllegalMove.class, () -> rules.apply(snapshot, seat, wrongKind));
        assertEquals(copy, s, "a rejected move changes nothing");
    }

    private void assertEndInvariants(DazzleState s) {
        int points = 0, cards = 0;
        for (Card.Colour c : Card.Colour.values()) {
            points += s.worth(c) + s.claim(0, c) + s.claim(1, c);
            cards += s.pots().get(c.ordinal()).size();
        }
        assertEquals(66, points, "66 points on the table");
        for (int seat = 0; seat < 2; seat++) {
            int owned = 0;
            for (List<Card> row : s.owned().get(seat)) {
                owned += row.size();
            }
            assertEquals(9, owned, "9 owned cards per seat");
            cards += owned;
            assertTrue(s.hands().get(seat).isEmpty());
            assertTrue(s.decks().get(seat).isEmpty());
        }
        assertEquals(36, cards, "36 cards on the table");
        assertEquals(18, s.pots().stream().mapToInt(List::size).sum(), "18 invested cards");
        DazzleResult r = rules.result(s).orElseThrow();
        int total = 0;
        for (Card.Colour c : Card.Colour.values()) {
            total += s.worth(c);
        }
        assertTrue(r.scores().get(0) + r.scores().get(1) <= total);
    }
}
