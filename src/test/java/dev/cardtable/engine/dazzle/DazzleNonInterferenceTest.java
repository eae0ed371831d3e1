package dev.cardtable.engine.dazzle;

import dev.cardtable.engine.Deal;
import dev.cardtable.engine.IllegalMove;
import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Viewer;
import dev.cardtable.engine.dazzle.DazzleMove.Own;
import dev.cardtable.engine.dazzle.DazzleMove.Present;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.cardtable.engine.dazzle.DazzleDealTest.custom;
import static dev.cardtable.engine.dazzle.DazzleDealTest.dealJson;
import static dev.cardtable.engine.dazzle.DazzleDealTest.seeded;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Non-interference ({@code dazzle.md}, "Who sees what"): two deals that differ only in colours
 * seat 1 cannot see must look the same to seat 1 and to spectators — views, legal moves, what each
 * move reveals, and the messages of seat 1's illegal moves — for as long as those cards stay hidden.
 */
class DazzleNonInterferenceTest {

    private static final Seat S0 = Seat.of(0), S1 = Seat.of(1);
    private final DazzleRules rules = new DazzleRules();

    /** Where a card lies in a deal's JSON: pile 0 (seat 0's deck) or 2 (removed), and its index. */
    private record Slot(int pile, int index) {
    }

    @Test
    void swappingColoursSeatOneCannotSeeChangesNothingItOrSpectatorsSee() {
        Rng rng = new Rng(7L);
        int compared = 0, games = 0;
        for (int g = 0; g < 150; g++) {
            Map<String, Object> a = dealJson(rules.deal(seeded("secret-" + g)));
            List<List<String>> piles = piles(a);
            // Kind 0: both in the removed pile; 1: seat 0's deck and the removed pile; 2: both in seat 0's deck.
            int kind = g % 3;
            Slot x = null, y = null;
            for (int tries = 0; tries < 1000 && x == null; tries++) {
                Slot p = slot(kind == 2 ? 0 : kind == 1 ? 0 : 2, rng);
                Slot q = slot(kind == 0 ? 2 : kind == 1 ? 2 : 0, rng);
                String cp = piles.get(p.pile).get(p.index), cq = piles.get(q.pile).get(q.index);
                if (cp.charAt(1) == cq.charAt(1) && cp.charAt(0) != cq.charAt(0)) {
                    x = p;
                    y = q;
                }
            }
            if (x == null) {
                continue;
            }
            String cx = piles.get(x.pile).get(x.index), cy = piles.get(y.pile).get(y.index);
            List<List<String>> swapped = new ArrayList<>();
            piles.forEach(p -> swapped.add(new ArrayList<>(p)));
            swapped.get(x.pile).set(x.index, cy);
            swapped.get(y.pile).set(y.index, cx);
            DazzleState sa = rules.deal(custom(new Deal.Custom(piles)));
            DazzleState sb = rules.deal(custom(new Deal.Custom(swapped)));
            assertNotEquals(sa, sb);
            compared += playAlongside(sa, sb, Card.parse(cx), Card.parse(cy), rng);
            games++;
        }
        assertTrue(games > 120, "enough deals with a swap: " + games);
        // Seat 0 holds the swapped cards back until its last presentation, so most moves compare.
        assertTrue(compared > games * 20, "moves compared: " + compared + " in " + games + " games");
    }

    @SuppressWarnings("unchecked")
    private static List<List<String>> piles(Map<String, Object> json) {
        List<List<String>> decks = (List<List<String>>) json.get("decks");
        return List.of(decks.get(0), decks.get(1), (List<String>) json.get("removed"));
    }

    private static Slot slot(int pile, Rng rng) {
        return new Slot(pile, rng.below(pile == 2 ? 12 : 18));
    }

    /**
     * Plays the same moves in both games while the swapped codes stay hidden from seat 1, checking
     * at each step what seat 1 and spectators see. Returns how many moves were compared.
     */
    private int playAlongside(DazzleState a, DazzleState b, Card x, Card y, Rng rng) {
        int compared = 0;
        while (!a.over()) {
            assertSame(a, b);
            Seat seat = rules.toAct(a).getFirst();
            DazzleMove move;
            if (seat.equals(S1)) {
                List<DazzleMove> legal = rules.legalMoves(a, S1);
                move = legal.get(rng.below(legal.size()));
            } else {
                // Seat 0 keeps the swapped codes back so that they stay hidden as long as possible.
                List<DazzleMove> legal = rules.legalMoves(a, S0).stream()
                        .filter(m -> !(m instanceof Present p) || !involves(p, x, y)).toList();
                if (legal.isEmpty()) {
                    return compared;
                }
                move = legal.get(rng.below(legal.size()));
                assertTrue(rules.legalMoves(b, S0).contains(move), "seat 0's move is legal in both games");
            }
            DazzleState na = rules.apply(a, seat, move), nb = rules.apply(b, seat, move);
            for (Viewer v : List.of(Viewer.seat(S1), Viewer.spectator())) {
                if (!na.over()) {
                    assertEquals(rules.drawn(rules.view(a, v), rules.view(na, v), move),
                            rules.drawn(rules.view(b, v), rules.view(nb, v), move));
                }
            }
            a = na;
            b = nb;
            compared++;
        }
        return compared;
    }

    private static boolean involves(Present p, Card x, Card y) {
        return p.a().equals(x) || p.a().equals(y) || p.b().equals(x) || p.b().equals(y);
    }

    private void assertSame(DazzleState a, DazzleState b) {
        for (Viewer v : List.of(Viewer.seat(S1), Viewer.spectator())) {
            DazzleView va = rules.view(a, v), vb = rules.view(b, v);
            assertEquals(va, vb);
            // Equal records could still serialize differently if a map's order differed.
            assertEquals(va.toString(), vb.toString());
        }
        assertEquals(rules.legalMoves(a, S1), rules.legalMoves(b, S1));
        assertEquals(rules.toAct(a), rules.toAct(b));
        // Out of turn every attempt gets the same answer; on seat 1's turn try every card.
        List<DazzleMove> attempts = badMovesOfSeatOne(a);
        if (a.mover() != 1) {
            attempts = attempts.subList(0, 3);
        }
        for (DazzleMove bad : attempts) {
            assertEquals(message(a, bad), message(b, bad));
        }
    }

    /** Moves seat 1 might try: every kind of move with every card, legal or not. */
    private List<DazzleMove> badMovesOfSeatOne(DazzleState s) {
        List<DazzleMove> out = new ArrayList<>();
        for (Card c : Card.canonicalDeck().stream().distinct().toList()) {
            out.add(new Own(c));
            out.add(new Present(c, c));
            out.add(new Present(c, Card.parse("B1")));
        }
        return out;
    }

    private String message(DazzleState s, DazzleMove m) {
        try {
            rules.apply(s, S1, m);
            return "legal";
        } catch (IllegalMove e) {
            return e.getMessage();
        }
    }
}
