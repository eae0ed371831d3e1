package dev.cardtable.engine;

import java.util.Map;
import java.util.TreeMap;

/**
 * A game's options after validation: every option the ruleset defines, with its value (the
 * default where the caller gave none). Values are option-specific strings.
 *
 * @param values option name → value, sorted by name
 */
public record Options(Map<String, String> values) {

    public Options {
        values = java.util.Collections.unmodifiableMap(new TreeMap<>(values));
    }

    /** The value of {@code name}, which the ruleset must define. */
    public String get(String name) {
        String v = values.get(name);
        if (v == null) {
            throw new IllegalArgumentException("no option " + name);
        }
        return v;
    }

    /** No options. */
    public static Options none() {
        return new Options(Map.of());
    }
}
