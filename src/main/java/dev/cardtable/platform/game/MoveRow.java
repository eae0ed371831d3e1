package dev.cardtable.platform.game;

import java.time.Instant;

/**
 * One entry of a game's append-only move log ({@code moves}).
 *
 * @param seq  1, 2, 3 … without gaps
 * @param seat the mover
 * @param move the move's JSON form in the game's notation
 * @param at   when it was applied
 */
public record MoveRow(int seq, int seat, String move, Instant at) {
}
