package dev.cardtable.game;

import dev.cardtable.engine.EndMove;
import dev.cardtable.engine.Ending;
import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Rules;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Viewer;
import dev.cardtable.game.view.GameView;
import dev.cardtable.game.view.LogItem;
import dev.cardtable.store.GameRow;
import dev.cardtable.store.GameStore;
import dev.cardtable.store.IdempotencyStore;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * The move path ({@code POST /api/games/{id}/moves}): lock the game with its seats, apply the
 * caller's move to the stored position, let computer seats reply, append the log and update the
 * game, all in one transaction with no replay and without reading the log. Metrics
 * {@code cardtable.moves.applied} and {@code cardtable.move.latency} are recorded here.
 */
@Singleton
public class MoveService {

    /**
     * A move request.
     *
     * @param gameId         the game
     * @param authorization  the {@code Authorization} header
     * @param move           the move's JSON form
     * @param expected       the versions the caller's {@code If-Match} accepts, or null for any
     * @param idempotencyKey the {@code Idempotency-Key} header, or null
     */
    public record MoveRequest(UUID gameId, String authorization, Map<String, Object> move, Expected expected,
                              String idempotencyKey) {
    }

    /**
     * The versions a move may apply to.
     *
     * @param versions the acceptable versions
     * @param given    the header as sent, for the error detail
     */
    public record Expected(Set<Integer> versions, String given) {
    }

    /**
     * What a move request produced.
     *
     * @param body     the response body as sent (for a retry: as first sent)
     * @param game     the game after the move as the mover sees it; null for a retry
     * @param replayed whether this is a stored response to an earlier request with the same key
     */
    public record MoveOutcome(String body, GameView game, boolean replayed) {
    }

    @Inject
    GameCatalog catalog;

    @Inject
    GameStore store;

    @Inject
    IdempotencyStore idempotency;

    @Inject
    GameWriter writer;

    @Inject
    Projection projection;

    @Inject
    JsonText json;

    @Inject
    MeterRegistry metrics;

    /**
     * Applies the caller's move and any computer replies.
     *
     * @return the game after the move as the mover sees it, with the entries added
     * @throws GameException any error of {@code docs/api.md}, "Errors"; nothing is changed then
     */
    @Transactional(dontRollbackOn = TimeExpired.class)
    public MoveOutcome move(MoveRequest req) {
        Timer.Sample sample = Timer.start(metrics);
        GameRow g = store.lock(req.gameId()).orElseThrow(GameException::gameNotFound);
        int seat = Seating.authenticate(g, req.authorization(), true);
        if (req.move() == null) {
            throw GameException.malformed("a JSON object body is required");
        }
        String key = req.idempotencyKey();
        // Key order and white space do not make another request.
        String requestHash = key == null ? null : Rng.sha256Hex(json.canonicalOf(req.move()));
        if (key != null) {
            Optional<MoveOutcome> prior = prior(g, seat, key, requestHash);
            if (prior.isPresent()) {
                return prior.get();
            }
        }
        MoveOutcome out = apply(catalog.type(g.type()), g, seat, req);
        if (key != null) {
            idempotency.save(g.id(), seat, key, requestHash, out.body(), writer.now());
        }
        metrics.counter("cardtable.moves.applied", "type", g.type()).increment(out.game().version() - g.version());
        sample.stop(metrics.timer("cardtable.move.latency", "type", g.type()));
        return out;
    }

    private Optional<MoveOutcome> prior(GameRow g, int seat, String key, String requestHash) {
        if (key.isBlank() || key.length() > 255) {
            throw GameException.malformed("Idempotency-Key must be 1 to 255 characters");
        }
        return idempotency.find(g.id(), seat, key).map(stored -> {
            if (!stored.requestHash().equals(requestHash)) {
                throw new GameException(Failure.IDEMPOTENCY_KEY_REUSED,
                        "this Idempotency-Key was already used with a different body");
            }
            return new MoveOutcome(stored.response(), null, true);
        });
    }

    private <S, M, V> MoveOutcome apply(GameType<S, M, V> type, GameRow g, int seat, MoveRequest req) {
        Rules<S, M, V> rules = type.rules();
        M move = rules.parseMove(req.move());
        Ending.Kind ending = EndMove.parse(req.move());
        if (ending != null && !ending.byPlayer()) {
            throw new GameException(Failure.ILLEGAL_MOVE, "\"" + ending.action() + "\" is written by the server, not played");
        }
        Instant now = writer.now();
        if (writer.endIfDue(g, now, Instant.MIN).isPresent()) {
            throw new TimeExpired(g.table().deadline());
        }
        GameException.requireActive(g.status());
        Expected expected = req.expected();
        if (expected != null && !expected.versions().contains(g.changes())) {
            throw new GameException(Failure.VERSION_MISMATCH, "If-Match names version " + expected.given()
                    + " but the game is at version " + g.changes(), Map.of("currentVersion", g.changes()));
        }
        Progress<S, M, V> p = writer.open(type, g);
        if (ending == null && !p.toAct().contains(Seat.of(seat))) {
            throw new GameException(Failure.NOT_YOUR_TURN, "seat " + seat + " may not act now");
        }
        p.play(seat, move, now);
        writer.letComputersMove(p);
        GameRow after = writer.save(p);
        GameView view = projection.game(type, after, p.state(), seat).withApplied(applied(p, after, seat));
        return new MoveOutcome(json.write(view), view, false);
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
