package dev.cardtable.tournaments;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A player's sheet in an arena ({@code GET /api/arenas/{id}/players/{name}}): their entry as the
 * standings show it, and their counted games in the order they counted.
 *
 * @param entry   the entry
 * @param results the counted games
 */
public record ArenaSheet(@JsonUnwrapped ArenaStanding entry, List<Result> results) {

    /**
     * One counted game.
     *
     * @param gameId   the game
     * @param opponent the opponent's name
     * @param result   {@code won}, {@code drawn} or {@code lost}
     * @param points   the points it scored
     * @param endedAt  when it ended
     */
    public record Result(UUID gameId, String opponent, String result, int points, Instant endedAt) {
    }
}
