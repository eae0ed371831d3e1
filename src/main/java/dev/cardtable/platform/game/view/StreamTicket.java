package dev.cardtable.platform.game.view;

import java.time.Instant;

/**
 * A ticket that opens one seat's event stream of one game ({@code docs/api.md}, "Stream
 * tickets"): pass it as {@code ?ticket=} to {@code GET /api/games/{id}/events}.
 *
 * @param ticket    the ticket, URL-safe
 * @param seat      the seat whose view the stream shows
 * @param expiresAt when it stops opening streams (RFC 3339 UTC)
 */
public record StreamTicket(String ticket, int seat, Instant expiresAt) {
}
