package dev.cardtable.play;

import dev.cardtable.engine.EndMove;
import dev.cardtable.engine.Ending;
import dev.cardtable.engine.IllegalMove;
import dev.cardtable.engine.MalformedInput;
import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Seat;
import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.JsonText;
import dev.cardtable.platform.game.GameCatalog;
import dev.cardtable.platform.game.GameRow;
import dev.cardtable.platform.game.GameStore;
import dev.cardtable.platform.game.GameType;
import dev.cardtable.platform.game.GameWriter;
import dev.cardtable.platform.game.Progress;
import dev.cardtable.platform.game.Projection;
import dev.cardtable.platform.game.Seating;
import dev.cardtable.platform.game.view.GameView;
import dev.cardtable.play.MovePlan.Applied;
import dev.cardtable.play.MovePlan.Attempt;
import dev.cardtable.play.MovePlan.Decision;
import dev.cardtable.play.MovePlan.EndOnTime;
import dev.cardtable.play.MovePlan.NeedsLock;
import dev.cardtable.play.MovePlan.Overtaken;
import dev.cardtable.play.MovePlan.Play;
import dev.cardtable.play.MovePlan.Read;
import dev.cardtable.play.MovePlan.Reading;
import dev.cardtable.play.MovePlan.Refused;
import dev.cardtable.play.MovePlan.Repeat;
import dev.cardtable.play.MovePlan.Route;
import dev.cardtable.play.MovePlan.TimeExpired;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.annotation.PostConstruct;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.time.Instant;
import java.util.Optional;

/**
 * The move path ({@code POST /api/games/{id}/moves}; {@code docs/architecture.md}, "A move's
 * path"): a plan of steps ({@link MovePlan}). Read the game and the caller's seat, decide from
 * that and the request alone (the caller's move, then the computer seats' replies, on the stored
 * position: no replay), write the log and the game in one statement, answer. Most moves are
 * written without a lock or a transaction, only if the game is still at the version read
 * ({@link dev.cardtable.platform.game.MoveLog#advance}), from the game as this instance last
 * wrote it when it is kept ({@link RecentGames}); a move overtaken by another change is tried
 * again, and a refusal of a kept copy is decided again on the game as stored. A move with an
 * {@code Idempotency-Key}, one that ends the game or finds its time run out, and one overtaken
 * {@value #OPTIMISTIC_ATTEMPTS} times is written under the game's row lock. Either way an error is
 * true of the game as read. Metrics: {@code cardtable.moves.applied}, {@code cardtable.move.latency},
 * {@code cardtable.moves.overtaken}.
 */
@Singleton
public class MoveService {

    /** Optimistic tries of one move before it waits for the game's lock. */
    static final int OPTIMISTIC_ATTEMPTS = 3;

    @Inject
    GameCatalog catalog;

    @Inject
    GameStore store;

    @Inject
    IdempotencyStore idempotency;

    @Inject
    RecentGames recent;

    @Inject
    GameWriter writer;

    @Inject
    Projection projection;

    @Inject
    JsonText json;

    @Inject
    MeterRegistry metrics;

    private Counter overtaken;

    @PostConstruct
    void meters() {
        overtaken = metrics.counter("cardtable.moves.overtaken");
    }

    /**
     * Applies the caller's move and any computer replies.
     *
     * @return the game after the move as the mover sees it, with the entries added
     * @throws GameException any error of {@code docs/api.md}, "Errors" (and the engine's
     *                       {@link IllegalMove}, {@link MalformedInput}); nothing is changed then,
     *                       but for a game that ended on time ({@code time-expired})
     */
    public MoveOutcome move(MoveRequest req) {
        Timer.Sample sample = Timer.start(metrics);
        Route route = req.idempotencyKey() == null ? optimistic(req) : new NeedsLock(prepare(req));
        Applied out = switch (route) {
            case Applied applied -> applied;
            case NeedsLock lock -> locked(req, lock.prepared());
        };
        if (!out.outcome().replayed()) {
            metrics.counter("cardtable.moves.applied", "type", out.type()).increment(out.moves());
            sample.stop(metrics.timer("cardtable.move.latency", "type", out.type()));
        }
        return out.outcome();
    }

    /**
     * Up to {@value #OPTIMISTIC_ATTEMPTS} tries without a lock, the first on the game as this
     * instance last wrote it when it is kept. A refusal of the game as stored is thrown; one of the
     * kept copy is decided again on the game as stored.
     */
    private Route optimistic(MoveRequest req) {
        Optional<RecentGames.Kept> kept = recent.get(req.gameId());
        for (int i = 0; i < OPTIMISTIC_ATTEMPTS; i++) {
            boolean fromCopy = kept.isPresent();
            Reading reading = fromCopy ? read(req, kept.get().game(), kept.get().state(), true, false)
                    : read(req, store.find(req.gameId()).orElseThrow(GameException::gameNotFound), null, false, false);
            Attempt tried = attempt(req, reading, null);
            kept = Optional.empty();
            switch (tried) {
                case Applied applied -> {
                    recent.wrote(applied.after(), applied.state());
                    return applied;
                }
                case NeedsLock lock -> {
                    return lock;
                }
                case Overtaken o -> {
                    recent.forget(req.gameId());
                    if (!fromCopy) {
                        overtaken.increment(); // read again
                    }
                }
                case Refused refused -> {
                    if (!fromCopy) {
                        throw refused.reason();
                    }
                    recent.forget(req.gameId());
                }
                case TimeExpired expired -> throw new IllegalStateException("a game ends on time only under its lock");
            }
        }
        return new NeedsLock(null);
    }

    /**
     * The move in a transaction holding the game's row lock, with what was computed without it
     * ({@code prepared}, or null). A move too late ends the game on time and is refused; that end
     * commits. The game's kept copy is forgotten: this move may change it.
     */
    private Applied locked(MoveRequest req, PreparedMove prepared) {
        recent.forget(req.gameId());
        Attempt tried = QuarkusTransaction.joiningExisting().call(() -> {
            GameRow g = store.lock(req.gameId()).orElseThrow(GameException::gameNotFound);
            return attempt(req, read(req, g, null, false, true), prepared);
        });
        return switch (tried) {
            case Applied applied -> applied;
            case Refused refused -> throw refused.reason();
            case TimeExpired expired -> throw expired.refusal();
            case Overtaken o -> throw new IllegalStateException("a move under its game's lock was overtaken");
            case NeedsLock lock -> throw new IllegalStateException("a move under its game's lock asked for it");
        };
    }

    /**
     * A move with an {@code Idempotency-Key} computed on the game read without its lock, so that
     * no connection is held while computer seats think; null when it cannot be (a refusal, or time
     * run out, are then decided under the lock).
     */
    private PreparedMove prepare(MoveRequest req) {
        Optional<GameRow> g = store.find(req.gameId());
        if (g.isEmpty() || !(read(req, g.get(), null, false, false) instanceof Read read)) {
            return null;
        }
        return decide(req, read, writer.now(), null) instanceof Play play
                ? new PreparedMove(read.game(), read.seat(), play.progress()) : null;
    }

    /**
     * The read step: the caller's seat at {@code g}, and under the lock, for a request with an
     * {@code Idempotency-Key}, the response stored for it.
     */
    private Reading read(MoveRequest req, GameRow g, Object state, boolean kept, boolean locked) {
        int seat;
        try {
            seat = Seating.authenticate(g, req.credential(), true);
        } catch (GameException e) {
            return new Refused(e);
        }
        if (req.move() == null) {
            return new Refused(GameException.malformed("a JSON object body is required"));
        }
        IdempotencyStore.Stored prior = locked && req.idempotencyKey() != null
                ? idempotency.find(g.id(), seat, req.idempotencyKey()).orElse(null) : null;
        return new Read(g, state, seat, kept, locked, prior);
    }

    /** One try on what was read: decide, then write. */
    private Attempt attempt(MoveRequest req, Reading reading, PreparedMove prepared) {
        if (reading instanceof Refused refused) {
            return refused;
        }
        Read read = (Read) reading;
        Instant now = writer.now();
        return switch (decide(req, read, now, prepared)) {
            case Play play when play.ends() && !read.locked() ->
                    new NeedsLock(new PreparedMove(read.game(), read.seat(), play.progress()));
            case Play play -> write(req, play);
            case Repeat repeat -> new Applied(new MoveOutcome(read.prior().response(), null, true), read.game().type(), 0,
                    read.game(), null);
            case EndOnTime end -> writer.endIfDue(read.game(), now, Instant.MIN)
                    .<Attempt>map(ended -> new TimeExpired(read.game().table().deadline()))
                    .orElseThrow(() -> new IllegalStateException("a game due on time did not end"));
            case NeedsLock lock -> lock;
            case Refused refused -> refused;
        };
    }

    /**
     * The decide step, from what was read and the request alone: the moves to write, or why not.
     * The engine's refusals ({@link IllegalMove}, {@link MalformedInput}) become {@link Refused}.
     */
    private Decision decide(MoveRequest req, Read read, Instant now, PreparedMove prepared) {
        try {
            return decide(catalog.type(read.game().type()), req, read, now, prepared);
        } catch (GameException | IllegalMove | MalformedInput e) {
            return new Refused(e);
        }
    }

    @SuppressWarnings("unchecked")
    private <S, M, V> Decision decide(GameType<S, M, V> type, MoveRequest req, Read read, Instant now,
                                      PreparedMove prepared) {
        GameRow g = read.game();
        if (read.prior() != null) {
            return read.prior().requestHash().equals(requestHash(req)) ? new Repeat(read) : new Refused(new GameException(
                    Failure.IDEMPOTENCY_KEY_REUSED, "this Idempotency-Key was already used with a different body"));
        }
        M move = type.rules().parseMove(req.move());
        Ending.Kind ending = EndMove.parse(req.move());
        if (ending != null && !ending.byPlayer()) {
            return new Refused(new GameException(Failure.ILLEGAL_MOVE, "\"" + ending.action() + "\" is written by the server, not played"));
        }
        RatedGames.checkAbort(type, g, ending);
        if (GameWriter.due(g, now, Instant.MIN)) {
            return read.locked() ? new EndOnTime(read) : new NeedsLock(null);
        }
        GameException.requireActive(g.status());
        Optional<GameException> stale = req.expected() == null ? Optional.empty() : req.expected().refusal(g.changes());
        if (stale.isPresent()) {
            return new Refused(stale.get());
        }
        if (read.locked() && prepared != null && prepared.holdsFor(g, read.seat())) {
            return new Play(read, prepared.progress()); // computed on this very game, without the lock
        }
        Progress<S, M, V> p = read.state() == null ? writer.open(type, g)
                : writer.open(type, g, type.rules().stateType().cast(read.state()));
        if (ending == null && !p.toAct().contains(Seat.of(read.seat()))) {
            return new Refused(new GameException(Failure.NOT_YOUR_TURN, "seat " + read.seat() + " may not act now"));
        }
        p.play(read.seat(), move, now);
        writer.letComputersMove(p);
        return new Play(read, p);
    }

    /** The write step: the moves and the game's new state in one statement, then the answer. */
    private Attempt write(MoveRequest req, Play play) {
        Read read = play.read();
        Optional<GameRow> saved = writer.saveIfUnchanged(play.progress());
        if (saved.isEmpty()) {
            return new Overtaken();
        }
        GameRow after = saved.get();
        GameView view = projection.moved(play.progress(), after, read.seat());
        MoveOutcome outcome = new MoveOutcome(json.write(view), view, false);
        if (req.idempotencyKey() != null) {
            idempotency.save(after.id(), read.seat(), req.idempotencyKey(), requestHash(req), outcome.body(), writer.now());
        }
        // The seats taken are counted in both versions too, and no move changes them.
        return new Applied(outcome, after.type(), after.changes() - read.game().changes(), after, play.progress().state());
    }

    /** Key order and white space do not make another request. */
    private String requestHash(MoveRequest req) {
        return Rng.sha256Hex(json.canonicalOf(req.move()));
    }
}
