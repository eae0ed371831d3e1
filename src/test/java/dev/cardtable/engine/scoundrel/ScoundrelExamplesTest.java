package dev.cardtable.engine.scoundrel;

import dev.cardtable.engine.scoundrel.Fixtures.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.Optional;

import static dev.cardtable.engine.scoundrel.Fixtures.PLAYER;
import static dev.cardtable.engine.scoundrel.Fixtures.RULES;
import static dev.cardtable.engine.scoundrel.Fixtures.card;
import static dev.cardtable.engine.scoundrel.Fixtures.cards;
import static dev.cardtable.engine.scoundrel.Fixtures.play;
import static dev.cardtable.engine.scoundrel.Fixtures.playAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The numbered examples of {@code scoundrel.md}, "Examples", in every ruleset they apply to. */
class ScoundrelExamplesTest {

    /** Example 1, up to the turn end: 5D, then QS (7 damage), then 6C (1 damage); 6S carries over. */
    private static ScoundrelState example1FirstTurn(Variant v) {
        ScoundrelState s = v.dealt("5D QS 6C 6S");
        s = play(s, "5D");
        assertEquals(card("5D"), s.weapon());
        s = play(s, "QS");
        assertEquals(13, s.health());
        s = play(s, "6C");
        assertEquals(12, s.health());
        assertEquals(cards("QS 6C"), s.slain());
        assertEquals(card("6S"), s.room().getFirst(), "6S carries over");
        assertEquals(4, s.room().size());
        return s;
    }

    @Test
    void example1LessOrEqualFights6SWithTheWeapon() {
        ScoundrelState s = example1FirstTurn(Variant.LESS_OR_EQUAL);
        assertTrue(RULES.legalMoves(s, PLAYER).contains(ScoundrelMove.barehanded(card("6S"))));
        s = play(s, "6S");
        assertEquals(11, s.health());
        assertEquals(cards("QS 6C 6S"), s.slain());
    }

    @Test
    void example1StrictlyLessFights6SBarehanded() {
        ScoundrelState s = example1FirstTurn(Variant.STRICTLY_LESS);
        assertFalse(RULES.legalMoves(s, PLAYER).contains(ScoundrelMove.barehanded(card("6S"))));
        s = play(s, "6S");
        assertEquals(6, s.health());
        assertEquals(cards("QS 6C"), s.slain());
        assertEquals(cards("6S"), s.discard());
    }

    @Test
    void example1SimpleAlwaysUsesTheWeapon() {
        ScoundrelState s = play(example1FirstTurn(Variant.SIMPLE), "6S");
        assertEquals(11, s.health());
    }

    @ParameterizedTest
    @EnumSource(value = Variant.class, names = {"LESS_OR_EQUAL", "STRICTLY_LESS"})
    void example2SecondPotionHasNoEffectAndTheLastMonsterCarriesOver(Variant v) {
        ScoundrelState s = v.position().health(8).room("9H 7H 2C 3S").build();
        s = play(s, "9H");
        assertEquals(17, s.health());
        s = play(s, "7H");
        assertEquals(17, s.health());
        s = play(s, "2C");
        assertEquals(15, s.health());
        assertEquals(card("3S"), s.room().getFirst());
        assertEquals(4, s.room().size());
    }

    @ParameterizedTest
    @EnumSource(value = Variant.class, names = {"LESS_OR_EQUAL", "STRICTLY_LESS"})
    void example2APotionLeftInTheRoomHealsNextTurn(Variant v) {
        ScoundrelState s = playAll(v.position().health(8).room("9H 7H 2C 3S").build(), "9H 2C 3S");
        assertEquals(12, s.health());
        assertEquals(card("7H"), s.room().getFirst());
        s = play(s, "7H");
        assertEquals(19, s.health());
    }

    @Test
    void example2InSimpleBothPotionsHeal() {
        ScoundrelState s = playAll(Variant.SIMPLE.position().health(8).room("9H 7H 2C 3S").build(), "9H 7H 2C");
        assertEquals(18, s.health());
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void example3AnAceAndAKingBarehandedLoseWithTheLowestScore(Variant v) {
        ScoundrelState s = v.dealt("AS KS");
        s = play(s, "AS");
        assertEquals(6, s.health());
        s = play(s, "KS");
        assertEquals(-7, s.health());
        int unfaced = 208 - 14 - 13;
        assertEquals(Optional.of(new ScoundrelResult("lost", -7 - unfaced)), RULES.result(s));
        assertEquals(-188, -7 - unfaced);
    }
}
