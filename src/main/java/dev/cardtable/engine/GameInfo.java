package dev.cardtable.engine;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a game type offers, as listed by {@code GET /api/game-types}.
 *
 * @param type           the game type name, e.g. {@code scoundrel}
 * @param seats          how many seats a game has
 * @param rulesets       the rulesets; exactly one is the default
 * @param aiLevels       computer opponent levels, weakest first (empty when the game has none).
 *                       A game's {@link Rules#info()} leaves it empty, since the rules know no
 *                       opponents; the catalog fills it in from the game's {@link Opponents} with
 *                       {@link #withAiLevels(List)}
 */
public record GameInfo(String type, int seats, List<RulesetInfo> rulesets, List<String> aiLevels) {

    /**
     * One ruleset.
     *
     * @param name        e.g. {@code standard}
     * @param version     the ruleset version, raised whenever the deal or the rules change, so
     *                    that stored games stay replayable
     * @param isDefault   whether it is the type's default
     * @param description one line for people
     * @param options     the options the ruleset takes
     */
    public record RulesetInfo(String name, int version, boolean isDefault, String description,
                              List<OptionInfo> options) {

        /**
         * Validates {@code given} against this ruleset's options and fills in defaults.
         *
         * @param given option name → value as the caller sent it; may be empty or null (every
         *              option takes its default)
         * @throws MalformedInput for an unknown option or a value not in its list (a null value
         *                        included: it names no value)
         */
        public Options resolve(Map<String, String> given) {
            if (given == null) {
                given = Map.of();
            }
            Map<String, String> out = new HashMap<>();
            for (String key : given.keySet()) {
                if (options.stream().noneMatch(o -> o.name().equals(key))) {
                    throw new MalformedInput(Unknown.name("option", key, options.stream().map(OptionInfo::name).toList()));
                }
            }
            for (OptionInfo o : options) {
                String v = given.containsKey(o.name()) ? given.get(o.name()) : o.defaultValue();
                if (v == null || !o.values().contains(v)) {
                    throw new MalformedInput("option '" + o.name() + "' must be one of: " + String.join(", ", o.values()));
                }
                out.put(o.name(), v);
            }
            return new Options(out);
        }
    }

    /**
     * One option.
     *
     * @param name         e.g. {@code weaponBinding}
     * @param values       the accepted values
     * @param defaultValue the value used when none is given
     * @param description  one line for people
     */
    public record OptionInfo(String name, List<String> values, String defaultValue, String description) {
    }

    /** This info with {@code levels} as its computer opponent levels (see {@link Opponents#levels()}). */
    public GameInfo withAiLevels(List<String> levels) {
        return new GameInfo(type, seats, rulesets, List.copyOf(levels));
    }

    /** The default ruleset. */
    public RulesetInfo defaultRuleset() {
        return rulesets.stream().filter(RulesetInfo::isDefault).findFirst().orElseThrow();
    }

    /** The ruleset called {@code name}, or a {@link MalformedInput} naming the valid ones. */
    public RulesetInfo ruleset(String name) {
        return rulesets.stream().filter(r -> r.name().equals(name)).findFirst()
                .orElseThrow(() -> new MalformedInput(Unknown.name("ruleset", name,
                        rulesets.stream().map(RulesetInfo::name).toList())));
    }
}
