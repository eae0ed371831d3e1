package dev.cardtable.platform.game.view;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A game in the history listing: public facts only, no view.
 *
 * @param id         game id
 * @param type       game type
 * @param ruleset    ruleset name
 * @param status     {@code waiting}, {@code active} or {@code finished}
 * @param version    every change counted: seats taken, moves and a rematch made
 * @param moveCount  moves applied
 * @param seats      the seats
 * @param createdAt  creation time
 * @param updatedAt  last change
 * @param finishedAt end time, or null
 * @param result     the result once finished, else null
 * @param rated      whether the game is rated ({@code docs/ratings.md})
 */
public record GameSummary(UUID id, String type, String ruleset, String status, int version, int moveCount,
                          List<SeatView> seats, Instant createdAt, Instant updatedAt, Instant finishedAt,
                          JsonNode result, boolean rated) {
}
