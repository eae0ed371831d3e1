package dev.cardtable.engine;

/**
 * One seat's standing in a finished game, for history and statistics.
 *
 * @param outcome won, lost or drawn
 * @param score   the seat's score in the game's own units (Scoundrel: the score of
 *                {@code scoundrel.md} "Score"; Dazzle: points)
 */
public record Standing(Outcome outcome, int score) {
}
