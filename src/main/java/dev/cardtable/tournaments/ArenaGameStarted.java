package dev.cardtable.tournaments;

import dev.cardtable.platform.Published;

import java.util.List;
import java.util.UUID;

/**
 * Fired inside the transaction that paired an arena game, after the game was started through
 * {@code play}'s {@code NewGames.start} (whose {@code GameChanged} told its players
 * {@code gameStart}): the players' event streams name the arena in that {@code gameStart}.
 *
 * @param arenaId the arena
 * @param gameId  the game
 * @param players the two players, in seat order
 */
@Published
public record ArenaGameStarted(UUID arenaId, UUID gameId, List<UUID> players) {

    public ArenaGameStarted {
        players = List.copyOf(players);
    }
}
