package dev.cardtable.play;

import dev.cardtable.platform.GameException;
import dev.cardtable.platform.Published;
import dev.cardtable.platform.game.GameRow;
import dev.cardtable.platform.game.PlayerRow;
import dev.cardtable.platform.game.view.GameView;

/**
 * How other features start games ({@code docs/api.md}, "Creating a game"): the daily deal, a
 * rematch, a challenge accepted. Each call writes the game and its seats through the one path that
 * {@code POST /api/games} uses, so every game is made alike.
 */
@Published
public interface NewGames {

    /**
     * Creates a game. Computer seats that are to act move at once. Runs in a transaction of its own,
     * or joins the caller's.
     *
     * @return the game as seen by its first human seat (or a spectator), with every new token
     * @throws GameException {@code malformed-request} for an unknown type, ruleset, option, AI
     *                       level, a bad seat list, seed or deal, or {@code certified} (which only
     *                       {@code POST /api/games} searches for); {@code player-key-mismatch},
     *                       {@code name-registered}
     */
    GameView create(NewGame req);

    /**
     * Creates a game dealt from {@code dealt}, a seed the server chose (a certified or daily deal).
     * The caller holds the transaction.
     */
    GameView createDealt(NewGame req, ServerDeal dealt);

    /**
     * Starts a game between two registered players, both seats verified and filled as it is created:
     * it is never open, so the lobby never shows it. Computer-free, it starts at once. Joins the
     * caller's transaction.
     *
     * @return the game as {@code second}'s seat sees it, with that seat's token
     * @throws GameException as {@link #create(NewGame)}; {@code name-registered} when both are one player
     */
    GameView start(NewMatch match);

    /**
     * Seats {@code name} in open seat {@code seat} of locked game {@code g}, with a new token; the
     * game starts when it was the last open seat. The seat is verified when {@code holder} (or null)
     * is the registered player of that name. The caller holds the transaction and the game's lock.
     */
    GameView seat(GameRow g, int seat, String name, PlayerRow holder);
}
