package dev.cardtable.platform.game;

/**
 * Fired by {@link ReadModelUpkeep}, inside the transaction that holds the game's lock, for a game
 * that a writer changed without keeping the read models (a build from before them, serving during
 * a rolling update; {@code docs/operations.md}, "Upgrades"). Each feature that keeps a read model
 * of games brings its rows for the game back to the game as it now stands, idempotently: the
 * change it missed may have been seen already in part, by a build that kept some read models.
 * Features that announce changes to clients (the lobby, players' events) do not observe it: the
 * writer announced its own changes the way it knew.
 *
 * @param change the game as it now stands, told as a change from nothing ({@code before} null,
 *               {@code seated} true, {@code toAct} empty), so that {@link GameChanged#ended()} and
 *               {@link GameChanged#started()} say what the game has been through
 */
public record GameReconciled(GameChanged change) {
}
