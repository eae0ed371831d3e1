package dev.cardtable.platform.game.view;

/**
 * A seat's token, shown once: send it as {@code Authorization: Bearer <token>}.
 *
 * @param seat  seat number
 * @param token the bearer token
 */
public record Credential(int seat, String token) {
}
