package dev.cardtable.engine.dazzle;

import dev.cardtable.engine.MalformedInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CardTest {

    @Test
    void codeIsColourThenValueAndParsesBack() {
        Card r3 = Card.of(Card.Colour.R, 3);
        assertEquals("R3", r3.code());
        assertSame(r3, Card.parse("R3"));
        for (Card c : Card.canonicalDeck()) {
            assertEquals(c, Card.parse(c.code()));
            assertEquals(c, Card.ofIndex(c.index()));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "R", "r3", "R0", "R4", "X1", "R33", " R3", "3R", "B-1", "G२"})
    void anythingButAColourLetterAndAValueIsMalformed(String code) {
        assertThrows(MalformedInput.class, () -> Card.parse(code));
    }

    @Test
    void nullIsMalformed() {
        assertThrows(MalformedInput.class, () -> Card.parse(null));
    }

    @Test
    void canonicalDeckHasFourOnesSixTwosAndTwoThreesPerColourInOrder() {
        List<Card> deck = Card.canonicalDeck();
        assertEquals(48, deck.size());
        assertEquals(List.of("B1", "B1", "B1", "B1", "B2", "B2", "B2", "B2", "B2", "B2", "B3", "B3", "G1"),
                deck.subList(0, 13).stream().map(Card::code).toList());
        assertEquals("Y3", deck.getLast().code());
        for (Card.Colour c : Card.Colour.values()) {
            assertEquals(22, deck.stream().filter(x -> x.colour() == c).mapToInt(Card::value).sum());
        }
        for (int i = 1; i < deck.size(); i++) {
            assertTrue(deck.get(i - 1).compareTo(deck.get(i)) <= 0, "canonical order");
        }
    }
}
