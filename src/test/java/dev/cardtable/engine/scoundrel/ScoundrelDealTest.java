package dev.cardtable.engine.scoundrel;

import dev.cardtable.engine.Deal;
import dev.cardtable.engine.GameInfo;
import dev.cardtable.engine.MalformedInput;
import dev.cardtable.engine.Opponents;
import dev.cardtable.engine.Options;
import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Setup;
import dev.cardtable.engine.scoundrel.Fixtures.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

import static dev.cardtable.engine.scoundrel.Fixtures.RULES;
import static dev.cardtable.engine.scoundrel.Fixtures.codes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code shuffle.md} test vectors, custom deals, and what the game type offers. */
class ScoundrelDealTest {

    /** Frozen from the published algorithm; a change here breaks every stored game. */
    private static final String SEED_42 = "5D KS 8S 9H 5S 5C 9S AC 2S 4C 6D 4S 3C KC 7D 6H 3D 6S AS 9D 7C 4H"
            + " 10S 9C 5H JC 4D 3S 7S QS 6C QC JS 8D 2H 8H 3H 2C 8C 7H 10H 10C 2D 10D";
    private static final String SEED_DAILY = "10D 9D JC QS KC 3D 7C 9S 8C KS 8S 8D AS 7S 7H 5D JS 4C 10S 2C 5C 10C"
            + " 3C 6H 3H 6D 4D 10H 6S 9H 7D AC 5H 4H 9C 2D 4S 8H 3S 5S QC 6C 2H 2S";

    @Test
    void generatorMatchesThePublishedTestVector() {
        Rng rng = Rng.fromSeed("42");
        assertEquals(0x73475cb40a568e8dL, rng.state());
        assertEquals(0xb6fe69298533a191L, rng.next());
        assertEquals(0xd29321fdc28b2426L, rng.next());
        assertEquals("ceb41147d6d8bca098075d9b1f46ae9ccaa15725d32f96e8f9ac226d1f0d27b5", Rng.commitment("42"));
    }

    @Test
    void seed42DungeonStartsAsPublished() {
        assertEquals(codes("5D KS 8S 9H 5S 5C 9S AC"), fullOrder(Variant.LESS_OR_EQUAL.seeded("42")).subList(0, 8));
    }

    @Test
    void seed42DealsTheFrozenOrder() {
        assertFrozenPermutation(SEED_42, "42");
    }

    @Test
    void dailySeedDealsTheFrozenOrder() {
        assertFrozenPermutation(SEED_DAILY, "daily-2026-11-29");
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void everyRulesetDealsTheSameOrderForASeed(Variant variant) {
        assertEquals(codes(SEED_42), fullOrder(variant.seeded("42")));
    }

    @Test
    void theFirstRoomIsTheTopFourInOrder() {
        ScoundrelState s = RULES.deal(Variant.LESS_OR_EQUAL.seeded("42"));
        assertEquals(Fixtures.cards("5D KS 8S 9H"), s.room());
        assertEquals(40, s.dungeon().size());
        assertEquals(Fixtures.card("5S"), s.dungeon().getFirst());
        assertEquals(20, s.health());
        assertNull(s.weapon());
        assertTrue(s.discard().isEmpty());
        assertFalse(s.previousRoomAvoided() || s.roomFaced() || s.potionUsedThisTurn());
    }

    @Test
    void aCustomDealIsTheDungeonTopFirst() {
        List<String> order = new ArrayList<>(codes(SEED_DAILY));
        java.util.Collections.reverse(order);
        assertEquals(order, fullOrder(Variant.SIMPLE.setup(new Deal.Custom(List.of(order)))));
    }

    @Test
    void aCustomDealWithTooFewCardsIsMalformedAndNamesTheMissing() {
        List<String> order = new ArrayList<>(codes(SEED_42));
        order.remove("7H");
        MalformedInput e = assertThrows(MalformedInput.class, () -> dealCustom(List.of(order)));
        assertTrue(e.getMessage().contains("44") && e.getMessage().contains("43") && e.getMessage().contains("7H"),
                e.getMessage());
    }

    @Test
    void aCustomDealWithADuplicateIsMalformed() {
        List<String> order = new ArrayList<>(codes(SEED_42));
        order.set(5, "QS");
        MalformedInput e = assertThrows(MalformedInput.class, () -> dealCustom(List.of(order)));
        assertTrue(e.getMessage().contains("QS") && e.getMessage().contains("twice"), e.getMessage());
        List<String> longer = new ArrayList<>(codes(SEED_42));
        longer.add("2C");
        assertThrows(MalformedInput.class, () -> dealCustom(List.of(longer)));
    }

    @Test
    void aCustomDealWithAnUnknownCodeIsMalformed() {
        for (String bad : List.of("QH", "qs", "AD", "", "1C")) {
            List<String> order = new ArrayList<>(codes(SEED_42));
            order.set(10, bad);
            MalformedInput e = assertThrows(MalformedInput.class, () -> dealCustom(List.of(order)));
            assertTrue(e.getMessage().contains("unknown card code"), e.getMessage());
        }
    }

    @Test
    void aCustomDealIsExactlyOnePile() {
        assertThrows(MalformedInput.class, () -> dealCustom(List.of()));
        assertThrows(MalformedInput.class, () -> dealCustom(List.of(codes(SEED_42), List.of())));
        assertThrows(MalformedInput.class, () -> dealCustom(List.of(codes(SEED_42).subList(0, 22),
                codes(SEED_42).subList(22, 44))));
    }

    @Test
    void parseDealReadsAnArrayOfFortyFourCodes() {
        Deal.Custom deal = RULES.parseDeal(new ArrayList<Object>(codes(SEED_42)));
        assertEquals(List.of(codes(SEED_42)), deal.piles());
    }

    @Test
    void parseDealRejectsAnythingElse() {
        assertThrows(MalformedInput.class, () -> RULES.parseDeal(null));
        assertThrows(MalformedInput.class, () -> RULES.parseDeal(SEED_42));
        assertThrows(MalformedInput.class, () -> RULES.parseDeal(Map.of("dungeon", codes(SEED_42))));
        assertThrows(MalformedInput.class, () -> RULES.parseDeal(List.of(codes(SEED_42))));
        List<Object> withNumber = new ArrayList<>(codes(SEED_42));
        withNumber.set(3, 9);
        assertThrows(MalformedInput.class, () -> RULES.parseDeal(withNumber));
        List<Object> withNull = new ArrayList<>(codes(SEED_42));
        withNull.set(3, null);
        assertThrows(MalformedInput.class, () -> RULES.parseDeal(withNull));
        assertThrows(MalformedInput.class, () -> RULES.parseDeal(codes(SEED_42).subList(0, 43)));
        List<String> duplicate = new ArrayList<>(codes(SEED_42));
        duplicate.set(0, "10D");
        assertThrows(MalformedInput.class, () -> RULES.parseDeal(duplicate));
    }

    @Test
    void optionsDefaultToLessOrEqualAndAreValidated() {
        ScoundrelState s = RULES.deal(new Setup("standard", Options.none(), new Deal.Seeded("1")));
        assertEquals(ScoundrelState.WeaponBinding.LESS_OR_EQUAL, s.weaponBinding());
        assertThrows(MalformedInput.class, () -> RULES.deal(new Setup("standard",
                new Options(Map.of("weaponBinding", "never")), new Deal.Seeded("1"))));
        assertThrows(MalformedInput.class, () -> RULES.deal(new Setup("simple",
                new Options(Map.of("weaponBinding", "lessOrEqual")), new Deal.Seeded("1"))));
        assertThrows(MalformedInput.class, () -> RULES.deal(new Setup("hard", Options.none(), new Deal.Seeded("1"))));
    }

    @Test
    void infoListsBothRulesetsAndTheBindingOption() {
        GameInfo info = RULES.info();
        assertEquals("scoundrel", info.type());
        assertEquals(1, info.seats());
        assertTrue(info.aiLevels().isEmpty());
        assertEquals(List.of("standard", "simple"), info.rulesets().stream().map(GameInfo.RulesetInfo::name).toList());
        GameInfo.RulesetInfo standard = info.defaultRuleset();
        assertEquals("standard", standard.name());
        assertEquals(1, standard.version());
        assertEquals(1, standard.options().size());
        GameInfo.OptionInfo binding = standard.options().getFirst();
        assertEquals("weaponBinding", binding.name());
        assertEquals(List.of("lessOrEqual", "strictlyLess"), binding.values());
        assertEquals("lessOrEqual", binding.defaultValue());
        GameInfo.RulesetInfo simple = info.ruleset("simple");
        assertEquals(1, simple.version());
        assertFalse(simple.isDefault());
        assertTrue(simple.options().isEmpty());
        Opponents<ScoundrelView, ScoundrelMove> none = Opponents.none("scoundrel");
        assertThrows(MalformedInput.class, () -> none.player("easy", null));
    }

    @Test
    void scoundrelHasNoComputerOpponents() {
        Opponents<ScoundrelView, ScoundrelMove> none = Opponents.none("scoundrel");
        assertTrue(none.levels().isEmpty());
        assertEquals(RULES.info(), RULES.info().withAiLevels(none.levels()));
        for (String level : new String[] {"easy", "random", null}) {
            assertEquals("scoundrel has no computer opponents",
                    assertThrows(MalformedInput.class, () -> none.player(level, null)).getMessage());
        }
        assertThrows(MalformedInput.class, () -> none.player("random", 100));
    }

    private static void assertFrozenPermutation(String frozen, String seed) {
        List<String> order = fullOrder(Variant.LESS_OR_EQUAL.seeded(seed));
        assertEquals(44, order.size());
        assertEquals(new HashSet<>(Card.codes(Card.all())), new HashSet<>(order), "a permutation of the 44 cards");
        assertEquals(codes(frozen), order);
    }

    /** The dealt order, top first: the first room, then the dungeon. */
    private static List<String> fullOrder(Setup setup) {
        ScoundrelState s = RULES.deal(setup);
        List<Card> all = new ArrayList<>(s.room());
        all.addAll(s.dungeon());
        return Card.codes(all);
    }

    private static ScoundrelState dealCustom(List<List<String>> piles) {
        return RULES.deal(Variant.LESS_OR_EQUAL.setup(new Deal.Custom(piles)));
    }
}
