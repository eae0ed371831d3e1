package dev.cardtable.platform.game.view;

/**
 * The data of one {@code move} event of a game's live stream ({@code docs/api.md}, "Live events"):
 * everything a client needs to draw the position after the move.
 *
 * @param entry the log entry, as the move log shows it to the viewer
 * @param game  the game after that move, exactly as {@code GET /api/games/{id}} shows it to the
 *              viewer at that version
 */
public record MoveEvent(LogItem entry, GameView game) {
}
