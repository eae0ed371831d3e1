package dev.cardtable.engine;

/**
 * Everything a game's initial state is a pure function of.
 *
 * @param ruleset the ruleset name, one of the type's {@link GameInfo#rulesets()}
 * @param options the validated options of that ruleset
 * @param deal    the seed or custom layout
 */
public record Setup(String ruleset, Options options, Deal deal) {
}
