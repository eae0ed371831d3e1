package dev.cardtable.ratings;

import dev.cardtable.engine.Options;
import dev.cardtable.platform.Published;
import dev.cardtable.platform.game.view.DealStanding;

import java.util.UUID;

/**
 * The deals of rated Scoundrel ({@code docs/ratings.md}, "Scoundrel: players against deals"): their
 * ratings, created at the seed rating the solver gives them, and a deal drawn near a player's
 * rating.
 */
@Published
public interface DealRatings {

    /**
     * Makes sure the deal of {@code seed} under {@code ruleset} and {@code options} has a rating:
     * when it has none, measures it ({@code DealRating.measure}, a search bounded by positions) and
     * stores it at its seed rating. Holds no database connection while it searches: call it
     * outside a transaction.
     */
    void ensure(String ruleset, Options options, String seed);

    /**
     * A fresh secret seed for a rated game of {@code playerId}: of
     * {@code cardtable.ratings.deals.candidates} new seeds, each measured and stored, the one whose
     * rating is nearest the player's for the perf {@code scoundrel/ruleset}. A rated deal is never
     * dealt twice (its seed is revealed when its game ends). Searches outside any transaction.
     */
    String near(UUID playerId, String ruleset, Options options);

    /**
     * The rating of the deal of {@code seedCommitment} under {@code ruleset} and {@code options},
     * or null when it has none.
     */
    DealStanding standing(String ruleset, Options options, String seedCommitment);

}
