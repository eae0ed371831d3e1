package dev.cardtable.engine.scoundrel;

import dev.cardtable.engine.Drawn;
import dev.cardtable.engine.IllegalMove;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Viewer;
import dev.cardtable.engine.scoundrel.Fixtures.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.List;

import static dev.cardtable.engine.scoundrel.Fixtures.PLAYER;
import static dev.cardtable.engine.scoundrel.Fixtures.RULES;
import static dev.cardtable.engine.scoundrel.Fixtures.assertAllCardsAccountedFor;
import static dev.cardtable.engine.scoundrel.Fixtures.avoid;
import static dev.cardtable.engine.scoundrel.Fixtures.card;
import static dev.cardtable.engine.scoundrel.Fixtures.cards;
import static dev.cardtable.engine.scoundrel.Fixtures.codes;
import static dev.cardtable.engine.scoundrel.Fixtures.play;
import static dev.cardtable.engine.scoundrel.Fixtures.playAll;
import static dev.cardtable.engine.scoundrel.Fixtures.view;
import static dev.cardtable.engine.scoundrel.ScoundrelMove.barehanded;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code scoundrel.md}, "A turn": the room, facing cards in any order, avoiding; and the view. */
class ScoundrelTurnTest {

    @ParameterizedTest
    @EnumSource(Variant.class)
    void theTurnEndsWithOneCardLeftWhichOpensTheRefilledRoom(Variant v) {
        ScoundrelState s = v.dealt("2H 3H 5D 9C 4H 6H 7H 8H");
        s = playAll(s, "3H 5D");
        assertEquals(cards("2H 9C"), s.room(), "two cards left: the turn goes on");
        assertEquals(40, s.dungeon().size());
        s = play(s, "2H");
        assertEquals(cards("9C 4H 6H 7H"), s.room(), "the carried-over card first, then the three drawn");
        assertEquals(37, s.dungeon().size());
        assertFalse(s.roomFaced());
        assertFalse(s.potionUsedThisTurn());
        assertTrue(view(s).canAvoid());
        assertAllCardsAccountedFor(s);
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void roomCardsMayBeFacedInAnyOrder(Variant v) {
        ScoundrelState s = v.dealt("2H 3H 4H 5H");
        s = playAll(s, "5H 2H 4H");
        assertEquals(card("3H"), s.room().getFirst());
    }

    @Test
    void legalMovesListAvoidFirstThenEachRoomCardWithBarehandedRightAfterAUsableWeapon() {
        ScoundrelState s = Variant.LESS_OR_EQUAL.position().weapon("7D", "9C").room("QS 8C 2D 9S").build();
        assertEquals(List.of(
                        ScoundrelMove.avoid(),
                        ScoundrelMove.play(card("QS")),
                        ScoundrelMove.play(card("8C")), barehanded(card("8C")),
                        ScoundrelMove.play(card("2D")),
                        ScoundrelMove.play(card("9S")), barehanded(card("9S"))),
                RULES.legalMoves(s, PLAYER));
    }

    @Test
    void strictlyLessListsNoBarehandedVariantForAMonsterTheWeaponMayNotFight() {
        ScoundrelState s = Variant.STRICTLY_LESS.position().weapon("7D", "9C").room("QS 9S 8C 2D").build();
        assertEquals(List.of(
                        ScoundrelMove.avoid(),
                        ScoundrelMove.play(card("QS")),
                        ScoundrelMove.play(card("9S")),
                        ScoundrelMove.play(card("8C")), barehanded(card("8C")),
                        ScoundrelMove.play(card("2D"))),
                RULES.legalMoves(s, PLAYER));
    }

    @Test
    void simpleListsNoBarehandedMoves() {
        ScoundrelState s = Variant.SIMPLE.position().weapon("7D", "9C").room("QS 5H 8C 2D").build();
        assertEquals(List.of(
                        ScoundrelMove.avoid(),
                        ScoundrelMove.play(card("QS")),
                        ScoundrelMove.play(card("5H")),
                        ScoundrelMove.play(card("8C")),
                        ScoundrelMove.play(card("2D"))),
                RULES.legalMoves(s, PLAYER));
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void withoutAWeaponThereIsNoBarehandedVariant(Variant v) {
        ScoundrelState s = v.dealt("QS 5H 8C 2D");
        assertEquals(List.of(
                        ScoundrelMove.avoid(),
                        ScoundrelMove.play(card("QS")),
                        ScoundrelMove.play(card("5H")),
                        ScoundrelMove.play(card("8C")),
                        ScoundrelMove.play(card("2D"))),
                RULES.legalMoves(s, PLAYER));
    }

    @Test
    void onlySeatZeroPlays() {
        ScoundrelState s = Variant.LESS_OR_EQUAL.dealt("QS 5H 8C 2D");
        assertEquals(List.of(PLAYER), RULES.toAct(s));
        assertTrue(RULES.legalMoves(s, Seat.of(1)).isEmpty());
        IllegalMove e = assertThrows(IllegalMove.class,
                () -> RULES.apply(s, Seat.of(1), ScoundrelMove.play(card("5H"))));
        assertTrue(e.getMessage().contains("one seat"), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void facingACardNotInTheRoomIsIllegalAndChangesNothing(Variant v) {
        ScoundrelState s = v.dealt("QS 5H 8C 2D 7H");
        String before = s.toString();
        IllegalMove e = assertThrows(IllegalMove.class, () -> play(s, "7H"));
        assertTrue(e.getMessage().contains("not in the room"), e.getMessage());
        assertEquals(before, s.toString());
        ScoundrelState later = play(s, "5H");
        assertThrows(IllegalMove.class, () -> play(later, "5H"), "a faced card has left the room");
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void avoidSendsTheRoomToTheBottomInRoomOrderAndDrawsAFreshRoom(Variant v) {
        ScoundrelState s = v.dealt("KS QS JS AS 2H 3H 4H 5H");
        ScoundrelState after = avoid(s);
        assertEquals(cards("2H 3H 4H 5H"), after.room());
        assertEquals(40, after.dungeon().size());
        assertEquals(cards("KS QS JS AS"), after.dungeon().subList(36, 40));
        assertEquals(s.dungeon().subList(4, 40), after.dungeon().subList(0, 36));
        assertEquals(20, after.health());
        assertTrue(after.previousRoomAvoided());
        assertFalse(view(after).canAvoid());
        assertAllCardsAccountedFor(after);
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void avoidTwiceInARowIsIllegal(Variant v) {
        ScoundrelState s = avoid(v.dealt("KS QS JS AS"));
        IllegalMove e = assertThrows(IllegalMove.class, () -> avoid(s));
        assertTrue(e.getMessage().contains("previous room was avoided"), e.getMessage());
        assertFalse(RULES.legalMoves(s, PLAYER).contains(ScoundrelMove.avoid()));
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void facingARoomMakesTheNextAvoidLegalAgain(Variant v) {
        ScoundrelState s = avoid(v.dealt("KS QS JS AS 2H 3H 4H 5H"));
        s = playAll(s, "2H 3H 4H");
        assertEquals(4, s.room().size());
        assertTrue(view(s).canAvoid());
        assertEquals(ScoundrelMove.avoid(), RULES.legalMoves(s, PLAYER).getFirst());
        ScoundrelState again = avoid(s);
        assertTrue(again.previousRoomAvoided());
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void avoidIsIllegalOnceACardOfTheRoomHasBeenFaced(Variant v) {
        ScoundrelState s = play(v.dealt("2H 3H 4H 5H"), "2H");
        IllegalMove e = assertThrows(IllegalMove.class, () -> avoid(s));
        assertTrue(e.getMessage().contains("already been faced"), e.getMessage());
        assertFalse(view(s).canAvoid());
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void avoidIsIllegalWhenTheRoomHoldsFewerThanFourCards(Variant v) {
        ScoundrelState s = v.position().room("2H 3H 4H").build();
        IllegalMove e = assertThrows(IllegalMove.class, () -> avoid(s));
        assertTrue(e.getMessage().contains("full room"), e.getMessage());
        assertFalse(view(s).canAvoid());
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void theCarriedOverCardIsAvoidedWithItsRoom(Variant v) {
        ScoundrelState s = playAll(v.dealt("2H 3H 5D 9C 4H 6H 7H 8H"), "2H 3H 5D");
        assertEquals(cards("9C 4H 6H 7H"), s.room());
        ScoundrelState after = avoid(s);
        assertEquals(cards("9C 4H 6H 7H"), after.dungeon().subList(33, 37));
        assertEquals(card("8H"), after.room().getFirst());
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void avoidingWithOneCardLeftInTheDungeonStillDrawsAFullRoom(Variant v) {
        ScoundrelState s = v.position().room("2C 3C 4C 5C").dungeonTop("6C").emptyDungeon().build();
        ScoundrelState after = avoid(s);
        assertEquals(cards("6C 2C 3C 4C"), after.room());
        assertEquals(cards("5C"), after.dungeon());
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void everyViewerSeesTheSameView(Variant v) {
        ScoundrelState s = playAll(v.dealt("5D QS 6C 6S 9H"), "5D QS");
        ScoundrelView seat = RULES.view(s, Viewer.seat(PLAYER));
        assertEquals(seat, RULES.view(s, Viewer.spectator()));
        assertEquals(seat, RULES.view(s, Viewer.omniscient()));
    }

    @Test
    void theViewHasExactlyTheApiFields() {
        assertEquals(List.of("health", "maxHealth", "room", "weapon", "dungeonCount", "discardCount", "canAvoid",
                        "potionUsedThisTurn", "unseen", "bottomRooms"),
                java.util.Arrays.stream(ScoundrelView.class.getRecordComponents()).map(c -> c.getName()).toList());
        assertEquals(List.of("card", "slain"),
                java.util.Arrays.stream(ScoundrelView.Weapon.class.getRecordComponents()).map(c -> c.getName()).toList());
        assertEquals(List.of("outcome", "score", "ending", "endedBy"),
                java.util.Arrays.stream(ScoundrelResult.class.getRecordComponents()).map(c -> c.getName()).toList());
    }

    @Test
    void theViewShowsHealthRoomWeaponAndCounts() {
        ScoundrelState s = playAll(Variant.LESS_OR_EQUAL.dealt("5D QS 9H 6C 6S 7H 8H"), "5D QS 9H");
        List<String> unseen = Card.all().stream().filter(c -> !cards("5D QS 9H 6C 6S 7H 8H").contains(c))
                .map(Card::code).toList();
        assertEquals(new ScoundrelView(20, 20, codes("6C 6S 7H 8H"), new ScoundrelView.Weapon("5D", codes("QS")),
                37, 1, true, false, unseen, List.of()), view(s));
        ScoundrelView fresh = view(Variant.LESS_OR_EQUAL.dealt("2H 3H 4H 5H"));
        assertEquals(null, fresh.weapon());
        assertEquals(40, fresh.dungeonCount());
        assertEquals(0, fresh.discardCount());
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void anAvoidedRoomIsKnownAtTheBottomAndNoLongerUnseen(Variant v) {
        ScoundrelState s = avoid(v.dealt("KS QS JS AS 2H 3H 4H 5H"));
        ScoundrelView seen = view(s);
        assertEquals(List.of(codes("KS QS JS AS")), seen.bottomRooms());
        assertEquals(36, seen.unseen().size());
        assertFalse(seen.unseen().contains("KS"));
        assertFalse(seen.unseen().contains("2H"));
        assertEquals(seen.unseen().stream().sorted(java.util.Comparator.comparing(Card::parse)).toList(), seen.unseen());
        assertEquals(seen.dungeonCount(), seen.unseen().size() + 4);
    }

    @Test
    void aBottomRoomPartlyDrawnAgainComesFirstAndShort() {
        ScoundrelState s = new ScoundrelState(Variant.SIMPLE.rulesetEnum(), Variant.SIMPLE.binding(),
                cards("2C 3C 4C 5C 6C 7C 8C 9C 10C"), cards("2H"), List.of(), 20, null, List.of(),
                false, false, false, null, 9);
        assertEquals(List.of(codes("2C"), codes("3C 4C 5C 6C"), codes("7C 8C 9C 10C")), view(s).bottomRooms());
        assertEquals(List.of(), view(s).unseen());
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void aTurnEndRevealsTheThreeCardsDrawn(Variant v) {
        ScoundrelState s = playAll(v.dealt("2H 3H 4H 5H 6H 7H 8H"), "2H 3H");
        ScoundrelState after = play(s, "4H");
        assertEquals(List.of(new Drawn(0, codes("6H 7H 8H"))),
                RULES.drawn(view(s), view(after), ScoundrelMove.play(card("4H"))));
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void aPlayThatEndsNoTurnRevealsNothing(Variant v) {
        ScoundrelState s = v.dealt("2H 3H 4H 5H 6H 7H 8H");
        ScoundrelState after = play(s, "2H");
        assertEquals(List.of(), RULES.drawn(view(s), view(after), ScoundrelMove.play(card("2H"))));
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void anAvoidRevealsTheFreshRoom(Variant v) {
        ScoundrelState s = v.dealt("2H 3H 4H 5H 6H 7H 8H 9H");
        assertEquals(List.of(new Drawn(0, codes("6H 7H 8H 9H"))),
                RULES.drawn(view(s), view(avoid(s)), ScoundrelMove.avoid()));
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void theLastRefillRevealsTheOneCardLeftInTheDungeon(Variant v) {
        ScoundrelState s = v.position().room("2H 3H 4H").roomFaced().dungeonTop("5H").emptyDungeon().build();
        ScoundrelState after = playAll(s, "2H 3H");
        assertEquals(cards("4H 5H"), after.room());
        assertTrue(after.dungeon().isEmpty());
        ScoundrelState mid = play(s, "2H");
        assertEquals(List.of(new Drawn(0, codes("5H"))),
                RULES.drawn(view(mid), view(after), ScoundrelMove.play(card("3H"))));
    }

    @Test
    void statesAreImmutable() {
        ScoundrelState s = Variant.LESS_OR_EQUAL.dealt("2H 3H 4H 5H");
        assertThrows(UnsupportedOperationException.class, () -> s.room().clear());
        assertThrows(UnsupportedOperationException.class, () -> s.dungeon().add(card("2H")));
        ScoundrelState after = play(s, "2H");
        assertEquals(cards("2H 3H 4H 5H"), s.room());
        assertSame(s.ruleset(), after.ruleset());
    }
}
