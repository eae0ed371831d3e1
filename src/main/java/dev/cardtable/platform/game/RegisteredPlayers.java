package dev.cardtable.platform.game;

import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Registered players as every feature sees them ({@code docs/api.md}, "Players and keys"): who
 * holds a player key, who holds a name, and seats verified for a holder. The players feature
 * implements it, so that neither the core nor another feature depends on that feature. The seat
 * methods must be called inside a transaction.
 */
public interface RegisteredPlayers {

    /** The request header that carries a player key. */
    String HEADER = "X-Player-Key";

    /** The standing registration of {@code name} (compared case-insensitively), or empty. */
    Optional<PlayerRow> registered(String name);

    /** The standing registration of player {@code id}, or empty once revoked (or never made). */
    Optional<PlayerRow> byId(UUID id);

    /**
     * The SHA-256 (hex) of player {@code id}'s current key, so that a credential taken with the key
     * (a stream ticket) ends when the key is rotated; empty once revoked (or never made).
     */
    Optional<String> keyHash(UUID id);

    /**
     * The id of the player whose key {@code key} is, for counting its requests; empty for no key
     * or one that opens no registration (such a request is refused later, with {@code 401}).
     */
    Optional<UUID> playerOf(String key);

    /**
     * The registered player whose key {@code key} is; empty for no key (null or blank).
     *
     * @throws GameException {@code player-key-invalid} for a key that opens no standing registration
     */
    Optional<PlayerRow> holder(String key);

    /**
     * The registered player whose key {@code key} is, for a request that needs one.
     *
     * @param detail the problem's detail when no key came: what needs it, and how to send it
     * @throws GameException {@code player-key-required} for no key (null or blank),
     *                       {@code player-key-invalid} for a key that opens no standing registration
     */
    default PlayerRow required(String key, String detail) {
        return holder(key).orElseThrow(() -> new GameException(Failure.PLAYER_KEY_REQUIRED, detail));
    }

    /**
     * {@code seats} with the seat of {@code holder} (or null) verified; every other human seat
     * must not use a registered name.
     *
     * @throws GameException {@code player-key-mismatch}, {@code name-registered}
     */
    List<SeatRow> verify(List<SeatRow> seats, PlayerRow holder);

    /**
     * A newly taken seat, verified when {@code holder} (or null) is the player of its name.
     *
     * @throws GameException {@code player-key-mismatch}, {@code name-registered}
     */
    SeatRow verifySeat(SeatRow seat, PlayerRow holder);
}
