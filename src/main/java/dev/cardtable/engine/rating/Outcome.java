package dev.cardtable.engine.rating;

/**
 * One game's result for the player being rated.
 *
 * @param opponent the opponent's rating when the game was played
 * @param score    1 for a win, 0.5 for a draw, 0 for a loss
 */
public record Outcome(Rating opponent, double score) {

    /** @throws IllegalArgumentException if the score is not 0, 0.5 or 1 */
    public Outcome {
        if (score != 0 && score != 0.5 && score != 1) {
            throw new IllegalArgumentException("a score is 0, 0.5 or 1, not " + score);
        }
    }
}
