package dev.cardtable.engine.scoundrel;

import dev.cardtable.engine.IllegalMove;
import dev.cardtable.engine.Outcome;
import dev.cardtable.engine.Standing;
import dev.cardtable.engine.scoundrel.Fixtures.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.List;
import java.util.Optional;

import static dev.cardtable.engine.scoundrel.Fixtures.PLAYER;
import static dev.cardtable.engine.scoundrel.Fixtures.RULES;
import static dev.cardtable.engine.scoundrel.Fixtures.assertAllCardsAccountedFor;
import static dev.cardtable.engine.scoundrel.Fixtures.avoid;
import static dev.cardtable.engine.scoundrel.Fixtures.card;
import static dev.cardtable.engine.scoundrel.Fixtures.cards;
import static dev.cardtable.engine.scoundrel.Fixtures.play;
import static dev.cardtable.engine.scoundrel.Fixtures.playAll;
import static dev.cardtable.engine.scoundrel.Fixtures.view;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code scoundrel.md}, "End of the game" and "Score". */
class ScoundrelEndTest {

    /**
     * A dungeon that, faced strictly in the order dealt, is won at full health with 10H last, under
     * every ruleset and binding: monsters fall strictly from the top with one weapon per suit, and
     * one potion a turn makes up the damage. Always facing the room's first card faces the dungeon
     * in dealt order, since it is always the earliest drawn.
     */
    static final String PERFECT = "10D AS KS 9H QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"
            + " 9D AC KC 8H QC JC 7H 10C 9C 6H 8C 7C 6C 5C 4C 3C 2C 5H 4H 3H 2H"
            + " 2D 3D 4D 5D 6D 7D 8D 10H";

    /** {@link #PERFECT} with the final room made {@code 2H 10H}: 10H is the final turn's second potion. */
    static final String PERFECT_SECOND_POTION_LAST = "10D AS KS 9H QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"
            + " 9D AC KC 8H QC JC 7H 10C 9C 6H 8C 7C 6C 5C 4C 3C 2C 5H 4H 3H 8D"
            + " 2D 3D 4D 5D 6D 7D 2H 10H";

    @ParameterizedTest
    @EnumSource(Variant.class)
    void deathIsImmediateAndNoMoveIsLegalAfterIt(Variant v) {
        ScoundrelState s = playAll(v.dealt("AS 2H KS 3C"), "AS 2H");
        assertEquals(8, s.health());
        ScoundrelState dead = play(s, "KS");
        assertEquals(-5, dead.health(), "health is not clamped");
        assertEquals(cards("3C"), dead.room(), "the room is not refilled after death");
        assertEquals(40, dead.dungeon().size());
        assertTrue(RULES.toAct(dead).isEmpty());
        assertTrue(RULES.legalMoves(dead, PLAYER).isEmpty());
        assertFalse(view(dead).canAvoid());
        assertEquals(-5, view(dead).health());
        IllegalMove e = assertThrows(IllegalMove.class, () -> play(dead, "3C"));
        assertTrue(e.getMessage().contains("over"), e.getMessage());
        assertThrows(IllegalMove.class, () -> avoid(dead));
        assertEquals("lost", RULES.result(dead).orElseThrow().outcome());
        assertAllCardsAccountedFor(dead);
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void healthOfExactlyZeroLoses(Variant v) {
        ScoundrelState s = playAll(v.dealt("KS 7C 2H 3H"), "KS 7C");
        assertEquals(0, s.health());
        assertEquals(Optional.of(new ScoundrelResult("lost", 0 - (208 - 20))), RULES.result(s));
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void theGameRunsUntilTheDungeonAndRoomAreEmpty(Variant v) {
        ScoundrelState s = v.dealt(PERFECT);
        while (s.dungeon().size() > 0) {
            assertEquals(List.of(PLAYER), RULES.toAct(s));
            assertTrue(RULES.result(s).isEmpty());
            s = play(s, s.room().getFirst().code());
            assertAllCardsAccountedFor(s);
        }
        assertEquals(cards("8D 10H"), s.room(), "the final room: the carried-over card and the last drawn");
        assertTrue(RULES.result(s).isEmpty(), "the final room must be played out");
        s = play(s, "8D");
        assertEquals(cards("10H"), s.room(), "the final room is not refilled");
        assertTrue(RULES.result(s).isEmpty());
        s = play(s, "10H");
        assertTrue(s.room().isEmpty() && s.dungeon().isEmpty());
        assertTrue(RULES.toAct(s).isEmpty());
        assertTrue(RULES.legalMoves(s, PLAYER).isEmpty());
        assertEquals("won", RULES.result(s).orElseThrow().outcome());
        assertAllCardsAccountedFor(s);
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void theFinalRoomCannotBeAvoided(Variant v) {
        ScoundrelState s = v.position().room("2H 3H").emptyDungeon().build();
        assertFalse(view(s).canAvoid());
        assertFalse(RULES.legalMoves(s, PLAYER).contains(ScoundrelMove.avoid()));
        IllegalMove e = assertThrows(IllegalMove.class, () -> avoid(s));
        assertTrue(e.getMessage().contains("final room"), e.getMessage());
        ScoundrelState reached = reachFinalRoom(v.dealt(PERFECT));
        assertThrows(IllegalMove.class, () -> avoid(reached));
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void highestScoreIsThirty(Variant v) {
        ScoundrelState s = playAll(reachFinalRoom(v.dealt(PERFECT)), "8D 10H");
        assertEquals(20, s.health());
        assertEquals(Optional.of(new ScoundrelResult("won", 30)), RULES.result(s));
        assertEquals(List.of(new Standing(Outcome.WON, 30)), RULES.result(s).orElseThrow().standings());
    }

    @Test
    void theFinalRoomIsOneTurnSoItsSecondPotionDoesNotHealInStandard() {
        ScoundrelState s = Variant.LESS_OR_EQUAL.position().health(5).room("9H 10H").emptyDungeon().build();
        s = play(s, "9H");
        assertEquals(14, s.health());
        assertTrue(s.potionUsedThisTurn());
        s = play(s, "10H");
        assertEquals(14, s.health());
        assertEquals(Optional.of(new ScoundrelResult("won", 14)), RULES.result(s), "no bonus below 20");
    }

    @Test
    void theFinalRoomsSecondPotionHealsInSimple() {
        ScoundrelState s = Variant.SIMPLE.position().health(5).room("9H 10H").emptyDungeon().build();
        s = playAll(s, "9H 10H");
        assertEquals(20, s.health());
        assertEquals(Optional.of(new ScoundrelResult("won", 30)), RULES.result(s));
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void thePotionBonusCountsEvenWhenTheLastPotionWasTheTurnsSecondAndDidNotHeal(Variant v) {
        ScoundrelState s = reachFinalRoom(v.dealt(PERFECT_SECOND_POTION_LAST));
        assertEquals(cards("2H 10H"), s.room());
        s = play(s, "2H");
        assertTrue(s.potionUsedThisTurn(), "10H is the turn's second potion");
        assertEquals(20, s.health());
        s = play(s, "10H");
        assertEquals(Optional.of(new ScoundrelResult("won", 30)), RULES.result(s));
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void aWonScoreIsTheRemainingHealth(Variant v) {
        ScoundrelState s = playAll(v.position().health(12).room("5C 2D").emptyDungeon().build(), "5C 2D");
        assertEquals(Optional.of(new ScoundrelResult("won", 7)), RULES.result(s));
        ScoundrelState potionLast = playAll(v.position().health(8).room("5C 2H").emptyDungeon().build(), "5C 2H");
        assertEquals(Optional.of(new ScoundrelResult("won", 3 + 2)), RULES.result(potionLast),
                "no bonus below 20 health");
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void noBonusWhenTheLastCardFacedIsNotAPotion(Variant v) {
        ScoundrelState s = playAll(v.position().room("2H 2D").emptyDungeon().build(), "2H 2D");
        assertEquals(Optional.of(new ScoundrelResult("won", 20)), RULES.result(s));
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void aLostScoreSubtractsEveryUnfacedMonsterInTheDungeonAndTheRoom(Variant v) {
        ScoundrelState s = playAll(v.dealt("AS 5D QS KC"), "AS 5D QS");
        assertEquals(-1, s.health());
        assertEquals(cards("KC"), s.room());
        int unfaced = 208 - 14 - 12;
        assertEquals(Optional.of(new ScoundrelResult("lost", -1 - unfaced)), RULES.result(s));
        assertEquals(List.of(new Standing(Outcome.LOST, -1 - unfaced)), RULES.result(s).orElseThrow().standings());
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void lowestScoreIsMinus188(Variant v) {
        ScoundrelState s = playAll(v.dealt("AS KS"), "AS KS");
        assertEquals(Optional.of(new ScoundrelResult("lost", -188)), RULES.result(s));
        ScoundrelState slower = playAll(v.dealt("2C 3S 4C 5S 6C"), "2C 3S 4C 5S");
        assertEquals(6, slower.health());
        assertEquals(Optional.of(new ScoundrelResult("lost", -188)), RULES.result(play(slower, "6C")),
                "every barehanded death without healing scores the same");
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void noResultWhileTheGameRuns(Variant v) {
        assertTrue(RULES.result(v.dealt("AS KS")).isEmpty());
    }

    @Test
    void resultOutcomeIsWonOrLost() {
        assertThrows(IllegalArgumentException.class, () -> new ScoundrelResult("WON", 3));
        assertThrows(IllegalArgumentException.class, () -> new ScoundrelResult("drawn", 3));
    }

    @Test
    void thePerfectDealsAreTheFortyFourCards() {
        assertEquals(44, cards(PERFECT).size());
        assertEquals(44, cards(PERFECT_SECOND_POTION_LAST).size());
        assertAllCardsAccountedFor(Variant.LESS_OR_EQUAL.dealt(PERFECT));
        assertAllCardsAccountedFor(Variant.LESS_OR_EQUAL.dealt(PERFECT_SECOND_POTION_LAST));
        assertEquals(card("10D"), Variant.LESS_OR_EQUAL.dealt(PERFECT).room().getFirst());
    }

    /** Faces the room's first card until the dungeon is empty. */
    private static ScoundrelState reachFinalRoom(ScoundrelState start) {
        ScoundrelState s = start;
        while (!s.dungeon().isEmpty()) {
            s = play(s, s.room().getFirst().code());
        }
        return s;
    }
}
