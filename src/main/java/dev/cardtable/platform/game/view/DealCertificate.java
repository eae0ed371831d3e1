package dev.cardtable.platform.game.view;

/**
 * How hard a certified (or daily) deal is ({@code docs/api.md}, "Certified deals"), as the
 * full-information solver found it when it certified the deal. Shown with the seed: once the game
 * is over (a daily game: once its day is over), since the figures speak of the hidden order.
 *
 * @param bestScore         the best score reachable with perfect play (1 to 30); null when the
 *                          solver's budget ran out first
 * @param firstMoves        the legal first moves of the deal (each room card, and avoiding)
 * @param winningFirstMoves how many of them keep the game winnable; null when the budget ran out
 * @param positions         positions the solver searched for these figures
 */
public record DealCertificate(Integer bestScore, int firstMoves, Integer winningFirstMoves, long positions) {
}
