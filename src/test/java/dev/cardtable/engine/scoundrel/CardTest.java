package dev.cardtable.engine.scoundrel;

import dev.cardtable.engine.MalformedInput;
import dev.cardtable.engine.scoundrel.Card.Kind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CardTest {

    @Test
    void theDeckIsFortyFourCardsInCanonicalOrder() {
        assertEquals(List.of(
                "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC",
                "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D",
                "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H",
                "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS"),
                Card.codes(Card.all()));
        List<Card> sorted = new ArrayList<>(Card.all());
        sorted.sort(null);
        assertEquals(Card.all(), sorted, "compareTo is the canonical order");
    }

    @Test
    void monstersWeaponsAndPotionsSumAsTheRulesSay() {
        assertEquals(208, sum(Kind.MONSTER));
        assertEquals(54, sum(Kind.WEAPON));
        assertEquals(54, sum(Kind.POTION));
        assertEquals(26, Card.all().stream().filter(Card::monster).count());
        assertEquals(9, Card.all().stream().filter(Card::weapon).count());
        assertEquals(9, Card.all().stream().filter(Card::potion).count());
    }

    @Test
    void faceCardsAndAcesAreWorthElevenToFourteen() {
        assertEquals(11, Card.parse("JC").value());
        assertEquals(12, Card.parse("QS").value());
        assertEquals(13, Card.parse("KC").value());
        assertEquals(14, Card.parse("AS").value());
        assertEquals(10, Card.parse("10H").value());
        assertEquals(2, Card.parse("2D").value());
    }

    @Test
    void suitsDecideTheKind() {
        assertEquals(Kind.MONSTER, Card.parse("QC").kind());
        assertEquals(Kind.MONSTER, Card.parse("2S").kind());
        assertEquals(Kind.WEAPON, Card.parse("7D").kind());
        assertEquals(Kind.POTION, Card.parse("10H").kind());
    }

    @Test
    void everyCodeParsesBackToItsCard() {
        for (Card c : Card.all()) {
            assertEquals(c, Card.parse(c.code()));
            assertEquals(c.code(), c.toString());
            assertTrue(Card.isCode(c.code()));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "qs", "Qs", "10h", " QS", "QS ", "1H", "11C", "0S", "T H", "TH", "JH", "QD",
            "KH", "AD", "AH", "1D", "XS", "Q", "S", "10", "QSS", "♠Q", "１0H"})
    void anythingButOneOfTheFortyFourCodesIsMalformed(String code) {
        assertThrows(MalformedInput.class, () -> Card.parse(code));
        assertFalse(Card.isCode(code));
    }

    @Test
    void nullIsMalformed() {
        assertThrows(MalformedInput.class, () -> Card.parse(null));
    }

    @Test
    void aHugeUnknownCodeIsNotEchoedInFull() {
        String huge = "X".repeat(10_000);
        MalformedInput e = assertThrows(MalformedInput.class, () -> Card.parse(huge));
        assertTrue(e.getMessage().length() < 300, e.getMessage());
    }

    @Test
    void redFaceCardsCannotBeMade() {
        assertThrows(IllegalArgumentException.class, () -> new Card(Card.Suit.HEARTS, 11));
        assertThrows(IllegalArgumentException.class, () -> new Card(Card.Suit.DIAMONDS, 14));
        assertThrows(IllegalArgumentException.class, () -> new Card(Card.Suit.SPADES, 1));
    }

    private static int sum(Kind kind) {
        return Card.all().stream().filter(c -> c.kind() == kind).mapToInt(Card::value).sum();
    }
}
