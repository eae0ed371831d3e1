package dev.cardtable.engine.scoundrel.solver;

import dev.cardtable.engine.Seat;
import dev.cardtable.engine.scoundrel.ScoundrelMove;
import dev.cardtable.engine.scoundrel.ScoundrelResult;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.ScoundrelState;

import java.util.List;

/**
 * A one-move-lookahead player: it plays the legal move after which the position looks best —
 * a won game first, a lost one last, otherwise most health, then the strongest and least bound
 * weapon — without looking at the dungeon. The baseline of the hint benchmark, and the rollout
 * policy of hints. Stateless; ties go to the first move in {@link ScoundrelRules#legalMoves}
 * order.
 */
public final class Greedy {

    private static final ScoundrelRules RULES = new ScoundrelRules();
    private static final Seat PLAYER = Seat.of(0);

    private Greedy() {
    }

    /**
     * The greedy move in {@code state}.
     *
     * @throws IllegalArgumentException when the game is over
     */
    public static ScoundrelMove move(ScoundrelState state) {
        List<ScoundrelMove> legal = RULES.legalMoves(state, PLAYER);
        if (legal.isEmpty()) {
            throw new IllegalArgumentException("the game is over");
        }
        ScoundrelMove best = legal.getFirst();
        int bestValue = Integer.MIN_VALUE;
        for (ScoundrelMove m : legal) {
            int v = value(RULES.apply(state, PLAYER, m)) - (m instanceof ScoundrelMove.Avoid ? AVOID_PENALTY : 0);
            if (v > bestValue) {
                bestValue = v;
                best = m;
            }
        }
        return best;
    }

    /** The state after greedy play from {@code state} to the end of the game. */
    public static ScoundrelState playOut(ScoundrelState state) {
        ScoundrelState s = state;
        while (!ScoundrelRules.over(s)) {
            s = RULES.apply(s, PLAYER, move(s));
        }
        return s;
    }

    /** The score of greedy play from {@code state} ({@code scoundrel.md}, "Score"). */
    public static int playOutScore(ScoundrelState state) {
        return RULES.result(playOut(state)).map(ScoundrelResult::score).orElseThrow();
    }

    /** What an avoid costs in the comparison: avoiding must look clearly better to be played. */
    static final int AVOID_PENALTY = 3;
    /** The reach of a fresh weapon, which has slain nothing yet: above every monster. */
    static final int FRESH_REACH = 14;

    private static int value(ScoundrelState s) {
        if (ScoundrelRules.over(s)) {
            return value(RULES.result(s).orElseThrow().score());
        }
        int weapon = s.weapon() == null ? 0 : s.weapon().value();
        int reach = s.weapon() == null ? 0 : s.lastSlain() == null ? FRESH_REACH : s.lastSlain().value();
        return value(s.health(), weapon, reach);
    }

    /** The value of a finished game with {@code score}: any win above any loss. */
    static int value(int score) {
        return score > 0 ? 100_000 + score : -100_000 + score;
    }

    /**
     * The value of a game going on: health first, then the weapon's value, then the highest
     * monster it may still fight ({@code reach}, 0 without a weapon).
     */
    static int value(int health, int weapon, int reach) {
        return 6 * health + 2 * weapon + reach;
    }
}
