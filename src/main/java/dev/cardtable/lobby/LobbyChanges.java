package dev.cardtable.lobby;

import dev.cardtable.platform.game.GameChanged;
import dev.cardtable.platform.game.Status;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * Derives the lobby's changes from the core's {@link GameChanged}, in the same transaction: a game
 * created with an open seat was {@value LobbyChange#OPENED}, one whose last open seat was taken was
 * {@value LobbyChange#FILLED}, one that ended while waiting was {@value LobbyChange#CANCELLED}. A
 * rematch's open seats are kept for its players: the lobby does not list it, so it has no changes.
 */
@ApplicationScoped
public class LobbyChanges {

    @Inject
    Event<LobbyChange> lobbyChanges;

    void onChange(@Observes GameChanged c) {
        String change = change(c);
        if (change != null) {
            lobbyChanges.fire(new LobbyChange(c.gameId(), change));
        }
    }

    /** The lobby's change that {@code c} is, or null when it is none. */
    static String change(GameChanged c) {
        if (c.rematchOf() != null) {
            return null;
        }
        if (c.before() == null && c.after() == Status.WAITING) {
            return LobbyChange.OPENED;
        }
        if (c.before() == Status.WAITING && c.after() == Status.ACTIVE) {
            return LobbyChange.FILLED;
        }
        if (c.before() == Status.WAITING && c.after() == Status.FINISHED) {
            return LobbyChange.CANCELLED;
        }
        return null;
    }
}
