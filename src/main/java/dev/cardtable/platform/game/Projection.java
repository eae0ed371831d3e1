package dev.cardtable.platform.game;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cardtable.engine.Rules.Play;
import dev.cardtable.engine.Rules;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Viewer;
import dev.cardtable.platform.JsonText;
import dev.cardtable.platform.game.view.GameRecord;
import dev.cardtable.platform.game.view.GameResult;
import dev.cardtable.platform.game.view.GameSummary;
import dev.cardtable.platform.game.view.GameView;
import dev.cardtable.platform.game.view.LogItem;
import dev.cardtable.platform.game.view.LogPage;
import dev.cardtable.platform.game.view.MoveEvent;
import dev.cardtable.platform.game.view.Position;
import dev.cardtable.platform.game.view.SeatView;
import dev.cardtable.platform.game.view.Timeline;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The one place a game becomes what a viewer may see. Every payload the server sends about a
 * game is built here, from the rules' {@link Rules#view view}, {@link Rules#projectMove projected
 * moves} and {@link Rules#revealed revealed} members: the game, log entries, past positions, the
 * timeline, the record, live events (which send log entries) and history items. Hidden
 * information (a running game's seed or custom deal, what a seat may not see) has no other way
 * out ({@code docs/rules/dazzle.md}, "Who sees what").
 */
@Singleton
public class Projection {

    @Inject
    JsonText json;

    @Inject
    Clock time;

    @Inject
    DealCertificates certificates;

    @Inject
    DealStandings dealStandings;

    /**
     * Who a caller is to the rules: everyone sees everything once the game is over; before that a
     * seat's token gives that seat's view and no token the spectators'.
     *
     * @param seat the caller's seat, or null for a spectator
     */
    public static Viewer viewer(GameRow game, Integer seat) {
        return viewer(game.status(), seat);
    }

    private static Viewer viewer(Status status, Integer seat) {
        if (status == Status.FINISHED) {
            return Viewer.omniscient();
        }
        return seat == null ? Viewer.spectator() : Viewer.seat(Seat.of(seat));
    }

    /**
     * The game's seed as a client may see it: only once the game is over, and for a daily deal
     * only once its day is over ({@link Sealing}).
     */
    public String seed(GameRow game) {
        return game.status() == Status.FINISHED && !Sealing.sealed(game, time.instant()) ? game.seed() : null;
    }

    /** The game's custom deal (JSON text) as a client may see it: only once the game is over. */
    public static String customDeal(GameRow game) {
        return game.status() == Status.FINISHED ? game.customDeal() : null;
    }

    /**
     * The game as {@code seat} sees it ({@code GET /api/games/{id}}), {@code state} being its
     * current position.
     */
    public <S, M, V> GameView game(GameType<S, M, V> type, GameRow g, S state, Integer seat) {
        return game(type, g, state, seat, new Moment(g.version(), g.status(), g.updatedAt(), g.finishedAt()));
    }

    /**
     * Game {@code after} as its seat {@code seat} sees it just after {@code p}'s moves were written,
     * with the entries they added ({@code applied}), as the move's answer.
     */
    public <S, M, V> GameView moved(Progress<S, M, V> p, GameRow after, int seat) {
        Rules<S, M, V> rules = p.type().rules();
        Viewer viewer = viewer(after, seat);
        List<LogItem> applied = p.steps().stream().map(s -> entry(rules, s.row(), s.move(),
                rules.view(s.before(), viewer), rules.view(s.after(), viewer), viewer)).toList();
        return game(p.type(), after, p.state(), seat).withApplied(applied);
    }

    /**
     * The game as {@code seat} got it from {@code GET /api/games/{id}} right after move {@code n}:
     * the {@code game} of a live event. Only the moment the game ended reveals everything, so an
     * event is the same whether it is sent at once or caught up after the end.
     */
    public <S, M, V> GameView gameAt(Replay<S, M, V> replay, GameRow g, Integer seat, int n) {
        Moment at = n == g.version() ? new Moment(n, g.status(), g.updatedAt(), g.finishedAt())
                : new Moment(n, Status.ACTIVE, replay.entry(n).at(), null);
        return game(replay.type(), g, replay.at(n), seat, at);
    }

    /** What a game's GET shows of one moment of its life: after move {@code moves}, in {@code status}. */
    private record Moment(int moves, Status status, Instant updatedAt, Instant finishedAt) {
    }

    private <S, M, V> GameView game(GameType<S, M, V> type, GameRow g, S state, Integer seat, Moment at) {
        Rules<S, M, V> rules = type.rules();
        boolean active = at.status() == Status.ACTIVE;
        List<Map<String, Object>> legal = seat != null && active
                ? rules.legalMoves(state, Seat.of(seat)).stream().map(rules::writeMove).toList()
                : List.of();
        List<Integer> toAct = active ? seats(rules.toAct(state)) : List.of();
        String seed = at.status() == Status.FINISHED ? seed(g) : null;
        // A rematch is made from the finished game: a change of it, counted in its version, so that
        // its entity tag changes with it (docs/api.md, "Versions"); no earlier moment shows it.
        UUID rematch = at.status() == Status.FINISHED ? g.table().rematch() : null;
        return GameView.builder().id(g.id()).type(g.type()).ruleset(g.ruleset()).rulesetVersion(g.rulesetVersion())
                .options(json.stringMap(g.options())).status(at.status().id()).version(at.moves() + g.seatsTaken() + (rematch == null ? 0 : 1))
                .moveCount(at.moves()).seats(g.seats().stream().map(Projection::seat).toList()).toAct(toAct)
                .seedCommitment(g.seedCommitment()).seed(seed)
                .certified(g.origin().certified()).rated(g.rated()).ratingRange(g.ratingRange()).daily(g.origin().daily()).certificate(certificates.shown(g, seed)).dealRating(dealStandings.shown(g, seed))
                .createdAt(g.createdAt())
                .updatedAt(at.updatedAt()).finishedAt(at.finishedAt()).viewer(seat)
                .view(rules.view(state, viewer(at.status(), seat))).legalMoves(legal).result(result(rules, state))
                .clock(clock(g, toAct)).rematchOf(g.table().rematchOf()).rematch(rematch).build();
    }

    /** The result of {@code state} in the shape every game shares, or null while it runs. */
    public static <S> GameResult result(Rules<S, ?, ?> rules, S state) {
        return rules.result(state).map(GameResult::of).orElse(null);
    }

    /** The game's clock as seen now, or null for a game without a clock. */
    private Clocks.ClockView clock(GameRow g, List<Integer> toAct) {
        GameRow.Table t = g.table();
        if (t.clock() == null) {
            return null;
        }
        return Clocks.view(t.clock(), t.clockState(), t.deadline(),
                Clocks.running(toAct, g.seats()), g.seats().size(), time.instant());
    }

    /**
     * One log entry as {@code viewer} sees it: the move (projected), plus the cards it made seats
     * draw, from the viewer's views before and after it.
     */
    public <S, M, V> LogItem entry(Rules<S, M, V> rules, MoveRow row, M move, V before, V after, Viewer viewer) {
        M seen = rules.projectMove(move, Seat.of(row.seat()), viewer);
        return new LogItem(row.seq(), row.seat(), rules.writeMove(seen), row.at(), rules.drawn(before, after, seen));
    }

    /** Entries {@code after + 1 … end} of a replayed game, as {@code seat} sees them. */
    public <S, M, V> LogPage page(Replay<S, M, V> replay, GameRow g, Integer seat, int after, int end, boolean more) {
        List<LogItem> items = new ArrayList<>(Math.max(0, end - after));
        walk(replay, viewer(g, seat), after, end, (n, item, view) -> items.add(item));
        return new LogPage(items, more ? Integer.toString(end) : null, g.status() == Status.FINISHED);
    }

    /**
     * The live events of entries {@code after + 1 … end} of a replayed game, as {@code seat} sees
     * them: each entry with the game as it stood after it.
     */
    public <S, M, V> List<MoveEvent> events(Replay<S, M, V> replay, GameRow g, Integer seat, int after, int end) {
        List<MoveEvent> events = new ArrayList<>(Math.max(0, end - after));
        StepSink<V> add = (n, item, view) -> events.add(new MoveEvent(item, gameAt(replay, g, seat, n)));
        // Each entry as it was seen live; the one that ended the game reveals everything.
        int live = g.status() == Status.FINISHED && end == g.version() ? end - 1 : end;
        walk(replay, viewer(Status.ACTIVE, seat), after, live, add);
        walk(replay, Viewer.omniscient(), Math.max(after, live), end, add);
        return events;
    }

    /** The position after move {@code n} as {@code seat} sees it ({@code states/{n}}). */
    public <S, M, V> Position position(Replay<S, M, V> replay, GameRow g, Integer seat, int n) {
        Rules<S, M, V> rules = replay.type().rules();
        S s = replay.at(n);
        return new Position(g.id(), g.type(), n, seats(rules.toAct(s)), rules.view(s, viewer(g, seat)),
                result(rules, s));
    }

    /** Every position of a replayed game with the move that led to it, as {@code seat} sees them. */
    public <S, M, V> Timeline timeline(Replay<S, M, V> replay, GameRow g, Integer seat) {
        Rules<S, M, V> rules = replay.type().rules();
        Viewer viewer = viewer(g, seat);
        List<Timeline.Step> steps = new ArrayList<>(replay.size() + 1);
        S deal = replay.at(0);
        steps.add(new Timeline.Step(0, null, seats(rules.toAct(deal)), rules.view(deal, viewer), null));
        walk(replay, viewer, 0, replay.size(), (n, item, view) -> {
            S s = replay.at(n);
            steps.add(new Timeline.Step(n, item, seats(rules.toAct(s)), view, result(rules, s)));
        });
        return new Timeline(g.id(), g.type(), steps);
    }

    /**
     * The portable record ({@code GET /api/games/{id}/record}): moves as the public sees them
     * while the game runs, and the seed or custom deal only once it is over.
     */
    public <S, M, V> GameRecord record(Replay<S, M, V> replay, GameRow g) {
        Rules<S, M, V> rules = replay.type().rules();
        Viewer viewer = viewer(g, null);
        List<GameRecord.Move> moves = new ArrayList<>(replay.size());
        for (int n = 1; n <= replay.size(); n++) {
            MoveRow m = replay.entry(n);
            M seen = rules.projectMove(replay.play(n).move(), Seat.of(m.seat()), viewer);
            moves.add(new GameRecord.Move(m.seq(), m.seat(), rules.writeMove(seen), m.at()));
        }
        List<GameRecord.Seat> seats = g.seats().stream().map(s -> new GameRecord.Seat(s.seat(), s.kind().id(),
                s.name(), s.aiLevel(), s.aiBudget(), s.rating(), s.ratingDiff())).toList();
        String deal = customDeal(g);
        return new GameRecord(GameRecord.FORMAT, GameRecord.VERSION, g.type(), g.ruleset(), g.rulesetVersion(),
                json.stringMap(g.options()), seats,
                g.table().clock(),
                g.seedCommitment(), seed(g), deal == null ? null : json.tree(deal),
                moves, g.status().id(), json.tree(g.result()), g.createdAt(), g.finishedAt());
    }

    /** A history item: public facts only (no view, no seed), the result once finished. */
    public GameSummary summary(GameRow g) {
        JsonNode result = g.status() == Status.FINISHED ? json.tree(g.result()) : null;
        return new GameSummary(g.id(), g.type(), g.ruleset(), g.status().id(), g.changes(), g.version(),
                g.seats().stream().map(Projection::seat).toList(), g.createdAt(), g.updatedAt(), g.finishedAt(), result,
                g.rated());
    }

    /** A seat as anyone may see it: never its token hash. */
    public static SeatView seat(SeatRow s) {
        return new SeatView(s.seat(), s.kind().id(), s.name(), s.kind() == SeatKind.AI ? s.aiLevel() : null,
                s.kind() == SeatKind.AI ? s.aiBudget() : null, s.verified(), s.rating(), s.ratingDiff());
    }

    /** Receives each step of {@link #walk}: move {@code n}'s entry and the view after it. */
    private interface StepSink<V> {
        void accept(int n, LogItem item, V view);
    }

    /** Projects moves {@code after + 1 … end} of {@code replay} for {@code viewer}, one view per position. */
    private <S, M, V> void walk(Replay<S, M, V> replay, Viewer viewer, int after, int end, StepSink<V> sink) {
        if (after >= end) {
            return;
        }
        Rules<S, M, V> rules = replay.type().rules();
        V before = rules.view(replay.at(after), viewer);
        for (int n = after + 1; n <= end; n++) {
            Play<M> p = replay.play(n);
            V next = rules.view(replay.at(n), viewer);
            sink.accept(n, entry(rules, replay.entry(n), p.move(), before, next, viewer), next);
            before = next;
        }
    }

    private static List<Integer> seats(List<Seat> seats) {
        return seats.stream().map(Seat::number).toList();
    }
}
