package dev.cardtable.play;

import dev.cardtable.platform.game.SeatCredential;

import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * A move request.
 *
 * @param gameId         the game
 * @param credential     the caller's seat credential, or null for none
 * @param move           the move's JSON form
 * @param expected       the versions the caller's {@code If-Match} accepts, or null for any
 * @param idempotencyKey the {@code Idempotency-Key} header (1 to 255 characters, checked by the
 *                       HTTP layer), or null
 */
public record MoveRequest(UUID gameId, SeatCredential credential, Map<String, Object> move, Expected expected,
                          String idempotencyKey) {

    /**
     * The versions a move may apply to.
     *
     * @param versions the acceptable versions
     * @param given    the header as sent, for the error detail
     */
    public record Expected(Set<Integer> versions, String given) {
    }
}
