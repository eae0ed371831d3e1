package dev.cardtable.platform.game;

import dev.cardtable.engine.EndMove;
import dev.cardtable.engine.Ending;
import dev.cardtable.engine.Player;
import dev.cardtable.engine.Result;
import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Rules;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Standing;
import dev.cardtable.engine.Viewer;
import dev.cardtable.platform.JsonText;
import dev.cardtable.platform.game.view.GameResult;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.Duration;
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

    /** The outcome stored for every seat of an abandoned game. */
    public static final String ABANDONED = "abandoned";

    @Inject
    GameStore store;

    @Inject
    MoveLog moveLog;

    @Inject
    GameCatalog catalog;

    @Inject
    FingerprintStore fingerprints;

    @Inject
    JsonText json;

    @Inject
    Event<MovesApplied> movesApplied;

    @Inject
    Event<GameChanged> changes;

    @Inject
    Clock clock;

    @Inject
    Thinking thinking;

    /** The current time as the server stores it (milliseconds), from the server's {@link Clock}. */
    public Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
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
     * that every instance chooses alike. When a searching seat is to act the moves are computed
     * within {@link Thinking}'s bound (past it {@code 503 server-busy}), and the client of the
     * request pays for each search before it runs (past its budget {@code 429 rate-limited}, and the
     * request changes nothing).
     */
    public <S, M, V> void letComputersMove(Progress<S, M, V> p) {
        if (nextComputer(p).isEmpty()) {
            return;
        }
        boolean searches = p.game().seats().stream().filter(s -> s.kind() == SeatKind.AI)
                .anyMatch(s -> p.type().opponents().iterations(s.aiLevel(), s.aiBudget()) > 0);
        if (searches) {
            thinking.think("computer moves", () -> {
                computersMove(p);
                return null;
            });
        } else {
            computersMove(p);
        }
    }

    private static <S, M, V> Optional<SeatRow> nextComputer(Progress<S, M, V> p) {
        GameRow g = p.game();
        return p.toAct().stream().map(t -> g.seats().get(t.number())).filter(s -> s.kind() == SeatKind.AI).findFirst();
    }

    private <S, M, V> void computersMove(Progress<S, M, V> p) {
        Rules<S, M, V> rules = p.type().rules();
        GameRow g = p.game();
        while (true) {
            Optional<SeatRow> ai = nextComputer(p);
            if (ai.isEmpty()) {
                return;
            }
            Seat seat = Seat.of(ai.get().seat());
            Player<V, M> player = p.type().opponents().player(ai.get().aiLevel(), ai.get().aiBudget());
            Rng rng = Rng.fromSeed("ai:" + Objects.requireNonNullElse(g.seed(), g.id().toString()) + ":"
                    + (p.version() + 1));
            List<M> legal = rules.legalMoves(p.state(), seat);
            if (legal.size() > 1) {
                thinking.pay(p.type().opponents().iterations(ai.get().aiLevel(), ai.get().aiBudget()));
            }
            M move = player.choose(rules.view(p.state(), Viewer.seat(seat)), legal, rng);
            p.play(seat.number(), move, now());
        }
    }

    /**
     * Ends {@code g} on time when its time ran out by {@code now}: the seat whose deadline passed
     * loses on time ({@code {"action":"timeout"}}, logged at the deadline); a game without a clock
     * in which nobody moved since {@code idleBefore} is abandoned ({@code {"action":"abandon"}},
     * logged by the seat to act at the moment it became due). The caller holds the game's lock.
     *
     * @return the game as now stored, or empty when its time had not run out
     */
    public Optional<GameRow> endIfDue(GameRow g, Instant now, Instant idleBefore) {
        if (!due(g, now, idleBefore)) {
            return Optional.empty();
        }
        Instant deadline = g.table().deadline();
        boolean timeout = timedOut(g, now);
        return Optional.of(end(catalog.type(g.type()), g, timeout ? Ending.Kind.TIMEOUT : Ending.Kind.ABANDONED,
                timeout ? deadline : g.updatedAt().plus(Duration.between(idleBefore, now))));
    }

    /**
     * Whether {@link #endIfDue} would end {@code g}: it is active and its seat to act ran out of
     * time by {@code now}, or it has no clock and nobody moved since {@code idleBefore}
     * ({@link Instant#MIN} for never abandoned).
     */
    public static boolean due(GameRow g, Instant now, Instant idleBefore) {
        return g.status() == Status.ACTIVE
                && (timedOut(g, now) || g.table().clock() == null && !g.updatedAt().isAfter(idleBefore));
    }

    private static boolean timedOut(GameRow g, Instant now) {
        Instant deadline = g.table().deadline();
        return deadline != null && !deadline.isAfter(now);
    }

    private <S, M, V> GameRow end(GameType<S, M, V> type, GameRow g, Ending.Kind kind, Instant at) {
        Progress<S, M, V> p = open(type, g);
        List<Integer> toAct = p.toAct().stream().map(Seat::number).toList();
        Integer seat = kind == Ending.Kind.TIMEOUT ? Clocks.running(toAct, g.seats()) : toAct.getFirst();
        p.play(seat, type.rules().parseMove(EndMove.write(kind)), at);
        return save(p);
    }

    /**
     * Writes what {@code p} changed, as {@link #saveIfUnchanged}, on a game the caller holds the
     * lock of (or has just created), which nothing else can change meanwhile.
     *
     * @return the game row as now stored
     */
    public <S, M, V> GameRow save(Progress<S, M, V> p) {
        return saveIfUnchanged(p).orElseThrow(() -> new IllegalStateException("game " + p.game().id()
                + " changed under its lock"));
    }

    /**
     * Writes what {@code p} changed: appends its moves, stores the new state (and status, from
     * {@code p.game()} unless the game is now over), and when the game ends the standings and its
     * fingerprint; notifies live events. A game read without its lock is written only if nothing
     * changed it since ({@link MoveLog#advance}).
     *
     * @return the game row as now stored; empty when another change to the game came first, and
     * nothing was written
     */
    public <S, M, V> Optional<GameRow> saveIfUnchanged(Progress<S, M, V> p) {
        GameRow g = p.game();
        List<MoveRow> rows = p.steps().stream().map(Progress.Step::row).toList();
        Optional<? extends Result> result = p.result();
        List<SeatRow> seats = result.map(r -> standings(g.seats(), r)).orElse(g.seats());
        GameRow.GameUpdate u = update(p, rows);
        if (rows.isEmpty()) {
            store.update(g.id(), u);
        } else if (!moveLog.advance(g, u, rows)) {
            return Optional.empty();
        }
        boolean ends = result.isPresent() && g.status() != Status.FINISHED;
        boolean standings = ends && ended(g, g.after(u, seats), rows, seats);
        GameRow after = g.after(u, standings ? seats : g.seats());
        if (!rows.isEmpty()) {
            movesApplied.fire(new MovesApplied(g.id(), p.version()));
        }
        changes.fire(GameChanged.of(g.status(), after, standings, p.toAct()));
        // A rated game's end wrote its seats' rating changes (docs/ratings.md): the answer shows them.
        return Optional.of(standings ? store.withStoredRatings(after) : after);
    }

    /** The game's changeable columns after {@code p}'s moves ({@code rows}). */
    private <S, M, V> GameRow.GameUpdate update(Progress<S, M, V> p, List<MoveRow> rows) {
        GameRow g = p.game();
        Instant updated = rows.isEmpty() ? g.updatedAt() : rows.getLast().at();
        Optional<? extends Result> result = p.result();
        Status status = result.isPresent() ? Status.FINISHED : g.status();
        return clocked(g, rows, p, status, new GameRow.GameUpdate(status, p.version(),
                json.write(p.state()), result.map(r -> json.write(GameResult.of(r))).orElse(null), updated,
                result.isPresent() ? Objects.requireNonNullElse(g.finishedAt(), updated) : null, null, null));
    }

    /**
     * Game {@code g} has just ended, as {@code after}: its fingerprint, and its seats' standings.
     *
     * @return whether the standings were stored (not for a game that is a stored game over again)
     */
    private boolean ended(GameRow g, GameRow after, List<MoveRow> rows, List<SeatRow> seats) {
        boolean imported = fingerprints.holds(g.id());
        List<MoveRow> log = new ArrayList<>(moveLog.log(g.id(), 0, g.version()));
        log.addAll(rows);
        // A game that ends exactly as another stored game did keeps no fingerprint of its own.
        // Played here from its deal, it is a second real play and counts; resumed from a record,
        // it is that stored game again, so its seats get no standing and it counts once.
        boolean twinOfImport = fingerprints.claim(g.id(), Fingerprints.of(after, log, json)).isPresent() && imported;
        if (!twinOfImport) {
            store.updateSeats(g.id(), seats);
        }
        return !twinOfImport;
    }

    /** {@code u} with the clock run through {@code rows}: started when the game starts, stopped when it ends. */
    private <S, M, V> GameRow.GameUpdate clocked(GameRow g, List<MoveRow> rows, Progress<S, M, V> p, Status status,
                                                 GameRow.GameUpdate u) {
        if (g.table().clock() == null || status == Status.WAITING) {
            return u;
        }
        Clocks.ClockSettings spec = g.table().clock();
        Clocks.State stored = g.table().clockState();
        Clocks.State st = stored == null ? Clocks.start(spec, g.seats().size(), g.updatedAt()) : stored;
        st = Clocks.played(spec, st, rows, g.seats());
        Instant deadline = status == Status.ACTIVE
                ? Clocks.deadline(spec, st, Clocks.running(p.toAct().stream().map(Seat::number).toList(), g.seats()))
                : null;
        return u.withClock(st, deadline);
    }

    private static List<SeatRow> standings(List<SeatRow> seats, Result r) {
        List<Standing> standings = r.standings();
        boolean abandoned = Ending.Kind.ABANDONED.id().equals(r.ending());
        return seats.stream().map(s -> {
            Standing st = standings.get(s.seat());
            if (st.outcome() == null) {
                // An abandoned game is counted apart; an aborted one not at all.
                return abandoned ? s.withStanding(ABANDONED, null) : s;
            }
            return s.withStanding(st.outcome().name().toLowerCase(Locale.ROOT), st.score());
        }).toList();
    }
}
