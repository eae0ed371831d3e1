package dev.cardtable.engine.scoundrel.solver;

import dev.cardtable.engine.Deal;
import dev.cardtable.engine.Options;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Setup;
import dev.cardtable.engine.Viewer;
import dev.cardtable.engine.scoundrel.Card;
import dev.cardtable.engine.scoundrel.ScoundrelMove;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.ScoundrelState.Ruleset;
import dev.cardtable.engine.scoundrel.ScoundrelState.WeaponBinding;
import dev.cardtable.engine.scoundrel.ScoundrelState;
import dev.cardtable.engine.scoundrel.ScoundrelView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ScoundrelHintsTest {

    private static final ScoundrelRules RULES = new ScoundrelRules();
    private static final ScoundrelHints HINTS = new ScoundrelHints();
    private static final Seat PLAYER = Seat.of(0);

    private static List<Card> cards(String codes) {
        return Arrays.stream(codes.split(" ")).map(Card::parse).toList();
    }

    private static ScoundrelView view(ScoundrelState s) {
        return RULES.view(s, Viewer.seat(PLAYER));
    }

    private static ScoundrelState dealt(String ruleset, String binding, List<Card> dungeon) {
        Map<String, String> options = binding.isEmpty() ? Map.of() : Map.of("weaponBinding", binding);
        return RULES.deal(new Setup(ruleset, new Options(options),
                new Deal.Custom(List.of(dungeon.stream().map(Card::code).toList()))));
    }

    /** The same dungeon with the order of its last {@code hidden} cards reversed. */
    private static List<Card> reversedTail(List<Card> dungeon, int hidden) {
        List<Card> other = new ArrayList<>(dungeon);
        Collections.reverse(other.subList(other.size() - hidden, other.size()));
        return other;
    }

    @ParameterizedTest
    @CsvSource({"standard,lessOrEqual,hint-1", "standard,strictlyLess,hint-2", "simple,,hint-3"})
    void twoDealsWithTheSameViewButDifferentUnseenOrdersGetTheSameHint(String ruleset, String binding, String seed) {
        ScoundrelState seeded = RULES.deal(new Setup(ruleset, Options.none().values().isEmpty() && binding == null
                ? Options.none() : new Options(binding == null ? Map.of() : Map.of("weaponBinding", binding)),
                new Deal.Seeded(seed)));
        List<Card> dungeon = new ArrayList<>(seeded.room());
        dungeon.addAll(seeded.dungeon());
        String b = binding == null ? "" : binding;
        ScoundrelState one = dealt(ruleset, b, dungeon);
        ScoundrelState two = dealt(ruleset, b, reversedTail(dungeon, 30));
        // Play the first hinted moves in both games: the views stay equal while the orders differ.
        for (int move = 0; move < 4 && !ScoundrelRules.over(one); move++) {
            assertNotEquals(one.dungeon(), two.dungeon());
            assertEquals(view(one), view(two));
            Ruleset r = one.ruleset();
            Hint h1 = HINTS.hint(view(one), r, one.weaponBinding());
            Hint h2 = HINTS.hint(view(two), r, two.weaponBinding());
            assertEquals(h1, h2);
            assertTrue(RULES.legalMoves(one, PLAYER).contains(h1.move()));
            one = RULES.apply(one, PLAYER, h1.move());
            two = RULES.apply(two, PLAYER, h1.move());
        }
    }

    /**
     * The cost of a hint is bounded by its budget of positions, shared by all sampled orders and
     * moves: never more than the budget (and the one position that finds it spent), whatever the
     * budget; and at the start of a game, where no order is decided within a few hundred
     * positions, a small budget is spent in full.
     */
    @ParameterizedTest
    @CsvSource({"lessOrEqual,budget-1", "strictlyLess,budget-2", "lessOrEqual,budget-3"})
    void aHintSearchesAtMostItsBudgetOfPositions(String binding, String seed) {
        ScoundrelState s = RULES.deal(new Setup("standard", new Options(Map.of("weaponBinding", binding)),
                new Deal.Seeded(seed)));
        for (long budget : new long[]{2_000, 20_000, 80_000}) {
            long[] searched = {-1};
            Hint h = new ScoundrelHints(budget, ScoundrelHints.SAMPLES).hint(view(s), s.ruleset(), s.weaponBinding(),
                    n -> searched[0] = n);
            assertTrue(RULES.legalMoves(s, PLAYER).contains(h.move()));
            assertTrue(searched[0] > 0 && searched[0] <= budget + 1, budget + ": searched " + searched[0]);
            if (budget == 2_000) {
                assertTrue(searched[0] >= budget, "searched " + searched[0]);
            }
        }
    }

    @Test
    void aHintNeedsAPositiveBudget() {
        assertThrows(IllegalArgumentException.class, () -> new ScoundrelHints(0, 10));
        assertThrows(IllegalArgumentException.class, () -> new ScoundrelHints(1000, 0));
    }

    @Test
    void anAvoidedRoomIsPartOfTheViewAndOfTheHintsSamples() {
        ScoundrelState s = RULES.apply(dealt("standard", "lessOrEqual", RULES.deal(new Setup("standard",
                Options.none(), new Deal.Seeded("hint-4"))).dungeon().isEmpty() ? List.of() : reorder("hint-4")),
                PLAYER, ScoundrelMove.avoid());
        ScoundrelView v = view(s);
        assertEquals(1, v.bottomRooms().size());
        ScoundrelState sampled = ScoundrelHints.sample(v, Ruleset.STANDARD, WeaponBinding.LESS_OR_EQUAL,
                new dev.cardtable.engine.Rng(1));
        assertEquals(s.dungeon().subList(s.dungeon().size() - 4, s.dungeon().size()),
                sampled.dungeon().subList(sampled.dungeon().size() - 4, sampled.dungeon().size()));
        assertEquals(v, view(sampled));
    }

    private static List<Card> reorder(String seed) {
        ScoundrelState d = RULES.deal(new Setup("standard", Options.none(), new Deal.Seeded(seed)));
        List<Card> all = new ArrayList<>(d.room());
        all.addAll(d.dungeon());
        return all;
    }

    @Test
    void withEveryCardKnownTheHintFindsTheOnlyWinningOrder() {
        // Health 2, final room 3C 5H: the monster first kills; the potion first wins.
        ScoundrelState s = new ScoundrelState(Ruleset.SIMPLE, WeaponBinding.NONE, List.of(), cards("3C 5H"),
                List.of(), 2, null, List.of(), false, false, false, null);
        Hint h = HINTS.hint(view(s), Ruleset.SIMPLE, WeaponBinding.NONE);
        assertEquals(ScoundrelMove.play(Card.parse("5H")), h.move());
        assertEquals(1, h.samples());
        assertEquals(1, h.wins());
    }

    @Test
    void aSingleLegalMoveIsHintedWithoutSearching() {
        ScoundrelState s = new ScoundrelState(Ruleset.SIMPLE, WeaponBinding.NONE, List.of(), cards("3C"),
                List.of(), 5, null, List.of(), false, true, false, null);
        Hint h = HINTS.hint(view(s), Ruleset.SIMPLE, WeaponBinding.NONE);
        assertEquals(ScoundrelMove.play(Card.parse("3C")), h.move());
        assertEquals("the only legal move", h.reason());
        assertEquals(0, h.samples());
    }

    @Test
    void aFinishedGameHasNoHint() {
        ScoundrelState s = new ScoundrelState(Ruleset.SIMPLE, WeaponBinding.NONE, List.of(), List.of(),
                List.of(), 5, null, List.of(), false, true, false, Card.parse("3C"));
        assertThrows(IllegalArgumentException.class, () -> HINTS.hint(view(s), Ruleset.SIMPLE, WeaponBinding.NONE));
    }

    /**
     * When no move wins in any sample, moves are ranked by greedy play-outs, not by the best losing
     * line: the reason says so rather than claiming the move loses least.
     */
    @Test
    void withNoWinTheReasonSaysTheRankingIsByQuickPlayOuts() {
        // Health 3, no weapon, a room of four big monsters that cannot be avoided (the last room
        // was): every move dies at once, whatever the unseen order.
        List<Card> room = cards("AS KS QS JS");
        List<Card> dungeon = new ArrayList<>(Card.all());
        dungeon.removeAll(room);
        ScoundrelState s = new ScoundrelState(Ruleset.STANDARD, WeaponBinding.LESS_OR_EQUAL, dungeon, room, List.of(),
                3, null, List.of(), true, false, false, null);
        Hint h = HINTS.hint(view(s), s.ruleset(), s.weaponBinding());
        assertEquals(0, h.wins(), h.toString());
        assertEquals(10, h.samples(), h.toString());
        assertTrue(h.reason().contains("scored best in quick play-outs") && h.reason().contains("may beat"), h.reason());
    }
}
