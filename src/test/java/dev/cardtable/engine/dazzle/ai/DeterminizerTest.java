package dev.cardtable.engine.dazzle.ai;

import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Viewer;
import dev.cardtable.engine.dazzle.Card;
import dev.cardtable.engine.dazzle.DazzleMove;
import dev.cardtable.engine.dazzle.DazzleRules;
import dev.cardtable.engine.dazzle.DazzleState;
import dev.cardtable.engine.dazzle.DazzleView;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Guesses at the hidden colours agree with everything the seat has seen. */
class DeterminizerTest {

    private final DazzleRules rules = new DazzleRules();

    @Test
    void everyGuessKeepsWhatTheSeatSawAndTheValuesOfWhatItDidNot() {
        Rng play = new Rng(5L), guess = new Rng(6L);
        for (int g = 0; g < 100; g++) {
            DazzleState s = rules.deal(Match.setup("guess-" + g));
            int steps = play.below(36);
            for (int i = 0; i < steps; i++) {
                Seat seat = rules.toAct(s).getFirst();
                List<DazzleMove> legal = rules.legalMoves(s, seat);
                s = rules.apply(s, seat, legal.get(play.below(legal.size())));
            }
            int me = s.mover();
            DazzleView view = rules.view(s, Viewer.seat(Seat.of(me)));
            Determinizer d = Determinizer.of(view);
            Set<String> distinct = new HashSet<>();
            for (int k = 0; k < 20; k++) {
                Position p = new Position();
                d.sample(guess, p);
                checkConsistent(s, me, p);
                distinct.add(describe(p));
            }
            if (s.round() < 5) {
                assertTrue(distinct.size() > 1, "guesses vary while much is hidden");
            }
        }
    }

    private static void checkConsistent(DazzleState s, int me, Position p) {
        int other = 1 - me;
        for (Card c : Card.canonicalDeck().stream().distinct().toList()) {
            assertEquals(s.hands().get(me).stream().filter(c::equals).count(), p.hand[me][c.index()],
                    "own hand exactly");
        }
        int[] values = new int[4];
        for (int k = 0; k < Position.KINDS; k++) {
            values[Position.value(k)] += p.hand[other][k];
        }
        int[] truth = new int[4];
        s.hands().get(other).forEach(c -> truth[c.value()]++);
        assertEquals(List.of(truth[1], truth[2], truth[3]), List.of(values[1], values[2], values[3]),
                "the other hand's values");
        int[] used = new int[Position.KINDS];
        for (int seat = 0; seat < 2; seat++) {
            List<Card> deck = s.decks().get(seat);
            assertEquals(deck.size(), p.deckLen[seat] - p.deckPos[seat]);
            for (int i = 0; i < deck.size(); i++) {
                int k = p.deck[seat][p.deckPos[seat] + i];
                assertEquals(deck.get(i).value(), Position.value(k), "deck values in order");
                used[k]++;
            }
            for (int k = 0; k < Position.KINDS; k++) {
                used[k] += p.hand[seat][k];
            }
            for (List<Card> row : s.owned().get(seat)) {
                row.forEach(c -> used[c.index()]++);
            }
        }
        s.pots().forEach(pot -> pot.forEach(c -> used[c.index()]++));
        s.offer().forEach(c -> used[c.index()]++);
        for (int k = 0; k < Position.KINDS; k++) {
            assertTrue(used[k] <= Card.copies(Position.value(k)), "no more copies than exist");
        }
    }

    private static String describe(Position p) {
        StringBuilder sb = new StringBuilder();
        for (int s = 0; s < 2; s++) {
            sb.append(java.util.Arrays.toString(p.hand[s]))
                    .append(java.util.Arrays.toString(java.util.Arrays.copyOfRange(p.deck[s], 0, p.deckLen[s])));
        }
        return sb.toString();
    }

    @Test
    void aSpectatorsViewCannotBeThoughtWith() {
        DazzleState s = rules.deal(Match.setup("spectator"));
        DazzleView v = rules.view(s, Viewer.spectator());
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> Determinizer.of(v));
    }
}
