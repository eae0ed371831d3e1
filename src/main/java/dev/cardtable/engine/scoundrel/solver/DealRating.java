package dev.cardtable.engine.scoundrel.solver;

import dev.cardtable.engine.Seat;
import dev.cardtable.engine.scoundrel.ScoundrelMove;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.ScoundrelState;

import java.util.List;

/**
 * The rating a Scoundrel deal starts from in rated play ({@code docs/ratings.md}, "Scoundrel: players
 * against deals"), from what the solver proves about it with the whole dungeon known: its verdict
 * and, for a winnable deal, how narrow its winning line is — how many of its legal first moves keep
 * it winnable, and how many positions the searches had to expand to prove it.
 *
 * <p>The seed rating, in Glicko rating points:
 * <ul>
 *   <li>unwinnable, or undecided within the budget: {@link #UNWINNABLE} (2300);</li>
 *   <li>winnable, with {@code w} of its {@code m} legal first moves keeping it winnable and
 *       {@code n} positions expanded by the searches (the deal's and each first move's):
 *       {@code 1500 + 200·(log10(max(n, 1000)) − 4) + 100·(1 − w/m)}, kept between {@link #EASIEST}
 *       and {@link #HARDEST}.</li>
 * </ul>
 * Pure and deterministic: node budgets only, no time limit.
 */
public final class DealRating {

    /** The seed rating of a deal that cannot be won (or was not decided within the budget). */
    public static final double UNWINNABLE = 2300;
    /** The least seed rating of a winnable deal. */
    public static final double EASIEST = 1200;
    /** The largest seed rating of a winnable deal. */
    public static final double HARDEST = 2200;
    /** The positions all of a deal's searches together may expand by default. */
    public static final long NODES = 2_000_000L;

    private static final ScoundrelRules RULES = new ScoundrelRules();
    private static final Seat PLAYER = Seat.of(0);

    private DealRating() {
    }

    /**
     * What the solver proved about a deal.
     *
     * @param verdict           whether the deal can be won ({@link Verdict#UNKNOWN}: the budget ran
     *                          out first)
     * @param firstMoves        its legal first moves, m
     * @param winningFirstMoves of them, those that keep it winnable, w (0 unless winnable)
     * @param nodes             positions the searches expanded, n
     * @param rating            the seed rating from these, in rating points
     */
    public record Measure(Verdict verdict, int firstMoves, int winningFirstMoves, long nodes, double rating) {
    }

    /**
     * Measures the deal {@code deal} (a position before its first move) within {@code budget}
     * positions for all searches together: decides the deal, then each legal first move's position
     * (the winning line's first move counts without a search). A first move not decided within what
     * is left of the budget counts as not winning.
     *
     * @throws IllegalArgumentException for {@code budget < 1}
     */
    public static Measure measure(ScoundrelState deal, long budget) {
        ScoundrelSolver solver = new ScoundrelSolver();
        Solution s = solver.decide(deal, Budget.nodes(budget));
        long used = s.nodes();
        List<ScoundrelMove> moves = ScoundrelRules.over(deal) ? List.of() : RULES.legalMoves(deal, PLAYER);
        int winning = 0;
        if (s.winnable()) {
            for (ScoundrelMove m : moves) {
                if (!s.line().isEmpty() && m.equals(s.line().getFirst())) {
                    winning++;
                    continue;
                }
                long left = budget - used;
                if (left < 1) {
                    break;
                }
                Solution after = solver.decide(RULES.apply(deal, PLAYER, m), Budget.nodes(left));
                used += after.nodes();
                winning += after.winnable() ? 1 : 0;
            }
        }
        return new Measure(s.verdict(), moves.size(), winning, used, rating(s.verdict(), moves.size(), winning, used));
    }

    /**
     * The seed rating of a deal with verdict {@code verdict}, {@code w} of {@code m} first moves
     * winning and {@code n} positions searched (the class's formula).
     */
    public static double rating(Verdict verdict, int m, int w, long n) {
        if (verdict != Verdict.WINNABLE || m < 1) {
            return UNWINNABLE;
        }
        double r = 1500 + 200 * (Math.log10(Math.max(n, 1000)) - 4) + 100 * (1 - (double) w / m);
        return Math.max(EASIEST, Math.min(HARDEST, r));
    }
}
