package dev.cardtable.api.dto;

/**
 * A seat's token, shown once: send it as {@code Authorization: Bearer <token>}.
 *
 * @param seat  seat number
 * @param token the bearer token
 */
public record CredentialResponse(int seat, String token) {
}
