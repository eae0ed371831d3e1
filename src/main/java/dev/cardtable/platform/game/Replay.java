package dev.cardtable.platform.game;

import dev.cardtable.engine.Deal;
import dev.cardtable.engine.Options;
import dev.cardtable.engine.Rules.Play;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Setup;
import dev.cardtable.platform.JsonText;

import java.util.ArrayList;
import java.util.List;

/**
 * A game replayed from its deal through a prefix of its log, folded once: every position it
 * passed through is kept, so a request that needs several (a log page, the timeline) replays
 * each move exactly once. The log is the source of truth; the move path does not replay.
 *
 * @param <S> the full state
 * @param <M> the moves
 * @param <V> a viewer's view
 */
public final class Replay<S, M, V> {

    private final GameType<S, M, V> type;
    private final List<MoveRow> log;
    private final List<Play<M>> plays;
    private final List<S> positions;

    private Replay(GameType<S, M, V> type, List<MoveRow> log, List<Play<M>> plays, List<S> positions) {
        this.type = type;
        this.log = log;
        this.plays = plays;
        this.positions = positions;
    }

    /**
     * Replays {@code log} (entries 1 … n of the game in order) from the deal of {@code game}.
     *
     * @throws dev.cardtable.engine.IllegalMove when a logged move does not apply (a corrupt log)
     */
    public static <S, M, V> Replay<S, M, V> of(GameType<S, M, V> type, GameRow game, List<MoveRow> log, JsonText json) {
        List<Play<M>> plays = new ArrayList<>(log.size());
        for (MoveRow m : log) {
            plays.add(new Play<>(Seat.of(m.seat()), type.rules().parseMove(json.objectMap(m.move()))));
        }
        List<S> positions = new ArrayList<>(log.size() + 1);
        S s = type.rules().deal(setup(type, game, json));
        positions.add(s);
        for (Play<M> p : plays) {
            s = type.rules().apply(s, p.seat(), p.move());
            positions.add(s);
        }
        return new Replay<>(type, List.copyOf(log), plays, positions);
    }

    /** The setup a stored game was dealt from: ruleset, options and seed or custom deal. */
    public static Setup setup(GameType<?, ?, ?> type, GameRow game, JsonText json) {
        Deal deal = game.customDeal() != null
                ? type.rules().parseDeal(json.plain(json.tree(game.customDeal())))
                : new Deal.Seeded(game.seed());
        return new Setup(game.ruleset(), new Options(json.stringMap(game.options())), deal);
    }

    /** The game type. */
    public GameType<S, M, V> type() {
        return type;
    }

    /** The number of moves replayed. */
    public int size() {
        return plays.size();
    }

    /** The position after move {@code n}, 0 being the deal; {@code 0 <= n <= size()}. */
    public S at(int n) {
        return positions.get(n);
    }

    /** Move {@code n} (1-based) as parsed from the log. */
    public Play<M> play(int n) {
        return plays.get(n - 1);
    }

    /** Log entry {@code n} (1-based) as stored. */
    public MoveRow entry(int n) {
        return log.get(n - 1);
    }
}
