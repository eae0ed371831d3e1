package dev.cardtable.engine.dazzle;

import dev.cardtable.engine.Drawn;
import dev.cardtable.engine.GameInfo;
import dev.cardtable.engine.IllegalMove;
import dev.cardtable.engine.MalformedInput;
import dev.cardtable.engine.Outcome;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Standing;
import dev.cardtable.engine.Viewer;
import dev.cardtable.engine.dazzle.DazzleMove.Own;
import dev.cardtable.engine.dazzle.DazzleMove.Present;
import dev.cardtable.engine.dazzle.DazzleState.Phase;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.cardtable.engine.dazzle.DazzleDealTest.codes;
import static dev.cardtable.engine.dazzle.DazzleDealTest.seeded;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DazzleRulesTest {

    private static final Seat S0 = Seat.of(0), S1 = Seat.of(1);
    private final DazzleRules rules = new DazzleRules();

    private static Card c(String code) {
        return Card.parse(code);
    }

    /** Seed "42": seat 0 holds B3 R2 G2 G2 G1 B1 Y3 B2 (shuffle.md, "Test vector"). */
    private DazzleState start() {
        return rules.deal(seeded("42"));
    }

    /** Plays the first legal move until {@code done}. */
    private DazzleState playFirstMoves(DazzleState s, int moves) {
        for (int i = 0; i < moves; i++) {
            Seat seat = rules.toAct(s).getFirst();
            s = rules.apply(s, seat, rules.legalMoves(s, seat).getFirst());
        }
        return s;
    }

    // ------------------------------------------------------------ turn order

    @Test
    void seatZeroPresentsFirst() {
        DazzleState s = start();
        assertEquals(List.of(S0), rules.toAct(s));
        assertEquals(Phase.PRESENT, s.phase());
        assertEquals(1, s.round());
        assertTrue(rules.legalMoves(s, S1).isEmpty());
        assertTrue(rules.legalMoves(s, S0).stream().allMatch(m -> m instanceof Present));
    }

    @Test
    void presentingPutsTheTwoCardsOnOfferForTheOtherSeatToChoose() {
        DazzleState s = rules.apply(start(), S0, new Present(c("R2"), c("B3")));
        assertEquals(List.of(c("B3"), c("R2")), s.offer());
        assertEquals(6, s.hands().get(0).size());
        assertFalse(s.hands().get(0).contains(c("B3")));
        assertEquals(List.of(S1), rules.toAct(s));
        assertEquals(Phase.CHOOSE, s.phase());
        assertEquals(List.of(new Own(c("B3")), new Own(c("R2"))), rules.legalMoves(s, S1));
    }

    @Test
    void owningPutsTheCardOnTheChoosersRowAndInvestsTheOtherInItsColoursPot() {
        DazzleState s = rules.apply(start(), S0, new Present(c("B3"), c("R2")));
        s = rules.apply(s, S1, new Own(c("B3")));
        assertEquals(List.of(c("B3")), s.owned().get(1).get(Card.Colour.B.ordinal()));
        assertEquals(List.of(c("R2")), s.pots().get(Card.Colour.R.ordinal()));
        assertEquals(3, s.claim(1, Card.Colour.B));
        assertEquals(2, s.worth(Card.Colour.R));
        assertEquals(0, s.claim(0, Card.Colour.B));
        assertTrue(s.offer().isEmpty());
        // Then seat 1 presents to seat 0.
        assertEquals(List.of(S1), rules.toAct(s));
        assertEquals(Phase.PRESENT, s.phase());
        assertEquals(1, s.round());
    }

    @Test
    void afterSeatZeroChoosesBothSeatsDrawTwoAndTheNextRoundBegins() {
        DazzleState before = playFirstMoves(start(), 3);
        assertEquals(List.of(S0), rules.toAct(before));
        assertEquals(Phase.CHOOSE, before.phase());
        DazzleState after = playFirstMoves(before, 1);
        assertEquals(2, after.round());
        assertEquals(List.of(S0), rules.toAct(after));
        for (int seat = 0; seat < 2; seat++) {
            assertEquals(8, after.hands().get(seat).size());
            assertEquals(8, after.decks().get(seat).size());
            List<Card> drawn = after.hands().get(seat).subList(6, 8);
            assertEquals(before.decks().get(seat).subList(0, 2), drawn, "drawn from the top");
        }
    }

    @Test
    void theGameEndsAfterNineRoundsWithHandsAndDecksEmpty() {
        DazzleState s = playFirstMoves(start(), 35);
        assertFalse(s.over());
        s = playFirstMoves(s, 1);
        assertTrue(s.over());
        assertTrue(s.hands().get(0).isEmpty() && s.hands().get(1).isEmpty());
        assertTrue(s.decks().get(0).isEmpty() && s.decks().get(1).isEmpty());
        assertEquals(9, s.round());
        assertTrue(rules.toAct(s).isEmpty());
    }

    @Test
    void handSizesAtTheStartOfRoundsAreEightFiveTimesThenSixFourTwo() {
        DazzleState s = start();
        List<Integer> sizes = new ArrayList<>();
        while (!s.over()) {
            if (s.phase() == Phase.PRESENT && s.mover() == 0) {
                sizes.add(s.hands().get(0).size());
            }
            s = playFirstMoves(s, 1);
        }
        assertEquals(List.of(8, 8, 8, 8, 8, 8, 6, 4, 2), sizes);
    }

    @Test
    void eachSeatsLastPresentationIsForced() {
        DazzleState s = start();
        while (!(s.round() == 9 && s.phase() == Phase.PRESENT)) {
            s = playFirstMoves(s, 1);
        }
        assertEquals(1, rules.legalMoves(s, S0).size());
        s = playFirstMoves(s, 2);
        assertEquals(1, rules.legalMoves(s, S1).size());
    }

    // ------------------------------------------------------------ legal moves

    @Test
    void presentsAreEveryDistinctPairOfCodesIncludingTwoOfACodeHeldTwice() {
        // B3 R2 G2 G2 G1 B1 Y3 B2: 7 distinct codes, G2 twice.
        List<DazzleMove> moves = rules.legalMoves(start(), S0);
        assertEquals(21 + 1, moves.size());
        assertTrue(moves.contains(new Present(c("G2"), c("G2"))));
        assertFalse(moves.contains(new Present(c("B3"), c("B3"))));
        assertEquals(new Present(c("B1"), c("B2")), moves.getFirst());
        assertEquals(new Present(c("R2"), c("Y3")), moves.getLast());
        assertEquals(moves.stream().distinct().toList(), moves);
    }

    @Test
    void twoCardsOfOneCodeOfferOnlyOneChoice() {
        DazzleState s = rules.apply(start(), S0, new Present(c("G2"), c("G2")));
        assertEquals(List.of(new Own(c("G2"))), rules.legalMoves(s, S1));
        s = rules.apply(s, S1, new Own(c("G2")));
        assertEquals(2, s.claim(1, Card.Colour.G));
        assertEquals(2, s.worth(Card.Colour.G));
    }

    @Test
    void presentingTheSameCardsInEitherOrderIsOneMove() {
        assertEquals(new Present(c("R2"), c("B3")), new Present(c("B3"), c("R2")));
        assertEquals(rules.apply(start(), S0, new Present(c("R2"), c("B3"))),
                rules.apply(start(), S0, new Present(c("B3"), c("R2"))));
    }

    // ------------------------------------------------------------ illegal moves

    @Test
    void movingOutOfTurnIsIllegal() {
        IllegalMove e = assertThrows(IllegalMove.class,
                () -> rules.apply(start(), S1, new Present(c("B1"), c("B2"))));
        assertEquals("not your turn: seat 0 is to present", e.getMessage());
        DazzleState s = rules.apply(start(), S0, new Present(c("B3"), c("R2")));
        DazzleState offered = s;
        e = assertThrows(IllegalMove.class, () -> rules.apply(offered, S0, new Own(c("B3"))));
        assertEquals("not your turn: seat 1 is to choose", e.getMessage());
    }

    @Test
    void presentingACardNotInHandIsIllegal() {
        IllegalMove e = assertThrows(IllegalMove.class,
                () -> rules.apply(start(), S0, new Present(c("B3"), c("R3"))));
        assertEquals("R3 is not in your hand", e.getMessage());
    }

    @Test
    void presentingTwoOfACodeHeldOnceIsIllegal() {
        IllegalMove e = assertThrows(IllegalMove.class,
                () -> rules.apply(start(), S0, new Present(c("B3"), c("B3"))));
        assertEquals("your hand holds only one B3", e.getMessage());
    }

    @Test
    void owningACardThatWasNotOfferedIsIllegal() {
        DazzleState s = rules.apply(start(), S0, new Present(c("B3"), c("R2")));
        IllegalMove e = assertThrows(IllegalMove.class, () -> rules.apply(s, S1, new Own(c("Y3"))));
        assertEquals("Y3 is not one of the offered cards (B3, R2)", e.getMessage());
    }

    @Test
    void theWrongKindOfMoveForThePhaseIsIllegal() {
        assertThrows(IllegalMove.class, () -> rules.apply(start(), S0, new Own(c("B3"))));
        DazzleState s = rules.apply(start(), S0, new Present(c("B3"), c("R2")));
        assertThrows(IllegalMove.class, () -> rules.apply(s, S1, new Present(c("B1"), c("B2"))));
    }

    @Test
    void noMoveIsLegalOnceTheGameIsOver() {
        DazzleState s = playFirstMoves(start(), 36);
        assertTrue(s.over());
        DazzleState over = s;
        IllegalMove e = assertThrows(IllegalMove.class, () -> rules.apply(over, S0, new Own(c("B3"))));
        assertEquals("the game is over", e.getMessage());
        assertTrue(rules.legalMoves(s, S0).isEmpty() && rules.legalMoves(s, S1).isEmpty());
    }

    @Test
    void aRejectedMoveChangesNothing() {
        DazzleState s = start();
        DazzleState copy = rules.deal(seeded("42"));
        assertThrows(IllegalMove.class, () -> rules.apply(s, S0, new Present(c("B3"), c("R3"))));
        assertEquals(copy, s);
    }

    // ------------------------------------------------------------ scoring

    @Test
    void theRubySampleEndScoresFourteenToSevenForTheFirstPlayer() {
        // B 4-4 worth 9, R 3-6 worth 7, G 5-4 worth 6, Y 6-4 worth 8 (dazzle.md, "Scoring").
        int[] worth = new int[4];
        int[][] claims = new int[2][4];
        set(worth, claims, Card.Colour.B, 9, 4, 4);
        set(worth, claims, Card.Colour.R, 7, 3, 6);
        set(worth, claims, Card.Colour.G, 6, 5, 4);
        set(worth, claims, Card.Colour.Y, 8, 6, 4);
        DazzleResult r = DazzleResult.score(worth, claims);
        assertEquals(List.of(14, 7), r.scores());
        assertEquals(0, r.winner());
        assertEquals(new DazzleResult.ColourScore(9, List.of(4, 4)), r.colors().get("B"));
        assertEquals(List.of("B", "G", "R", "Y"), List.copyOf(r.colors().keySet()));
        assertEquals(List.of(new Standing(Outcome.WON, 14), new Standing(Outcome.LOST, 7)), r.standings());
    }

    private static void set(int[] worth, int[][] claims, Card.Colour c, int w, int a, int b) {
        worth[c.ordinal()] = w;
        claims[0][c.ordinal()] = a;
        claims[1][c.ordinal()] = b;
    }

    @Test
    void theRubySampleEndAsAFinishedTableGivesTheSameResult() {
        List<List<Card>> pots = List.of(
                cards("B3", "B3", "B2", "B1"),          // B worth 9
                cards("G2", "G2", "G2"),                // G worth 6
                cards("R2", "R2", "R1", "R1", "R1"),    // R worth 7
                cards("Y3", "Y3", "Y2"));               // Y worth 8
        List<List<Card>> owned0 = List.of(cards("B2", "B2"), cards("G2", "G2", "G1"), cards("R2", "R1"),
                cards("Y2", "Y2", "Y2"));
        List<List<Card>> owned1 = List.of(cards("B1", "B1", "B2"), cards("G1", "G1", "G1", "G1"),
                cards("R3", "R3"), cards("Y2", "Y1", "Y1"));
        DazzleState end = new DazzleState(List.of(List.of(), List.of()), List.of(List.of(), List.of()),
                List.of(), List.of(), pots, List.of(owned0, owned1), 9, Phase.OVER, -1);
        DazzleResult r = rules.result(end).orElseThrow();
        assertEquals(List.of(14, 7), r.scores());
        assertEquals(0, r.winner());
        assertEquals(List.of(3, 6), r.colors().get("R").claims());
        assertEquals(8, r.colors().get("Y").worth());
    }

    private static List<Card> cards(String... codes) {
        return java.util.Arrays.stream(codes).map(Card::parse).toList();
    }

    @Test
    void equalClaimsScoreForNobodyAndEqualTotalsDraw() {
        int[] worth = {5, 5, 0, 0};
        int[][] claims = {{3, 0, 0, 0}, {0, 3, 0, 0}};
        DazzleResult r = DazzleResult.score(worth, claims);
        assertEquals(List.of(5, 5), r.scores());
        assertNull(r.winner());
        assertEquals(List.of(new Standing(Outcome.DRAWN, 5), new Standing(Outcome.DRAWN, 5)), r.standings());
        DazzleResult tied = DazzleResult.score(new int[]{9, 9, 9, 9}, new int[][]{{2, 0, 1, 4}, {2, 0, 1, 4}});
        assertEquals(List.of(0, 0), tied.scores());
    }

    @Test
    void thereIsNoResultUntilTheGameIsOver() {
        assertTrue(rules.result(playFirstMoves(start(), 35)).isEmpty());
        assertTrue(rules.result(playFirstMoves(start(), 36)).isPresent());
    }

    // ------------------------------------------------------------ views

    @Test
    void aSeatSeesItsOwnHandInHandOrderAndOnlyTheValuesOfTheOther() {
        DazzleState s = start();
        DazzleView v0 = rules.view(s, Viewer.seat(S0));
        assertEquals(0, v0.seat());
        // Highest value first, then colour: index i is the same card in hand and handValues.
        assertEquals(List.of("B3", "Y3", "B2", "G2", "G2", "R2", "B1", "G1"), v0.seats().get(0).hand());
        assertEquals(List.of(3, 3, 2, 2, 2, 2, 1, 1), v0.seats().get(0).handValues());
        assertNull(v0.seats().get(1).hand());
        assertEquals(List.of(3, 3, 2, 2, 2, 2, 1, 1), v0.seats().get(1).handValues());
        assertEquals(8, v0.seats().get(1).handSize());
        assertEquals(Map.of("3", 1, "2", 5, "1", 4), v0.seats().get(1).deck());
        assertEquals(List.of("3", "2", "1"), List.copyOf(v0.seats().get(1).deck().keySet()));
        assertNull(v0.seats().get(0).deckCards());
        assertEquals(Map.of("3", 2, "2", 6, "1", 4), v0.removed());
        assertNull(v0.removedCards());
        assertEquals("present", v0.phase());
        assertEquals(List.of(0), v0.toAct());
        assertNull(v0.offer());
        assertFalse(v0.revealed());
        assertEquals(List.of("B", "G", "R", "Y"), List.copyOf(v0.colors().keySet()));
    }

    @Test
    void spectatorsSeeOnlyValuesOfBothHands() {
        DazzleView v = rules.view(start(), Viewer.spectator());
        assertNull(v.seat());
        assertNull(v.seats().get(0).hand());
        assertNull(v.seats().get(1).hand());
        assertEquals(8, v.seats().get(0).handValues().size());
    }

    @Test
    void theOfferOwnedRowsAndPotsArePublic() {
        DazzleState s = rules.apply(start(), S0, new Present(c("B3"), c("R2")));
        DazzleView v = rules.view(s, Viewer.spectator());
        assertEquals(List.of("B3", "R2"), v.offer());
        assertEquals("choose", v.phase());
        assertEquals(List.of(1), v.toAct());
        s = rules.apply(s, S1, new Own(c("B3")));
        v = rules.view(s, Viewer.spectator());
        assertEquals(new DazzleView.ColourView(List.of(), 0, List.of(List.of(), List.of("B3")), List.of(0, 3)),
                v.colors().get("B"));
        assertEquals(new DazzleView.ColourView(List.of("R2"), 2, List.of(List.of(), List.of()), List.of(0, 0)),
                v.colors().get("R"));
    }

    @Test
    void everythingIsRevealedOnceTheGameIsOver() {
        DazzleState end = playFirstMoves(start(), 36);
        DazzleView v = rules.view(end, Viewer.spectator());
        assertTrue(v.revealed());
        assertEquals("over", v.phase());
        assertEquals(List.of(), v.toAct());
        assertEquals(codes(end.removed().stream().sorted().toList()), v.removedCards());
        assertEquals(List.of(), v.seats().get(0).hand());
        assertEquals(List.of(), v.seats().get(1).deckCards());
    }

    @Test
    void theOmniscientViewerSeesEveryCardMidGame() {
        DazzleState s = start();
        DazzleView v = rules.view(s, Viewer.omniscient());
        assertTrue(v.revealed());
        assertEquals(8, v.seats().get(1).hand().size());
        assertEquals(codes(s.decks().get(1)), v.seats().get(1).deckCards());
        assertEquals(12, v.removedCards().size());
    }

    @Test
    void theRoundsDrawsAreRevealedAsCodesToTheDrawerAndAsValuesToOthers() {
        DazzleState before = playFirstMoves(start(), 3);
        DazzleMove last = rules.legalMoves(before, S0).getFirst();
        DazzleState after = rules.apply(before, S0, last);
        List<Card> drawn0 = before.decks().get(0).subList(0, 2);
        List<Card> drawn1 = before.decks().get(1).subList(0, 2);
        List<Drawn> seen0 = rules.drawn(rules.view(before, Viewer.seat(S0)),
                rules.view(after, Viewer.seat(S0)), last);
        assertEquals(List.of(new Drawn(0, codes(drawn0.stream().sorted(DazzleRules.HAND_ORDER).toList())),
                new Drawn(1, hidden(drawn1))), seen0);
        List<Drawn> spectator = rules.drawn(rules.view(before, Viewer.spectator()),
                rules.view(after, Viewer.spectator()), last);
        assertEquals(List.of(new Drawn(0, hidden(drawn0)), new Drawn(1, hidden(drawn1))), spectator);
        // Mid-round moves reveal nothing beyond the move itself.
        DazzleState s = start();
        DazzleMove first = rules.legalMoves(s, S0).getFirst();
        assertEquals(List.of(), rules.drawn(rules.view(s, Viewer.seat(S1)),
                rules.view(rules.apply(s, S0, first), Viewer.seat(S1)), first));
    }

    /** Cards as a viewer who may not see their colours gets them: "?" and the value, highest first. */
    private static List<String> hidden(List<Card> cards) {
        return cards.stream().map(Card::value).sorted(java.util.Comparator.reverseOrder()).map(v -> "?" + v).toList();
    }

    @Test
    void noDrawsAreRevealedOnceTheDecksAreEmpty() {
        DazzleState s = start();
        while (!(s.round() == 6 && s.phase() == Phase.CHOOSE && s.mover() == 0)) {
            s = playFirstMoves(s, 1);
        }
        DazzleMove m = rules.legalMoves(s, S0).getFirst();
        assertEquals(List.of(), rules.drawn(rules.view(s, Viewer.seat(S0)),
                rules.view(rules.apply(s, S0, m), Viewer.seat(S0)), m));
    }

    // ------------------------------------------------------------ moves as JSON

    @Test
    void movesReadFromAndWriteToTheirJsonForm() {
        assertEquals(new Present(c("R3"), c("G2")),
                rules.parseMove(Map.of("action", "present", "cards", List.of("R3", "G2"))));
        assertEquals(new Own(c("R3")), rules.parseMove(Map.of("action", "own", "card", "R3")));
        assertEquals(Map.of("action", "present", "cards", List.of("G2", "R3")),
                rules.writeMove(new Present(c("R3"), c("G2"))));
        assertEquals(Map.of("action", "own", "card", "R3"), rules.writeMove(new Own(c("R3"))));
    }

    @Test
    void malformedMovesAreRejected() {
        List<Map<String, ?>> bad = new ArrayList<>();
        bad.add(Map.of());
        bad.add(Map.of("action", "play", "card", "R3"));
        bad.add(Map.of("action", 3));
        bad.add(Map.of("action", "own"));
        bad.add(Map.of("action", "own", "card", "R9"));
        bad.add(Map.of("action", "own", "card", 3));
        bad.add(Map.of("action", "own", "card", "R3", "extra", 1));
        bad.add(Map.of("action", "own", "cards", List.of("R3")));
        bad.add(Map.of("action", "present", "cards", List.of("R3")));
        bad.add(Map.of("action", "present", "cards", List.of("R3", "G2", "B1")));
        bad.add(Map.of("action", "present", "cards", List.of("R3", 2)));
        bad.add(Map.of("action", "present", "cards", "R3,G2"));
        bad.add(Map.of("action", "present", "cards", List.of("R3", "g2")));
        bad.add(Map.of("action", "present", "card", "R3"));
        bad.add(Map.of("action", "Present", "cards", List.of("R3", "G2")));
        Map<String, Object> nullCard = new HashMap<>();
        nullCard.put("action", "own");
        nullCard.put("card", null);
        bad.add(nullCard);
        for (Map<String, ?> json : bad) {
            assertThrows(MalformedInput.class, () -> rules.parseMove(json), json.toString());
        }
        assertThrows(MalformedInput.class, () -> rules.parseMove(null));
    }

    // ------------------------------------------------------------ info

    @Test
    void infoDescribesTheStandardRulesetAndNoComputerOpponents() {
        GameInfo info = rules.info();
        assertEquals("dazzle", info.type());
        assertEquals(2, info.seats());
        assertTrue(info.aiLevels().isEmpty(), "the rules know none of their opponents");
        GameInfo.RulesetInfo r = info.defaultRuleset();
        assertEquals("standard", r.name());
        assertEquals(1, r.version());
        assertTrue(r.options().isEmpty());
    }
}
