package dev.cardtable.engine.dazzle;

import dev.cardtable.engine.Deal;
import dev.cardtable.engine.MalformedInput;
import dev.cardtable.engine.Options;
import dev.cardtable.engine.Setup;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DazzleDealTest {

    private final DazzleRules rules = new DazzleRules();

    static Setup seeded(String seed) {
        return new Setup("standard", Options.none(), new Deal.Seeded(seed));
    }

    static List<String> codes(List<Card> cards) {
        return cards.stream().map(Card::code).toList();
    }

    @Test
    void seed42GivesSeatZeroThePublishedStartingHandInDealOrder() {
        DazzleState s = rules.deal(seeded("42"));
        assertEquals(List.of("B3", "R2", "G2", "G2", "G1", "B1", "Y3", "B2"), codes(s.hands().get(0)));
    }

    @Test
    void everyPileHasValuesThreeTwoTwoTwoOneOne() {
        for (int i = 0; i < 200; i++) {
            List<List<Card>> piles = DazzleRules.piles("pile-" + i);
            assertEquals(8, piles.size());
            for (List<Card> pile : piles) {
                assertEquals(DazzleRules.PILE_VALUES, pile.stream().map(Card::value).toList());
            }
        }
    }

    @Test
    void eachSeatGets33PointsInHandAndDeckAndTwelveCardsAreRemoved() {
        for (int i = 0; i < 200; i++) {
            DazzleState s = rules.deal(seeded("fair-" + i));
            for (int seat = 0; seat < 2; seat++) {
                assertEquals(8, s.hands().get(seat).size());
                assertEquals(10, s.decks().get(seat).size());
                assertEquals(33, DazzleState.sum(s.hands().get(seat)) + DazzleState.sum(s.decks().get(seat)));
                List<Card> all = new ArrayList<>(s.hands().get(seat));
                all.addAll(s.decks().get(seat));
                assertEquals(DazzleRules.DECK_VALUES, all.stream().map(Card::value).toList());
            }
            assertEquals(12, s.removed().size());
            List<Card> everything = new ArrayList<>(s.removed());
            s.hands().forEach(everything::addAll);
            s.decks().forEach(everything::addAll);
            Collections.sort(everything);
            assertEquals(Card.canonicalDeck(), everything);
        }
    }

    @Test
    void seatDecksArePilesZeroToTwoAndThreeToFiveAndTheRestIsRemoved() {
        List<List<Card>> piles = DazzleRules.piles("layout");
        DazzleState s = rules.deal(seeded("layout"));
        for (int seat = 0; seat < 2; seat++) {
            List<Card> expected = new ArrayList<>();
            for (int p = 3 * seat; p < 3 * seat + 3; p++) {
                expected.addAll(piles.get(p));
            }
            List<Card> actual = new ArrayList<>(s.hands().get(seat));
            actual.addAll(s.decks().get(seat));
            assertEquals(expected, actual);
        }
        List<Card> removed = new ArrayList<>(piles.get(6));
        removed.addAll(piles.get(7));
        assertEquals(removed, s.removed());
    }

    @Test
    void theSameSeedGivesTheSameDeal() {
        assertEquals(rules.deal(seeded("same")), rules.deal(seeded("same")));
    }

    /** The JSON of the deal that {@code seed} makes. */
    static Map<String, Object> dealJson(DazzleState s) {
        List<Object> decks = new ArrayList<>();
        for (int seat = 0; seat < 2; seat++) {
            List<String> deck = new ArrayList<>(codes(s.hands().get(seat)));
            deck.addAll(codes(s.decks().get(seat)));
            decks.add(deck);
        }
        Map<String, Object> json = new HashMap<>();
        json.put("decks", decks);
        json.put("removed", codes(s.removed()));
        return json;
    }

    static Setup custom(Deal.Custom deal) {
        return new Setup("standard", Options.none(), deal);
    }

    @Test
    void aCustomDealOfASeededLayoutGivesTheSameState() {
        DazzleState seeded = rules.deal(seeded("7"));
        Deal.Custom custom = rules.parseDeal(dealJson(seeded));
        assertEquals(3, custom.piles().size());
        assertEquals(seeded, rules.deal(custom(custom)));
    }

    @Test
    void aCustomDealMayListTheRemovedCardsInAnyOrder() {
        Map<String, Object> json = dealJson(rules.deal(seeded("7")));
        @SuppressWarnings("unchecked")
        List<String> removed = new ArrayList<>((List<String>) json.get("removed"));
        Collections.reverse(removed);
        json.put("removed", removed);
        DazzleState s = rules.deal(custom(rules.parseDeal(json)));
        assertEquals(12, s.removed().size());
    }

    @Test
    void aCustomDealWithADeckOutOfValueOrderIsRejected() {
        Map<String, Object> json = dealJson(rules.deal(seeded("7")));
        @SuppressWarnings("unchecked")
        List<List<String>> decks = (List<List<String>>) json.get("decks");
        List<String> deck0 = new ArrayList<>(decks.get(0));
        Collections.swap(deck0, 0, 5); // a 3 and a 1
        json.put("decks", List.of(deck0, decks.get(1)));
        MalformedInput e = assertThrows(MalformedInput.class, () -> rules.deal(custom(rules.parseDeal(json))));
        assertTrue(e.getMessage().contains("decks[0]"), e.getMessage());
    }

    @Test
    void aCustomDealThatIsNotExactlyThe48CardsIsRejected() {
        Map<String, Object> json = dealJson(rules.deal(seeded("7")));
        @SuppressWarnings("unchecked")
        List<List<String>> decks = (List<List<String>>) json.get("decks");
        List<String> deck0 = new ArrayList<>(decks.get(0));
        // Same value, so only the count check can catch it.
        String top = deck0.get(0);
        String other = top.equals("B3") ? "G3" : "B3";
        deck0.set(0, other);
        json.put("decks", List.of(deck0, decks.get(1)));
        // Make sure the change really breaks the card counts.
        long count = deck0.stream().filter(other::equals).count()
                + decks.get(1).stream().filter(other::equals).count();
        @SuppressWarnings("unchecked")
        List<String> removed = (List<String>) json.get("removed");
        count += removed.stream().filter(other::equals).count();
        assertEquals(3, count);
        MalformedInput e = assertThrows(MalformedInput.class, () -> rules.deal(custom(rules.parseDeal(json))));
        assertTrue(e.getMessage().contains("48 cards"), e.getMessage());
    }

    @Test
    void aCustomDealOfTheWrongShapeIsMalformed() {
        Map<String, Object> good = dealJson(rules.deal(seeded("7")));
        assertThrows(MalformedInput.class, () -> rules.parseDeal(List.of()));
        assertThrows(MalformedInput.class, () -> rules.parseDeal(Map.of("decks", good.get("decks"))));
        Map<String, Object> extra = new HashMap<>(good);
        extra.put("seed", "1");
        assertThrows(MalformedInput.class, () -> rules.parseDeal(extra));
        Map<String, Object> oneDeck = new HashMap<>(good);
        oneDeck.put("decks", List.of(((List<?>) good.get("decks")).get(0)));
        assertThrows(MalformedInput.class, () -> rules.parseDeal(oneDeck));
        Map<String, Object> badCode = new HashMap<>(good);
        List<String> removed = new ArrayList<>(((List<?>) good.get("removed")).stream().map(String.class::cast).toList());
        removed.set(0, "Q3");
        badCode.put("removed", removed);
        assertThrows(MalformedInput.class, () -> rules.parseDeal(badCode));
        Map<String, Object> number = new HashMap<>(good);
        number.put("removed", List.of(3));
        assertThrows(MalformedInput.class, () -> rules.parseDeal(number));
        Map<String, Object> shortRemoved = new HashMap<>(good);
        shortRemoved.put("removed", removed.subList(1, 12).stream().map(x -> "B1").toList());
        assertThrows(MalformedInput.class, () -> rules.deal(custom(rules.parseDeal(shortRemoved))));
    }

    @Test
    void anotherRulesetOrAnyOptionIsMalformed() {
        assertThrows(MalformedInput.class,
                () -> rules.deal(new Setup("advanced", Options.none(), new Deal.Seeded("1"))));
        assertThrows(MalformedInput.class,
                () -> rules.deal(new Setup("standard", new Options(Map.of("x", "y")), new Deal.Seeded("1"))));
    }
}
