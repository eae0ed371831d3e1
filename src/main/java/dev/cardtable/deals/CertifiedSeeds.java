package dev.cardtable.deals;

import dev.cardtable.engine.Options;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.Published;

/**
 * Secret seeds whose deal the solver proved winnable ({@code docs/api.md}, "Certified deals"), as
 * creating a certified game and the daily deal draw them.
 */
@Published
public interface CertifiedSeeds {

    /**
     * A fresh secret seed of {@code ruleset} with {@code options} whose deal is winnable, with its
     * certificate stored. Searches the solver's budget ({@code cardtable.certified.*}) and holds no
     * database connection while it does: call it outside a transaction.
     *
     * @throws GameException {@code certified-deal-unavailable} when no attempt proved a deal winnable
     */
    String draw(String ruleset, Options options);
}
