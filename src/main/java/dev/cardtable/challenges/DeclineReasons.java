package dev.cardtable.challenges;

import java.util.List;

/**
 * The fixed reasons a challenged player gives for declining ({@code docs/api.md}, "Challenges"),
 * after lichess's list: {@code generic} (the default), {@code later}, {@code tooFast},
 * {@code tooSlow}, {@code timeControl}, {@code rated}, {@code casual}, {@code ruleset},
 * {@code noBot}, {@code onlyBot}.
 */
final class DeclineReasons {

    static final List<String> ALL = List.of("generic", "later", "tooFast", "tooSlow", "timeControl", "rated", "casual",
            "ruleset", "noBot", "onlyBot");

    private DeclineReasons() {
    }
}
