package dev.cardtable.engine.scoundrel;

import dev.cardtable.engine.IllegalMove;
import dev.cardtable.engine.scoundrel.Fixtures.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static dev.cardtable.engine.scoundrel.Fixtures.assertAllCardsAccountedFor;
import static dev.cardtable.engine.scoundrel.Fixtures.barehanded;
import static dev.cardtable.engine.scoundrel.Fixtures.card;
import static dev.cardtable.engine.scoundrel.Fixtures.cards;
import static dev.cardtable.engine.scoundrel.Fixtures.play;
import static dev.cardtable.engine.scoundrel.Fixtures.playAll;
import static dev.cardtable.engine.scoundrel.Fixtures.view;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code scoundrel.md}, "Face a card": weapons, binding, barehanded fights and potions. */
class ScoundrelFaceTest {

    // Weapons

    @ParameterizedTest
    @EnumSource(Variant.class)
    void aWeaponIsEquippedAtOnceAndThePreviousOneGoesToTheDiscardWithItsSlain(Variant v) {
        ScoundrelState s = v.position().weapon("5D", "QS 6C").room("8D 2C 3C 4C").build();
        ScoundrelState after = play(s, "8D");
        assertEquals(card("8D"), after.weapon());
        assertTrue(after.slain().isEmpty(), "a fresh weapon has slain nothing");
        assertEquals(cards("5D QS 6C"), after.discard());
        assertEquals(20, after.health());
        assertAllCardsAccountedFor(after);
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void weaponDamageIsTheMonsterMinusTheWeaponAndNeverNegative(Variant v) {
        ScoundrelState s = v.position().weapon("5D", "").room("QS 3C 2H 4H").build();
        s = play(s, "QS");
        assertEquals(13, s.health());
        assertEquals(cards("QS"), s.slain(), "the slain monster goes onto the weapon's stack");
        s = play(s, "3C");
        assertEquals(13, s.health(), "a weaker monster does no damage");
        assertEquals(cards("QS 3C"), s.slain());
        assertTrue(s.discard().isEmpty());
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void aFreshWeaponMayFightAnyMonster(Variant v) {
        ScoundrelState s = play(v.position().weapon("2D", "").room("AS 3C 2H 4H").build(), "AS");
        assertEquals(8, s.health());
        assertEquals(cards("AS"), s.slain());
    }

    @Test
    void lessOrEqualBindingAllowsAMonsterEqualToTheLastSlain() {
        ScoundrelState s = Variant.LESS_OR_EQUAL.position().weapon("5D", "QS 6C").room("6S 7C 9H 2H").build();
        s = play(s, "6S");
        assertEquals(19, s.health());
        assertEquals(cards("QS 6C 6S"), s.slain());
    }

    @ParameterizedTest
    @EnumSource(value = Variant.class, names = {"LESS_OR_EQUAL", "STRICTLY_LESS"})
    void aMonsterAboveTheLastSlainIsFoughtBarehandedAndTheWeaponKeepsItsStack(Variant v) {
        ScoundrelState s = v.position().weapon("5D", "QS 6C").room("7C 6S 9H 2H").build();
        s = play(s, "7C");
        assertEquals(13, s.health(), "full damage");
        assertEquals(cards("7C"), s.discard());
        assertEquals(card("5D"), s.weapon());
        assertEquals(cards("QS 6C"), s.slain(), "stack and binding untouched");
    }

    @Test
    void strictlyLessBindingFightsAnEqualMonsterBarehanded() {
        ScoundrelState s = Variant.STRICTLY_LESS.position().weapon("5D", "QS 6C").room("6S 5S 9H 2H").build();
        s = play(s, "6S");
        assertEquals(14, s.health());
        assertEquals(cards("6S"), s.discard());
        assertEquals(cards("QS 6C"), s.slain());
        s = play(s, "5S");
        assertEquals(14, s.health(), "a lower monster may still be fought with the weapon");
        assertEquals(cards("QS 6C 5S"), s.slain());
    }

    @ParameterizedTest
    @EnumSource(value = Variant.class, names = {"LESS_OR_EQUAL", "STRICTLY_LESS"})
    void barehandedFightsWithFistsEvenWhenTheWeaponCouldBeUsed(Variant v) {
        ScoundrelState s = v.position().weapon("5D", "QS").room("6S 7C 9H 2H").build();
        s = barehanded(s, "6S");
        assertEquals(14, s.health());
        assertEquals(cards("6S"), s.discard());
        assertEquals(card("5D"), s.weapon());
        assertEquals(cards("QS"), s.slain(), "the weapon keeps its stack and binding");
        s = play(s, "7C");
        assertEquals(12, s.health(), "7C is fought with the weapon (2 damage): it is bound by QS, not by 6S");
        assertEquals(cards("QS 7C"), s.slain());
    }

    @ParameterizedTest
    @EnumSource(value = Variant.class, names = {"LESS_OR_EQUAL", "STRICTLY_LESS"})
    void barehandedWithoutAUsableWeaponIsTheSameFightAsThePlainPlay(Variant v) {
        ScoundrelState unarmed = v.dealt("QS 2H 3H 4H");
        assertEquals(play(unarmed, "QS"), barehanded(unarmed, "QS"));
        ScoundrelState bound = v.position().weapon("5D", "3C").room("QS 2H 3H 4H").build();
        assertEquals(play(bound, "QS"), barehanded(bound, "QS"));
    }

    @Test
    void simpleHasNoBindingAndAlwaysUsesTheWeapon() {
        ScoundrelState s = Variant.SIMPLE.position().weapon("5D", "2C").room("AS 6S 9H 2H").build();
        s = play(s, "AS");
        assertEquals(11, s.health());
        assertEquals(cards("2C AS"), s.slain());
        s = play(s, "6S");
        assertEquals(10, s.health());
        assertEquals(cards("2C AS 6S"), s.slain());
    }

    @Test
    void barehandedIsIllegalInSimple() {
        ScoundrelState s = Variant.SIMPLE.position().weapon("5D", "").room("AS 6S 9H 2H").build();
        String before = s.toString();
        IllegalMove e = assertThrows(IllegalMove.class, () -> barehanded(s, "6S"));
        assertTrue(e.getMessage().contains("simple"), e.getMessage());
        assertEquals(before, s.toString());
        ScoundrelState unarmed = Variant.SIMPLE.dealt("AS 6S 9H 2H");
        assertThrows(IllegalMove.class, () -> barehanded(unarmed, "6S"), "even with no weapon to set aside");
    }

    // Potions

    @ParameterizedTest
    @EnumSource(Variant.class)
    void aPotionHealsItsValueUpToTwenty(Variant v) {
        ScoundrelState s = v.position().health(5).room("9H 2C 3C 4C").build();
        assertEquals(14, play(s, "9H").health());
        ScoundrelState high = v.position().health(15).room("9H 2C 3C 4C").build();
        ScoundrelState healed = play(high, "9H");
        assertEquals(20, healed.health());
        assertEquals(cards("9H"), healed.discard());
        assertTrue(healed.potionUsedThisTurn());
        assertTrue(view(healed).potionUsedThisTurn());
    }

    @ParameterizedTest
    @EnumSource(value = Variant.class, names = {"LESS_OR_EQUAL", "STRICTLY_LESS"})
    void secondPotionInATurnDoesNotHeal(Variant v) {
        ScoundrelState s = v.position().health(5).room("4H 6H 2C 3C").build();
        s = playAll(s, "4H 6H");
        assertEquals(9, s.health());
        assertEquals(cards("4H 6H"), s.discard(), "the second potion is faced and discarded");
        s = play(s, "2C");
        assertEquals(cards("3C"), s.room().subList(0, 1), "it counted as one of the turn's three cards");
        assertEquals(4, s.room().size());
    }

    @ParameterizedTest
    @EnumSource(value = Variant.class, names = {"LESS_OR_EQUAL", "STRICTLY_LESS"})
    void aPotionAtFullHealthStillUsesTheTurnsPotion(Variant v) {
        ScoundrelState s = v.position().room("2H 2C 9H 3C").build();
        s = playAll(s, "2H 2C 9H");
        assertEquals(18, s.health());
    }

    @Test
    void everyPotionHealsInSimple() {
        ScoundrelState s = Variant.SIMPLE.position().health(5).room("4H 6H 2C 3C").build();
        s = playAll(s, "4H 6H");
        assertEquals(15, s.health());
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void thePotionLimitEndsWithTheTurn(Variant v) {
        ScoundrelState s = v.position().health(5).room("4H 2C 3C 6H").build();
        s = playAll(s, "4H 2C 3C");
        assertEquals(4, s.health());
        assertFalse(s.potionUsedThisTurn());
        s = play(s, "6H");
        assertEquals(10, s.health());
    }
}
