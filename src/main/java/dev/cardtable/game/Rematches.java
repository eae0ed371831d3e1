package dev.cardtable.game;

import dev.cardtable.game.view.GameView;
import dev.cardtable.store.GameRow;
import dev.cardtable.store.GameStore;
import dev.cardtable.store.SeatKind;
import dev.cardtable.store.SeatRow;
import dev.cardtable.store.Status;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.transaction.Transactional;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Rematches ({@code POST /api/games/{id}/rematch}): a finished game played again by the same
 * players in swapped seats, with the same type, ruleset, options and clock, and a fresh secret
 * seed. The caller sits at once; every other human seat is open for its player to accept by taking
 * it; computer seats keep their level and budget. Each game has at most one rematch, and the two
 * games name each other ({@code rematch}, {@code rematchOf}).
 */
@Singleton
public class Rematches {

    @Inject
    GameStore store;

    @Inject
    GameCreation creation;

    @Inject
    JsonText json;

    /**
     * Creates the rematch of finished game {@code id} for the seat whose token {@code authorization} carries.
     *
     * @return the new game as the caller sees it, with the caller's new seat token
     * @throws GameException {@code game-not-found}, {@code unauthenticated}, {@code game-not-over}
     *                       while the game runs, {@code rematch-exists} (with {@code gameId}) when
     *                       a rematch was already made
     */
    @Transactional
    public GameView rematch(UUID id, String authorization) {
        GameRow g = store.lock(id).orElseThrow(GameException::gameNotFound);
        int caller = Seating.authenticate(g, authorization, true);
        if (g.status() != Status.FINISHED) {
            throw new GameException(Failure.GAME_NOT_OVER, "a rematch follows a finished game; this one is " + g.status().id());
        }
        if (g.table().rematch() != null) {
            throw new GameException(Failure.REMATCH_EXISTS, "this game already has a rematch",
                    Map.of("gameId", g.table().rematch().toString()));
        }
        int n = g.seats().size();
        List<Seating.SeatSpec> seats = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            SeatRow old = g.seats().get(n - 1 - i);
            seats.add(old.kind() == SeatKind.AI ? new Seating.SeatSpec(null, old.aiLevel(), old.aiBudget(), null)
                    : old.seat() == caller ? new Seating.SeatSpec(old.name(), null, null, null)
                    : new Seating.SeatSpec(null, null, null, true));
        }
        Clocks.ClockSettings clock = g.table().clock() == null ? null : json.read(g.table().clock(), Clocks.ClockSettings.class);
        // A verified caller stays verified: its seat token was handed to its player's key.
        SeatRow own = g.seats().get(caller);
        dev.cardtable.store.PlayerRow player = own.verified() ? new dev.cardtable.store.PlayerRow(own.playerId(), own.name(), null) : null;
        GameView next = creation.create(new GameCreation.NewGame(g.type(), g.ruleset(), null, json.stringMap(g.options()),
                null, seats, clock, g.id(), false, player));
        store.linkRematch(g.id(), next.id());
        return next;
    }
}
