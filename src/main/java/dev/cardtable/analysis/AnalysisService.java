package dev.cardtable.analysis;

import dev.cardtable.engine.scoundrel.ScoundrelMove;
import dev.cardtable.engine.scoundrel.ScoundrelState;
import dev.cardtable.engine.scoundrel.solver.PostGame;
import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.JsonText;
import dev.cardtable.platform.game.GameCatalog;
import dev.cardtable.platform.game.GameRow;
import dev.cardtable.platform.game.GameStore;
import dev.cardtable.platform.game.GameType;
import dev.cardtable.platform.game.MoveLog;
import dev.cardtable.platform.game.Replay;
import dev.cardtable.platform.game.Sealing;
import dev.cardtable.platform.game.Status;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.Startup;
import jakarta.annotation.PostConstruct;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Post-game analysis ({@code GET /api/games/{id}/analysis}, {@code docs/api.md}, "Post-game
 * analysis"): the full-information solver's judgement of every position of a finished Scoundrel
 * game ({@link PostGame}). Only a finished game is analysed — before that the dungeon order is
 * hidden — and each game once: the first request computes the analysis and stores it, later ones
 * read it back.
 *
 * <p>The game is read in a short transaction and the analysis stored in another; the search in
 * between holds no database connection. Computations are bounded ({@link OneAtATime}): one per
 * game at a time — a request for a game being analysed waits for that analysis — and at most
 * {@code cardtable.analysis.max-running} at once on an instance (default: half the processors,
 * at least one); past that a request that would start another is answered {@code server-busy}
 * with {@code retryAfter} ({@value #RETRY_AFTER_SECONDS} s). Meters:
 * {@code cardtable.analyses.running} (computations running now) and
 * {@code cardtable.analyses.computed} (analyses computed).
 */
@Startup // its meters are there from the start
@Singleton
public class AnalysisService {

    @Inject
    GameCatalog catalog;

    @Inject
    GameStore store;

    @Inject
    MoveLog moveLog;

    @Inject
    AnalysisStore analyses;

    @Inject
    JsonText json;

    @Inject
    Clock clock;

    @Inject
    MeterRegistry metrics;

    @Inject
    AnalysisConfig config;

    /** How long a client is told to wait when as many analyses run as the instance allows. */
    public static final int RETRY_AFTER_SECONDS = 3;

    private final PostGame postGame = new PostGame();

    private OneAtATime<UUID, String> runs;
    private Counter computed;

    @PostConstruct
    void bounds() {
        runs = new OneAtATime<>(config.maxRunning().orElse(Math.max(1, Runtime.getRuntime().availableProcessors() / 2)));
        metrics.gauge("cardtable.analyses.running", runs, OneAtATime::running);
        computed = metrics.counter("cardtable.analyses.computed");
    }

    /** What an analysis is computed from, read while the transaction lasts. */
    private record Read(String stored, Replay<?, ?, ?> replay) {
    }

    /**
     * The analysis of game {@code id}.
     *
     * @throws GameException {@code game-not-found}; {@code not-found} for a game type other than
     *                       Scoundrel; {@code game-sealed} for a daily game before its day is over, finished or
     *                       not; {@code game-not-over} for any other game not finished;
     *                       {@code server-busy} (with {@code retryAfter}) when the analysis is not
     *                       stored yet and as many analyses are being computed as allowed
     */
    public AnalysisView analysis(UUID id) {
        Read read = QuarkusTransaction.requiringNew().call(() -> read(id));
        String stored = read.stored() != null ? read.stored() : runs.get(id, () -> computeAndStore(id, read.replay()),
                () -> new GameException(Failure.SERVER_BUSY, "the server is computing as many analyses as it may; try again in "
                        + RETRY_AFTER_SECONDS + " s", Map.of("retryAfter", RETRY_AFTER_SECONDS)));
        return json.read(stored, AnalysisView.class);
    }

    /** Computes and stores the analysis, unless a request that came just before stored it. */
    private String computeAndStore(UUID id, Replay<?, ?, ?> replay) {
        Optional<String> stored = QuarkusTransaction.requiringNew().call(() -> analyses.find(id));
        if (stored.isPresent()) {
            return stored.get();
        }
        AnalysisView view = compute(id, replay);
        computed.increment();
        return QuarkusTransaction.requiringNew().call(() -> analyses.store(id, json.write(view), view.analysedAt()));
    }

    private Read read(UUID id) {
        GameRow g = store.find(id).orElseThrow(GameException::gameNotFound);
        if (!catalog.type(g.type()).offers(GameType.Ability.ANALYSIS)) {
            throw new GameException(Failure.NOT_FOUND, "post-game analysis is offered for Scoundrel games only");
        }
        // A sealed daily game says nothing more of itself, not even whether it is over.
        Sealing.checkForAll(g, "the analysis", clock.instant());
        if (g.status() != Status.FINISHED) {
            throw new GameException(Failure.GAME_NOT_OVER,
                    "a game is analysed once it is over, when its dungeon order is public; this one is " + g.status().id());
        }
        String stored = analyses.find(id).orElse(null);
        return new Read(stored, stored != null ? null
                : Replay.of(catalog.type(g.type()), g, moveLog.log(g.id(), 0, g.version()), json));
    }

    private AnalysisView compute(UUID id, Replay<?, ?, ?> replay) {
        @SuppressWarnings("unchecked")
        Replay<ScoundrelState, ScoundrelMove, ?> r = (Replay<ScoundrelState, ScoundrelMove, ?>) replay;
        List<ScoundrelState> positions = new ArrayList<>();
        List<ScoundrelMove> moves = new ArrayList<>();
        positions.add(r.at(0));
        for (int n = 1; n <= r.size(); n++) {
            ScoundrelMove m = r.play(n).move();
            if (m instanceof ScoundrelMove.End) {
                break; // resigning, calling off, time: the game ends without a position to judge
            }
            moves.add(m);
            positions.add(r.at(n));
        }
        PostGame.Analysis a = postGame.analyse(positions, moves);
        List<AnalysisView.Position> out = new ArrayList<>(positions.size());
        for (int i = 0; i < positions.size(); i++) {
            PostGame.Judgement j = a.positions().get(i);
            out.add(new AnalysisView.Position(i, i == 0 ? null : write(r, moves.get(i - 1)),
                    switch (j.verdict()) {
                        case WINNABLE -> Boolean.TRUE;
                        case UNWINNABLE -> Boolean.FALSE;
                        case UNKNOWN -> null;
                    },
                    j.bestScore().isPresent() ? j.bestScore().getAsInt() : null,
                    j.bestMove().map(m -> write(r, m)).orElse(null)));
        }
        PostGame.TurningPoint t = a.turningPoint();
        AnalysisView.TurningPoint turn = t == null ? null : new AnalysisView.TurningPoint(t.move(),
                t.lostTheWin() ? "lost-the-win" : "lowered-best-score", write(r, t.played()), write(r, t.better()),
                a.positions().get(t.move() - 1).bestScore().orElseThrow(),
                a.positions().get(t.move()).bestScore().isPresent() ? a.positions().get(t.move()).bestScore().getAsInt() : null);
        return new AnalysisView(id.toString(), out, turn, clock.instant().truncatedTo(java.time.temporal.ChronoUnit.MILLIS));
    }

    private static Map<String, Object> write(Replay<ScoundrelState, ScoundrelMove, ?> r, ScoundrelMove m) {
        return r.type().rules().writeMove(m);
    }
}
