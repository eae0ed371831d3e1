package dev.cardtable.watching;

import java.time.Instant;

/**
 * A ticket that opens one registered player's event stream ({@code docs/api.md}, "A player's event
 * stream"): pass it as {@code ?ticket=} to {@code GET /api/players/{name}/events}, so that a
 * browser's {@code EventSource} never puts the player key in a URL.
 *
 * @param ticket    the ticket, URL-safe
 * @param expiresAt when it stops opening streams (RFC 3339 UTC)
 */
public record PlayerTicket(String ticket, Instant expiresAt) {
}
