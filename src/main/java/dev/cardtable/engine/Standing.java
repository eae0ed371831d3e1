package dev.cardtable.engine;

/**
 * One seat's standing in a finished game, for history and statistics.
 *
 * @param outcome won, lost or drawn; null when the game ended with no outcome (aborted or
 *                abandoned)
 * @param score   the seat's score in the game's own units (Scoundrel: the score of
 *                {@code scoundrel.md} "Score"; Dazzle: points); null with a null outcome
 */
public record Standing(Outcome outcome, Integer score) {
}
