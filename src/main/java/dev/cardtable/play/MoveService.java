package dev.cardtable.play;

import dev.cardtable.engine.EndMove;
import dev.cardtable.engine.Ending;
import dev.cardtable.engine.IllegalMove;
import dev.cardtable.engine.MalformedInput;
import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Rules;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Viewer;
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
import dev.cardtable.platform.game.view.LogItem;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.narayana.jta.TransactionExceptionResult;
import jakarta.annotation.PostConstruct;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The move path ({@code POST /api/games/{id}/moves}): apply the caller's move to the stored
 * position, let computer seats reply, append the log and update the game, with no replay and
 * without reading the log. Metrics {@code cardtable.moves.applied}, {@code cardtable.move.latency}
 * and {@code cardtable.moves.overtaken} (optimistic tries that another change came before) are
 * recorded here.
 *
 * <p>Most moves are written optimistically: the game is read without a lock or a transaction,
 * and the log's append and the game's update are one statement that applies only if the game
 * is still at the version read ({@link dev.cardtable.platform.game.MoveLog#advance}); when another change
 * came first the move is tried again from the game as it is now. That is two statements and no
 * {@code BEGIN}/{@code COMMIT}; one, when this instance wrote the game's last move: the game as
 * it wrote it ({@link RecentGames}) stands in for the read, and the write's version check makes
 * that safe. A move refused on such a copy is decided again on the game as stored, so that
 * every refusal is true of the game as stored at some moment. A move with an
 * {@code Idempotency-Key}, one that finds its seat's time run out, one that ends the game, and one
 * overtaken {@value #OPTIMISTIC_ATTEMPTS} times instead runs in a transaction holding the game's
 * row lock, since it writes more than the game and its log. Both ways give the same answers: an error reflects the game as read, a
 * moment that did happen.
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
     * @throws GameException any error of {@code docs/api.md}, "Errors"; nothing is changed then
     */
    public MoveOutcome move(MoveRequest req) {
        Timer.Sample sample = Timer.start(metrics);
        Applied out = null;
        PreparedMove prepared = null;
        boolean optimistic = req.idempotencyKey() == null;
        Optional<RecentGames.Kept> kept = optimistic ? recent.get(req.gameId()) : Optional.empty();
        for (int i = 0; i < OPTIMISTIC_ATTEMPTS && out == null && optimistic; i++) {
            RecentGames.Kept g = kept.orElseGet(() -> RecentGames.Kept.read(
                    store.find(req.gameId()).orElseThrow(GameException::gameNotFound)));
            try {
                Optional<Applied> tried = attempt(req, g, false);
                if (tried.isEmpty()) {
                    break; // the move needs the lock
                }
                out = tried.get();
                recent.wrote(out.after(), out.state());
            } catch (PreparedMove.NeedsLock e) {
                prepared = e.prepared();
                break;
            } catch (GameWriter.Overtaken e) {
                recent.forget(req.gameId());
                if (kept.isEmpty()) {
                    overtaken.increment(); // read again
                }
            } catch (GameException | IllegalMove | MalformedInput e) {
                // A refusal (never thrown once the move is written) is decided again on the game
                // as stored; any other failure is not a refusal and is not retried.
                if (kept.isEmpty()) {
                    throw e;
                }
                recent.forget(req.gameId());
            }
            kept = Optional.empty();
        }
        if (out == null) {
            recent.forget(req.gameId());
            if (!optimistic) {
                prepared = prepare(req);
            }
            out = locked(req, prepared);
        }
        if (!out.outcome().replayed()) {
            metrics.counter("cardtable.moves.applied", "type", out.type()).increment(out.moves());
            sample.stop(metrics.timer("cardtable.move.latency", "type", out.type()));
        }
        return out.outcome();
    }

    /**
     * A move's outcome with what the metrics count: the game type and the moves it added; and the
     * game as now stored with its state (for a retry: as read, state null).
     */
    private record Applied(MoveOutcome outcome, String type, int moves, GameRow after, Object state) {
    }

    /**
     * The move in a transaction holding the game's row lock. A move too late ends the game on time
     * and is refused; that end commits.
     */
    private Applied locked(MoveRequest req, PreparedMove prepared) {
        return QuarkusTransaction.joiningExisting()
                .exceptionHandler(e -> e instanceof TimeExpired ? TransactionExceptionResult.COMMIT
                        : TransactionExceptionResult.ROLLBACK)
                .call(() -> attempt(req, RecentGames.Kept.read(
                        store.lock(req.gameId()).orElseThrow(GameException::gameNotFound)), true, prepared).orElseThrow());
    }

    /**
     * A move with an {@code Idempotency-Key} computed on the game read without its lock, so that
     * no connection is held while computer seats think; null when it cannot be (a refusal, a
     * repeated key, or time run out are then decided under the lock).
     */
    private PreparedMove prepare(MoveRequest req) {
        try {
            GameRow g = store.find(req.gameId()).orElse(null);
            if (g == null) {
                return null;
            }
            int seat = Seating.authenticate(g, req.credential(), true);
            apply(catalog.type(g.type()), RecentGames.Kept.read(g), seat, req, false, null, true);
            return null;
        } catch (PreparedMove.NeedsLock e) {
            return e.prepared();
        } catch (GameException | IllegalMove | MalformedInput e) {
            return null;
        }
    }

    /**
     * One try of the move on {@code read}, read with its lock or without or kept from this
     * instance's last write (its state then given too).
     *
     * @return empty when, read without the lock, the move needs it
     * @throws GameWriter.Overtaken when, read without the lock, another change came first
     */
    private Optional<Applied> attempt(MoveRequest req, RecentGames.Kept read, boolean lock) {
        return attempt(req, read, lock, null);
    }

    private Optional<Applied> attempt(MoveRequest req, RecentGames.Kept read, boolean lock, PreparedMove prepared) {
        GameRow g = read.game();
        int seat = Seating.authenticate(g, req.credential(), true);
        if (req.move() == null) {
            throw GameException.malformed("a JSON object body is required");
        }
        String key = req.idempotencyKey();
        // Key order and white space do not make another request.
        String requestHash = key == null ? null : Rng.sha256Hex(json.canonicalOf(req.move()));
        if (key != null) {
            Optional<MoveOutcome> prior = prior(g, seat, key, requestHash);
            if (prior.isPresent()) {
                return Optional.of(new Applied(prior.get(), g.type(), 0, g, null));
            }
        }
        Optional<Applied> out = apply(catalog.type(g.type()), read, seat, req, lock, prepared, false);
        if (out.isPresent() && key != null) {
            idempotency.save(g.id(), seat, key, requestHash, out.get().outcome().body(), writer.now());
        }
        return out;
    }

    private Optional<MoveOutcome> prior(GameRow g, int seat, String key, String requestHash) {
        return idempotency.find(g.id(), seat, key).map(stored -> {
            if (!stored.requestHash().equals(requestHash)) {
                throw new GameException(Failure.IDEMPOTENCY_KEY_REUSED,
                        "this Idempotency-Key was already used with a different body");
            }
            return new MoveOutcome(stored.response(), null, true);
        });
    }

    /**
     * @param prepared what was computed on the same game without the lock, or null
     * @param dryRun   compute only: end with {@link PreparedMove.NeedsLock} carrying the moves, never write
     * @throws PreparedMove.NeedsLock when, read without the lock, the move ends the game (or {@code dryRun})
     */
    @SuppressWarnings("unchecked")
    private <S, M, V> Optional<Applied> apply(GameType<S, M, V> type, RecentGames.Kept read, int seat,
                                              MoveRequest req, boolean lock, PreparedMove prepared, boolean dryRun) {
        GameRow g = read.game();
        Rules<S, M, V> rules = type.rules();
        M move = rules.parseMove(req.move());
        Ending.Kind ending = EndMove.parse(req.move());
        if (ending != null && !ending.byPlayer()) {
            throw new GameException(Failure.ILLEGAL_MOVE, "\"" + ending.action() + "\" is written by the server, not played");
        }
        Instant now = writer.now();
        if (!lock && GameWriter.due(g, now, Instant.MIN)) {
            return Optional.empty(); // the game ends on time, under the lock
        }
        if (writer.endIfDue(g, now, Instant.MIN).isPresent()) {
            throw new TimeExpired(g.table().deadline());
        }
        GameException.requireActive(g.status());
        MoveRequest.Expected expected = req.expected();
        if (expected != null && !expected.versions().contains(g.changes())) {
            String named = expected.versions().isEmpty() ? "If-Match " + expected.given()
                    + " names no version of the game (a weak tag, W/\"…\", never matches)" : "If-Match names version " + expected.given();
            throw new GameException(Failure.VERSION_MISMATCH, named + " but the game is at version " + g.changes(),
                    Map.of("currentVersion", g.changes()));
        }
        Progress<S, M, V> p;
        if (lock && prepared != null && prepared.holdsFor(g, seat)) {
            p = (Progress<S, M, V>) prepared.progress(); // computed on this very game, without the lock
        } else {
            p = read.state() == null ? writer.open(type, g)
                    : writer.open(type, g, type.rules().stateType().cast(read.state()));
            if (ending == null && !p.toAct().contains(Seat.of(seat))) {
                throw new GameException(Failure.NOT_YOUR_TURN, "seat " + seat + " may not act now");
            }
            p.play(seat, move, now);
            writer.letComputersMove(p);
        }
        if (dryRun || !lock && p.result().isPresent()) {
            // The end writes standings and a fingerprint too, under the lock; what was computed goes along.
            throw new PreparedMove.NeedsLock(new PreparedMove(g, seat, p));
        }
        GameRow after = writer.save(p);
        GameView view = projection.game(type, after, p.state(), seat).withApplied(applied(p, after, seat));
        // The seats taken are counted in both versions too, and no move changes them.
        return Optional.of(new Applied(new MoveOutcome(json.write(view), view, false), g.type(),
                after.changes() - g.changes(), after, p.state()));
    }

    /**
     * A move that came after its seat's deadline: the game has just ended on time, in this
     * request's transaction, which commits.
     */
    static final class TimeExpired extends GameException {
        TimeExpired(Instant deadline) {
            super(Failure.TIME_EXPIRED, "the time for this move ran out at " + deadline + "; the game ended on time",
                    Map.of("deadline", deadline.toString()));
        }
    }

    /** The entries this request added, as the mover sees them after the move. */
    private <S, M, V> List<LogItem> applied(Progress<S, M, V> p, GameRow after, int seat) {
        Rules<S, M, V> rules = p.type().rules();
        Viewer viewer = Projection.viewer(after, seat);
        return p.steps().stream().map(s -> projection.entry(rules, s.row(), s.move(), rules.view(s.before(), viewer),
                rules.view(s.after(), viewer), viewer)).toList();
    }
}
