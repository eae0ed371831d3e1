package dev.cardtable.engine.dazzle.ai;

import dev.cardtable.engine.Deal;
import dev.cardtable.engine.Options;
import dev.cardtable.engine.Player;
import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Setup;
import dev.cardtable.engine.Viewer;
import dev.cardtable.engine.dazzle.DazzleMove;
import dev.cardtable.engine.dazzle.DazzleResult;
import dev.cardtable.engine.dazzle.DazzleRules;
import dev.cardtable.engine.dazzle.DazzleState;
import dev.cardtable.engine.dazzle.DazzleView;

import java.util.List;

/** Plays one game between two computer opponents, each seeing only its own seat's view. */
final class Match {

    static final DazzleRules RULES = new DazzleRules();

    /** What one game produced. */
    record Outcome(DazzleResult result, long[] thinkNanos, int[] decisions) {
    }

    private Match() {
    }

    static Setup setup(String seed) {
        return new Setup(DazzleRules.STANDARD, Options.none(), new Deal.Seeded(seed));
    }

    /**
     * Plays the deal of {@code seed}; seat {@code s} is played by {@code players.get(s)} with its own
     * generator seeded from {@code seed} and {@code s}, so reruns give the same game.
     */
    static Outcome play(String seed, List<Player<DazzleView, DazzleMove>> players) {
        DazzleState state = RULES.deal(setup(seed));
        Rng[] rngs = {Rng.fromSeed("ai:" + seed + ":0"), Rng.fromSeed("ai:" + seed + ":1")};
        long[] think = new long[2];
        int[] decisions = new int[2];
        while (!state.over()) {
            Seat seat = RULES.toAct(state).getFirst();
            int s = seat.number();
            List<DazzleMove> legal = RULES.legalMoves(state, seat);
            DazzleView view = RULES.view(state, Viewer.seat(seat));
            long t0 = System.nanoTime();
            DazzleMove move = players.get(s).choose(view, legal, rngs[s]);
            if (legal.size() > 1) {
                think[s] += System.nanoTime() - t0;
                decisions[s]++;
            }
            state = RULES.apply(state, seat, move);
        }
        return new Outcome(RULES.result(state).orElseThrow(), think, decisions);
    }
}
