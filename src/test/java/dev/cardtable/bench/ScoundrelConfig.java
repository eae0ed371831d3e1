package dev.cardtable.bench;

import dev.cardtable.engine.Deal;
import dev.cardtable.engine.Options;
import dev.cardtable.engine.Setup;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.ScoundrelState;

import java.util.Map;

/** The three ways to play Scoundrel, as the Scoundrel bench tools name them. */
enum ScoundrelConfig {
    LESS_OR_EQUAL("standard/lessOrEqual", "standard", Map.of(ScoundrelRules.WEAPON_BINDING, "lessOrEqual")),
    STRICTLY_LESS("standard/strictlyLess", "standard", Map.of(ScoundrelRules.WEAPON_BINDING, "strictlyLess")),
    SIMPLE("simple", "simple", Map.of());

    private static final ScoundrelRules RULES = new ScoundrelRules();

    final String label;
    private final String ruleset;
    private final Map<String, String> options;

    ScoundrelConfig(String label, String ruleset, Map<String, String> options) {
        this.label = label;
        this.ruleset = ruleset;
        this.options = options;
    }

    /** The deal of {@code seed}. */
    ScoundrelState deal(String seed) {
        return RULES.deal(new Setup(ruleset, new Options(options), new Deal.Seeded(seed)));
    }
}
