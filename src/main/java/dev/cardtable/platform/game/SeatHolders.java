package dev.cardtable.platform.game;

import dev.cardtable.platform.GameException;

import dev.cardtable.platform.game.PlayerRow;
import dev.cardtable.platform.game.SeatRow;

import java.util.List;
import java.util.Optional;

/**
 * What creating and seating a game needs of registered players ({@code docs/api.md}, "Players and
 * keys"): who holds a player key, and seats verified for that holder. The players feature
 * implements it, so the core does not depend on it. Every method must be called inside a transaction.
 */
public interface SeatHolders {

    /**
     * The registered player whose key {@code key} is; empty for no key (null or blank).
     *
     * @throws GameException {@code player-key-invalid} for a key that opens no standing registration
     */
    Optional<PlayerRow> holder(String key);

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
