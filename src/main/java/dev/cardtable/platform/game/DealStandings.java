package dev.cardtable.platform.game;

import dev.cardtable.platform.game.view.DealStanding;

/**
 * The ratings of Scoundrel deals as a game's view shows them ({@code docs/ratings.md}, "Scoundrel:
 * players against deals"). The ratings feature implements it, so that {@link Projection} does not
 * depend on that feature.
 */
public interface DealStandings {

    /**
     * The rating of game {@code g}'s deal that its view shows: once its seed is revealed
     * ({@code revealedSeed} not null, the game over), if the deal has a rating; else null. A
     * running game shows none, since a deal's rating speaks of its hidden order.
     */
    DealStanding shown(GameRow g, String revealedSeed);
}
