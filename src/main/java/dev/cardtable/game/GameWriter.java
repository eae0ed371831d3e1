package dev.cardtable.game;

import dev.cardtable.engine.Player;
import dev.cardtable.engine.Result;
import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Rules;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Standing;
import dev.cardtable.engine.Viewer;
import dev.cardtable.game.record.Fingerprints;
import dev.cardtable.game.view.GameResult;
import dev.cardtable.store.FingerprintStore;
import dev.cardtable.store.GameRow;
import dev.cardtable.store.GameStore;
import dev.cardtable.store.MoveRow;
import dev.cardtable.store.SeatKind;
import dev.cardtable.store.SeatRow;
import dev.cardtable.store.Status;
import jakarta.inject.Singleton;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * The write half of a game's life, shared by creating, seating, moving and importing: opens a
 * locked or new game at its stored position, lets computer seats reply, and writes the moves, the
 * new state and, at the end, the standings and the record fingerprint. Callers hold the
 * transaction.
 */
@Singleton
public class GameWriter {

    @Inject
    GameStore store;

    @Inject
    FingerprintStore fingerprints;

    @Inject
    JsonText json;

    @Inject
    Event<MovesApplied> movesApplied;

    /** The current time as the server stores it (milliseconds). */
    public static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }

    /** Game {@code game} at its stored position, ready for moves: no replay. */
    public <S, M, V> Progress<S, M, V> open(GameType<S, M, V> type, GameRow game) {
        return new Progress<>(type, game, json.read(game.state(), type.rules().stateType()), json);
    }

    /** A new game at {@code state}, ready for moves. */
    public <S, M, V> Progress<S, M, V> open(GameType<S, M, V> type, GameRow game, S state) {
        return new Progress<>(type, game, state, json);
    }

    /**
     * Lets computer seats move while one is to act ({@code dazzle.md}, "Computer opponents"): each
     * chooses from its own view with its own generator, seeded by the game and the move number so
     * that every instance chooses alike.
     */
    public <S, M, V> void letComputersMove(Progress<S, M, V> p) {
        Rules<S, M, V> rules = p.type().rules();
        GameRow g = p.game();
        while (true) {
            Optional<SeatRow> ai = p.toAct().stream().map(t -> g.seats().get(t.number()))
                    .filter(s -> s.kind() == SeatKind.AI).findFirst();
            if (ai.isEmpty()) {
                return;
            }
            Seat seat = Seat.of(ai.get().seat());
            Player<V, M> player = p.type().opponents().player(ai.get().aiLevel(), ai.get().aiBudget());
            Rng rng = Rng.fromSeed("ai:" + Objects.requireNonNullElse(g.seed(), g.id().toString()) + ":"
                    + (p.version() + 1));
            M move = player.choose(rules.view(p.state(), Viewer.seat(seat)), rules.legalMoves(p.state(), seat), rng);
            p.play(seat.number(), move, now());
        }
    }

    /**
     * Writes what {@code p} changed: appends its moves, stores the new state (and status, from
     * {@code p.game()} unless the game is now over), and when the game ends the standings and its
     * fingerprint; notifies live events.
     *
     * @return the game row as now stored
     */
    public <S, M, V> GameRow save(Progress<S, M, V> p) {
        GameRow g = p.game();
        List<MoveRow> rows = p.steps().stream().map(Progress.Step::row).toList();
        Instant updated = rows.isEmpty() ? g.updatedAt() : rows.get(rows.size() - 1).at();
        Optional<? extends Result> result = p.result();
        boolean ends = result.isPresent() && g.status() != Status.FINISHED;
        List<SeatRow> seats = result.map(r -> standings(g.seats(), r)).orElse(g.seats());
        GameRow.GameUpdate u = new GameRow.GameUpdate(result.isPresent() ? Status.FINISHED : g.status(), p.version(),
                json.write(p.state()), result.map(r -> json.write(GameResult.completed(r))).orElse(null), updated,
                result.isPresent() ? Objects.requireNonNullElse(g.finishedAt(), updated) : null);
        store.append(g.id(), rows);
        store.update(g.id(), u);
        GameRow after = g.after(u, seats);
        if (ends) {
            boolean imported = fingerprints.holds(g.id());
            List<MoveRow> log = new ArrayList<>(store.log(g.id(), 0, g.version()));
            log.addAll(rows);
            // A game that ends exactly as another stored game did keeps no fingerprint of its own.
            // Played here from its deal, it is a second real play and counts; resumed from a record,
            // it is that stored game again, so its seats get no standing and it counts once.
            boolean twinOfImport = fingerprints.claim(g.id(), Fingerprints.of(after, log, json)).isPresent() && imported;
            if (!twinOfImport) {
                store.updateSeats(g.id(), seats);
            }
        }
        if (!rows.isEmpty()) {
            movesApplied.fire(new MovesApplied(g.id(), p.version()));
        }
        return after;
    }

    private static List<SeatRow> standings(List<SeatRow> seats, Result r) {
        List<Standing> standings = r.standings();
        return seats.stream().map(s -> {
            Standing st = standings.get(s.seat());
            return s.withStanding(st.outcome().name().toLowerCase(Locale.ROOT), st.score());
        }).toList();
    }
}
