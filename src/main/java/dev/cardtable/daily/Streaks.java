package dev.cardtable.daily;

import java.time.LocalDate;
import java.util.List;

/**
 * A registered player's runs of consecutive UTC days at the daily deal, per ruleset.
 *
 * @param player   the registered name
 * @param rulesets one entry per ruleset the player attempted
 */
public record Streaks(String player, List<RulesetStreaks> rulesets) {

    /**
     * @param ruleset    the ruleset
     * @param played     runs of days with an attempt
     * @param won        runs of days won (within the day)
     * @param days       days attempted in all
     * @param wins       days won in all
     * @param lastPlayed the last day attempted
     */
    public record RulesetStreaks(String ruleset, Run played, Run won, long days, long wins, LocalDate lastPlayed) {
    }

    /**
     * @param current the run that ends today, or yesterday when today has none yet; 0 if neither
     * @param longest the longest run ever
     */
    public record Run(int current, int longest) {
    }
}
