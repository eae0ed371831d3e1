package dev.cardtable.play;

import dev.cardtable.engine.EndMove;
import dev.cardtable.engine.Ending;
import dev.cardtable.platform.Credentials;
import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.JsonText;
import dev.cardtable.platform.Names;
import dev.cardtable.platform.db.Db;
import dev.cardtable.platform.game.GameCatalog;
import dev.cardtable.platform.game.GameChanged;
import dev.cardtable.platform.game.GameRow;
import dev.cardtable.platform.game.GameStore;
import dev.cardtable.platform.game.GameType;
import dev.cardtable.platform.game.GameWriter;
import dev.cardtable.platform.game.PlayerRow;
import dev.cardtable.platform.game.Progress;
import dev.cardtable.platform.game.Projection;
import dev.cardtable.platform.game.RegisteredPlayers;
import dev.cardtable.platform.game.SeatCredential;
import dev.cardtable.platform.game.SeatKind;
import dev.cardtable.platform.game.SeatRow;
import dev.cardtable.platform.game.Seating;
import dev.cardtable.platform.game.Status;
import dev.cardtable.platform.game.view.Credential;
import dev.cardtable.platform.game.view.GameView;
import dev.cardtable.players.PlayerRevoked;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.transaction.Transactional;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Taking the open seats of waiting games, and cancelling them ({@code docs/api.md}, "Lobby"). When
 * the last open seat is taken the game starts, and computer seats that are to act move at once. A
 * player's waiting games, and the rematches waiting for it, are cancelled when its key is revoked.
 */
@Singleton
public class OpenSeats {

    private final GameCatalog catalog;
    private final GameStore store;
    private final GameWriter writer;
    private final Projection projection;
    private final JsonText json;
    private final Event<GameChanged> changes;
    private final RegisteredPlayers players;
    private final RatedGames rated;
    private final Db db;

    /**
     * The games still waiting for players in which player (?) holds a seat verified by its key: from
     * the {@code player_games} read model by {@code player_games_running_idx}, which holds only the
     * games not yet ended, so it reads no finished game however many the player has.
     */
    static final String WAITING_GAMES = "select game_id from player_games where player_id = ? and status = 'waiting'";

    /**
     * The rematches still waiting in which a seat is kept for player (?), with that player's seat in
     * the finished game they were made from: by {@code games_waiting_rematch_idx}, which holds only
     * the waiting rematches, and each one's old seats by key.
     */
    static final String WAITING_REMATCHES = "select r.id, s.seat from games r join seats s on s.game_id = r.rematch_of"
            + " and s.player_id = ? where r.status = 'waiting' and r.rematch_of is not null";

    @Inject
    OpenSeats(GameCatalog catalog, GameStore store, GameWriter writer, Projection projection, JsonText json,
              Event<GameChanged> changes, RegisteredPlayers players, RatedGames rated, Db db) {
        this.catalog = catalog;
        this.store = store;
        this.writer = writer;
        this.projection = projection;
        this.json = json;
        this.changes = changes;
        this.players = players;
        this.rated = rated;
        this.db = db;
    }

    /**
     * Takes an open seat ({@code POST /api/games/{id}/seats/{seat}}). When it was the last open
     * seat the game starts, and computer seats that are to act move at once.
     *
     * @param playerKey the {@code X-Player-Key} header, or null: with it the seat is verified
     * @return the game as the new seat sees it, with the seat's token
     * @throws GameException {@code game-not-found}, {@code seat-taken}, {@code game-over} for a
     *                       cancelled game, {@code seat-reserved} for a seat of a rematch (with
     *                       {@code gameId}, the game its player accepts it from),
     *                       {@code malformed-request}, {@code player-key-invalid},
     *                       {@code player-key-mismatch}, {@code name-registered} (also for a
     *                       registered player who holds another seat of the game),
     *                       {@code rated-seat-unverified} for a rated game taken without a key,
     *                       {@code rating-out-of-range} for a player whose rating its range does not admit
     */
    @Transactional
    public GameView takeSeat(UUID id, int seat, String name, String playerKey) {
        GameRow g = store.lockForSeating(id).orElseThrow(GameException::gameNotFound);
        PlayerRow holder = players.holder(playerKey).orElse(null);
        if (name == null) {
            throw GameException.malformed("a JSON body with 'name' is required");
        }
        Names.check(name);
        if (seat < 0 || seat >= g.seats().size()) {
            throw GameException.malformed("seat must be 0 to " + (g.seats().size() - 1));
        }
        if (g.status() == Status.FINISHED) {
            throw new GameException(Failure.GAME_OVER, "the game is over: " + howItEnded(g));
        }
        if (g.seats().get(seat).kind() != SeatKind.OPEN) {
            throw new GameException(Failure.SEAT_TAKEN, "seat " + seat + " is not open");
        }
        if (g.table().rematchOf() != null) {
            throw new GameException(Failure.SEAT_RESERVED, "seat " + seat + " of a rematch is kept for its player in game "
                    + g.table().rematchOf() + ", who accepts with POST /api/games/" + g.table().rematchOf() + "/rematch",
                    Map.of("gameId", g.table().rematchOf().toString()));
        }
        return seat(g, seat, name, holder);
    }

    /**
     * Seats {@code name} (verified by {@code holder}, the player whose key came with the request,
     * or null) at open seat {@code seat} of {@code g}, locked by the caller; see {@link NewGames#seat}.
     */
    public GameView seat(GameRow g, int seat, String name, PlayerRow holder) {
        UUID id = g.id();
        String token = Credentials.newToken();
        List<SeatRow> seats = new ArrayList<>(g.seats());
        seats.set(seat, players.verifySeat(Seating.human(seat, name, token), holder));
        UUID player = seats.get(seat).playerId();
        if (player != null && g.seats().stream().anyMatch(s -> player.equals(s.playerId()))) {
            throw new GameException(Failure.NAME_REGISTERED, "'" + name + "' holds another seat of this game: a registered "
                    + "player holds at most one seat of a game");
        }
        if (g.rated()) {
            RatedGames.checkRatedSeat(seats.get(seat));
            rated.checkRange(g, seats.get(seat));
        }
        store.updateSeats(id, List.of(seats.get(seat)));
        Instant now = writer.now();
        store.seatTaken(id, now);
        boolean starts = seats.stream().noneMatch(s -> s.kind() == SeatKind.OPEN);
        GameRow taken = g.seatTaken(seats, now);
        GameRow seated = starts ? taken.after(taken.update().withStatus(Status.ACTIVE, now), seats) : taken;
        changes.fire(GameChanged.of(g.status(), seated, true, List.of()));
        // A rated game's new seat now shows its player's rating (docs/ratings.md).
        return start(catalog.type(g.type()), store.withStoredRatings(seated), starts, seat)
                .withCredentials(List.of(new Credential(seat, token)));
    }

    /**
     * Cancels a game still waiting for players ({@code POST /api/games/{id}/cancel}): the caller's
     * seat aborts it ({@code {"action":"abort"}} in the log), so it is finished with no outcome.
     *
     * @return the game as the caller now sees it
     * @throws GameException {@code game-not-found}, {@code unauthenticated} (a seat token of the
     *                       game is required), {@code not-waiting} once the game has started or ended
     */
    @Transactional
    public GameView cancel(UUID id, SeatCredential credential) {
        GameRow g = store.lock(id).orElseThrow(GameException::gameNotFound);
        int seat = Seating.canceller(g, credential);
        if (g.status() != Status.WAITING) {
            throw new GameException(Failure.NOT_WAITING, "only a game waiting for players can be cancelled; it is "
                    + g.status().id());
        }
        return abort(catalog.type(g.type()), g, seat);
    }

    /**
     * A revoked player's games still waiting for players are cancelled with its registration, in its
     * transaction, as its seat would cancel them ({@code docs/api.md}, "Registered players"): a game
     * waiting under a name that is no longer registered would be joined as a verified player's. A
     * game whose last seat was taken meanwhile has started and is left to be played. So are the
     * rematches waiting for it to accept them, which nobody else may.
     */
    void revoked(@Observes PlayerRevoked event) {
        List<UUID> games = db.work(c -> {
            List<UUID> found = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(WAITING_GAMES)) {
                ps.setObject(1, event.playerId());
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        found.add(rs.getObject(1, UUID.class));
                    }
                }
            }
            return found;
        });
        // The player's seat is read from the game as locked, as its seat's own cancel would be.
        for (UUID id : games) {
            store.lock(id).filter(g -> g.status() == Status.WAITING).ifPresent(g -> g.seats().stream()
                    .filter(s -> event.playerId().equals(s.playerId())).findFirst()
                    .ifPresent(s -> abort(catalog.type(g.type()), g, s.seat())));
        }
        // A rematch keeping a seat for the player has nobody left to accept it: its kept seat (the
        // player's old seat, reversed) calls it off, unless it was taken or the rematch ended meanwhile.
        Map<UUID, Integer> rematches = db.work(c -> {
            Map<UUID, Integer> found = new java.util.LinkedHashMap<>();
            try (PreparedStatement ps = c.prepareStatement(WAITING_REMATCHES)) {
                ps.setObject(1, event.playerId());
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        found.put(rs.getObject(1, UUID.class), rs.getInt(2));
                    }
                }
            }
            return found;
        });
        rematches.forEach((id, oldSeat) -> store.lock(id).filter(g -> g.status() == Status.WAITING).ifPresent(g -> {
            int kept = g.seats().size() - 1 - oldSeat;
            if (g.seats().get(kept).kind() == SeatKind.OPEN) {
                abort(catalog.type(g.type()), g, kept);
            }
        }));
    }

    private <S, M, V> GameView abort(GameType<S, M, V> type, GameRow g, int seat) {
        Progress<S, M, V> p = writer.open(type, g);
        p.play(seat, type.rules().parseMove(EndMove.write(Ending.Kind.ABORTED)), writer.now());
        GameRow stored = writer.save(p);
        return projection.game(type, stored, p.state(), seat);
    }

    private <S, M, V> GameView start(GameType<S, M, V> type, GameRow g, boolean starts, int seat) {
        Progress<S, M, V> p = writer.open(type, g);
        GameRow stored = g;
        if (starts) {
            writer.letComputersMove(p);
            stored = writer.save(p);
        }
        return projection.game(type, stored, p.state(), seat);
    }

    /** How finished game {@code g} ended, in words, from its result's {@code ending}. */
    private String howItEnded(GameRow g) {
        String ending = g.result() == null ? null : json.tree(g.result()).path("ending").asText(null);
        return switch (ending == null ? "" : ending) {
            case "aborted" -> g.seats().stream().anyMatch(s -> s.kind() == SeatKind.OPEN)
                    ? "it was cancelled while waiting" : "it was aborted";
            case "completed" -> "it was played to the end";
            case "resigned" -> "a seat resigned";
            case "timeout" -> "a seat ran out of time";
            case "abandoned" -> "it was abandoned";
            default -> "it has ended";
        };
    }
}
