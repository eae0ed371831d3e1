package dev.cardtable.play;

import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.game.SeatCredential;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * A move request.
 *
 * @param gameId         the game
 * @param credential     the caller's seat credential, or null for none
 * @param move           the move's JSON form
 * @param expected       the versions the caller's {@code If-Match} accepts, or null for any
 * @param idempotencyKey the {@code Idempotency-Key} header (1 to 255 printable ASCII characters, checked by the
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

        /** Why a move may not apply to a game at {@code version}; empty when it may. */
        Optional<GameException> refusal(int version) {
            if (versions.contains(version)) {
                return Optional.empty();
            }
            String named = !versions.isEmpty() ? "If-Match names version " + given
                    : given.contains("W/") ? "If-Match " + given + " names no version of the game (a weak tag, W/\"…\", never matches)"
                    : "If-Match " + given + " names no version of the game (a version is an entity tag such as \"7\")";
            return Optional.of(new GameException(Failure.VERSION_MISMATCH, named + " but the game is at version " + version,
                    Map.of("currentVersion", version)));
        }
    }
}
