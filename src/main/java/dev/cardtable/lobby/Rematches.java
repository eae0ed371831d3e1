package dev.cardtable.lobby;

import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.JsonText;
import dev.cardtable.platform.game.Clocks;
import dev.cardtable.platform.game.GameRow;
import dev.cardtable.platform.game.GameStore;
import dev.cardtable.platform.game.RegisteredPlayers;
import dev.cardtable.platform.game.PlayerRow;
import dev.cardtable.platform.game.SeatCredential;
import dev.cardtable.platform.game.SeatKind;
import dev.cardtable.platform.game.SeatRow;
import dev.cardtable.platform.game.Seating;
import dev.cardtable.platform.game.Status;
import dev.cardtable.platform.game.view.GameView;
import dev.cardtable.play.NewGame;
import dev.cardtable.play.NewGames;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.transaction.Transactional;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Rematches ({@code POST /api/games/{id}/rematch}): a finished game played again by the same
 * players in swapped seats, with the same type, ruleset, options and clock, rated when the game was (a game of two
 * seats: a solo rated game is the player against its deal, which a rematch does not replay), and a fresh secret
 * seed. The caller sits at once; every other human seat is kept for the player who held it, who
 * accepts with the same request (their token of the finished game); nobody else may take it
 * ({@code seat-reserved}). Computer seats keep their level and budget. Each game has at most one rematch, and the two
 * games name each other ({@code rematch}, {@code rematchOf}).
 */
@Singleton
public class Rematches {

    @Inject
    GameStore store;

    @Inject
    NewGames creation;

    @Inject
    JsonText json;

    @Inject
    RegisteredPlayers players;

    /**
     * The outcome of a rematch request.
     *
     * @param game    the rematch as the caller sees it, with the caller's new seat token
     * @param created true when this request created it, false when the caller accepted it
     */
    public record Rematch(GameView game, boolean created) {
    }

    /**
     * Creates the rematch of finished game {@code id} for the seat whose token {@code credential}
     * carries, or, when it exists and keeps a seat for that player, seats the caller there
     * (accepting it).
     *
     * @throws GameException {@code game-not-found}, {@code unauthenticated}, {@code game-not-over}
     *                       while the game runs, {@code game-not-started} for a game called off
     *                       before every seat was taken, {@code rematch-exists} (with {@code gameId}) when
     *                       the rematch exists and keeps no seat for the caller,
     *                       {@code registration-ended} when a verified seat's player revoked its
     *                       registration since the game
     */
    @Transactional
    public Rematch rematch(UUID id, SeatCredential credential) {
        GameRow g = store.lock(id).orElseThrow(GameException::gameNotFound);
        int caller = Seating.authenticate(g, credential, true);
        if (g.status() != Status.FINISHED) {
            throw new GameException(Failure.GAME_NOT_OVER, "a rematch follows a finished game; this one is " + g.status().id());
        }
        if (g.table().rematch() != null) {
            return new Rematch(accept(g, caller), false);
        }
        if (g.seats().stream().anyMatch(s -> s.kind() == SeatKind.OPEN)) {
            throw new GameException(Failure.GAME_NOT_STARTED, "this game was called off before every seat was taken: there is "
                    + "nobody to offer a rematch to; open a new game instead");
        }
        refuseEndedRegistrations(g);
        int n = g.seats().size();
        List<Seating.SeatSpec> seats = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            SeatRow old = g.seats().get(n - 1 - i);
            seats.add(old.kind() == SeatKind.AI ? new Seating.SeatSpec(null, old.aiLevel(), old.aiBudget(), null)
                    : old.seat() == caller ? new Seating.SeatSpec(old.name(), null, null, null)
                    : new Seating.SeatSpec(null, null, null, true));
        }
        Clocks.ClockSettings clock = g.table().clock();
        GameView next = creation.create(new NewGame(g.type(), g.ruleset(), null, json.stringMap(g.options()),
                null, seats, clock, g.id(), false, player(g.seats().get(caller)),
                // A solo rated game is the player against its deal, which the rematch does not replay.
                g.rated() && g.seats().size() > 1));
        if (!store.linkRematch(g.id(), next.id())) {
            throw new IllegalStateException("game " + g.id() + " got a rematch while locked");
        }
        return new Rematch(next, true);
    }

    /** Seats seat {@code caller} of finished game {@code old} in the seat its rematch keeps for it. */
    private GameView accept(GameRow old, int caller) {
        refuseEndedRegistrations(old);
        UUID id = old.table().rematch();
        GameRow next = store.lockForSeating(id).orElseThrow(GameException::gameNotFound);
        int kept = next.seats().size() - 1 - caller;
        if (next.status() != Status.WAITING || next.seats().get(kept).kind() != SeatKind.OPEN) {
            throw new GameException(Failure.REMATCH_EXISTS, "this game already has a rematch, which keeps no open seat for you"
                    + " (it is " + next.status().id() + ")", Map.of("gameId", id.toString()));
        }
        return creation.seat(next, kept, old.seats().get(caller).name(), player(old.seats().get(caller)));
    }

    /**
     * Refuses a rematch of {@code g} when a player it would keep verified revoked its registration
     * since: that seat would be verified for a registration that no longer stands.
     *
     * @throws GameException {@code registration-ended}
     */
    private void refuseEndedRegistrations(GameRow g) {
        for (SeatRow s : g.seats()) {
            if (s.verified() && players.byId(s.playerId()).isEmpty()) {
                throw new GameException(Failure.REGISTRATION_ENDED, "the registration of " + s.name() + ", who held seat "
                        + s.seat() + ", was revoked: a rematch keeps each player's verified seat, and there is none to keep;"
                        + " open a new game instead");
            }
        }
    }

    /** A verified seat's player, who stays verified in the rematch: the seat's token was handed to its key. */
    private static PlayerRow player(SeatRow old) {
        return old.verified() ? new PlayerRow(old.playerId(), old.name(), null) : null;
    }
}
