package dev.cardtable.engine.dazzle.ai;

import dev.cardtable.engine.GameInfo;
import dev.cardtable.engine.MalformedInput;
import dev.cardtable.engine.dazzle.DazzleRules;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

class DazzleOpponentsTest {

    private final DazzleOpponents opponents = new DazzleOpponents();

    @Test
    void theThreeLevelsWeakestFirst() {
        assertEquals(List.of("random", "heuristic", "ismcts"), opponents.levels());
        assertEquals(DazzleOpponents.LEVELS, opponents.levels());
    }

    @Test
    void theCatalogCombinesTheRulesAndTheOpponents() {
        GameInfo rules = new DazzleRules().info();
        GameInfo info = rules.withAiLevels(opponents.levels());
        assertEquals(List.of("random", "heuristic", "ismcts"), info.aiLevels());
        assertEquals(rules.type(), info.type());
        assertEquals(rules.seats(), info.seats());
        assertEquals(rules.rulesets(), info.rulesets());
    }

    @Test
    void eachLevelHasAComputerOpponentAndBudgetsAreChecked() {
        assertInstanceOf(RandomPlayer.class, opponents.player("random", null));
        assertInstanceOf(HeuristicPlayer.class, opponents.player("heuristic", null));
        IsmctsPlayer p = assertInstanceOf(IsmctsPlayer.class, opponents.player("ismcts", null));
        assertEquals(IsmctsPlayer.DEFAULT_ITERATIONS, p.iterations());
        assertEquals(500, ((IsmctsPlayer) opponents.player("ismcts", 500)).iterations());
        assertThrows(MalformedInput.class, () -> opponents.player("ismcts", 0));
        assertThrows(MalformedInput.class, () -> opponents.player("ismcts", 100_001));
        assertThrows(MalformedInput.class, () -> opponents.player("expert", null));
        assertThrows(MalformedInput.class, () -> opponents.player(null, null));
    }

    @Test
    void theBudgetBoundsAreInclusive() {
        assertEquals(DazzleOpponents.MIN_BUDGET,
                ((IsmctsPlayer) opponents.player("ismcts", DazzleOpponents.MIN_BUDGET)).iterations());
        assertEquals(DazzleOpponents.MAX_BUDGET,
                ((IsmctsPlayer) opponents.player("ismcts", DazzleOpponents.MAX_BUDGET)).iterations());
        assertThrows(MalformedInput.class, () -> opponents.player("ismcts", DazzleOpponents.MAX_BUDGET + 1));
    }

    @Test
    void theMessagesAreTheOnesCallersSee() {
        assertEquals("an AI seat needs 'ai', one of: random, heuristic, ismcts",
                assertThrows(MalformedInput.class, () -> opponents.player(null, null)).getMessage());
        assertEquals("unknown AI level 'expert'; expected one of: random, heuristic, ismcts",
                assertThrows(MalformedInput.class, () -> opponents.player("expert", null)).getMessage());
        assertEquals("aiBudget applies to ismcts only; heuristic has no budget",
                assertThrows(MalformedInput.class, () -> opponents.player("heuristic", 100)).getMessage());
        assertEquals("aiBudget applies to ismcts only; random has no budget",
                assertThrows(MalformedInput.class, () -> opponents.player("random", 1)).getMessage());
        assertEquals("aiBudget for ismcts must be 1 to 20000 iterations",
                assertThrows(MalformedInput.class, () -> opponents.player("ismcts", 0)).getMessage());
    }
}
