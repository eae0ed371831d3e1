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

import java.util.ArrayList;
import java.util.List;

/** Plays one game between two computer opponents, each seeing only its own seat's view. */
final class Match {

    static final DazzleRules RULES = new DazzleRules();

    /**
     * A side that is also shown the other hand's colours, for experiments only: how much a player
     * that knew them would gain bounds what any inference of them can gain.
     */
    static final class Oracle implements Player<DazzleView, DazzleMove> {
        private final Player<DazzleView, DazzleMove> player;
        /** Shown when presenting, when choosing. */
        private final boolean presenting, choosing;
        private final int fromRound;

        /** Shown the other hand at every decision. */
        Oracle(Player<DazzleView, DazzleMove> player) {
            this(player, true, true, 1);
        }

        /**
         * @param presenting whether it is shown the other hand when presenting
         * @param choosing   whether it is shown the other hand when choosing
         * @param fromRound  shown it only from this round on (1 to 9)
         */
        Oracle(Player<DazzleView, DazzleMove> player, boolean presenting, boolean choosing, int fromRound) {
            this.player = player;
            this.presenting = presenting;
            this.choosing = choosing;
            this.fromRound = fromRound;
        }

        /** Whether this side is shown the other hand in {@code view} with these legal moves. */
        boolean shown(DazzleView view, List<DazzleMove> legalMoves) {
            return view.round() >= fromRound
                    && (legalMoves.getFirst() instanceof DazzleMove.Present ? presenting : choosing);
        }

        @Override
        public DazzleMove choose(DazzleView view, List<DazzleMove> legalMoves, Rng rng) {
            return player.choose(view, legalMoves, rng);
        }
    }

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
            if (players.get(s) instanceof Oracle o && o.shown(view, legal)) {
                view = withOtherHand(view, RULES.view(state, Viewer.omniscient()), s);
            }
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

    /** {@code view} of seat {@code s} with the other seat's hand as {@code all} shows it. */
    private static DazzleView withOtherHand(DazzleView view, DazzleView all, int s) {
        List<DazzleView.SeatView> seats = new ArrayList<>(view.seats());
        DazzleView.SeatView o = seats.get(1 - s);
        seats.set(1 - s, new DazzleView.SeatView(all.seats().get(1 - s).hand(), o.handValues(), o.handSize(),
                o.deck(), o.deckCards()));
        return new DazzleView(view.seat(), view.round(), view.phase(), view.toAct(), view.offer(), seats,
                view.removed(), view.removedCards(), view.colors(), view.revealed());
    }
}
