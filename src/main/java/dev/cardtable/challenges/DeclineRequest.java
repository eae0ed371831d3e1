package dev.cardtable.challenges;

/**
 * The optional body of {@code POST /api/challenges/{id}/decline}.
 *
 * @param reason one of {@link DeclineReasons#ALL}; null for {@code generic}
 */
public record DeclineRequest(String reason) {
}
