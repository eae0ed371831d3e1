package dev.cardtable.engine.scoundrel.solver;

import dev.cardtable.engine.Seat;
import dev.cardtable.engine.scoundrel.Card;
import dev.cardtable.engine.scoundrel.ScoundrelMove;
import dev.cardtable.engine.scoundrel.ScoundrelResult;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.ScoundrelState.Ruleset;
import dev.cardtable.engine.scoundrel.ScoundrelState.WeaponBinding;
import dev.cardtable.engine.scoundrel.ScoundrelState;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * Solves Scoundrel with full information: given the whole dungeon order, decides whether a
 * position can be won and finds the best score reachable ({@code scoundrel.md}, "Score"), with a
 * line of moves that reaches it.
 *
 * <p>The search is depth-first over the only seat's legal moves, exactly as
 * {@link ScoundrelRules} defines them, for both rulesets and every weapon binding. One
 * transposition table serves the question "can it be won" (a null window at 0) and the search for
 * the best score. Its keys hold only what decides the rest of the game: the dungeon order and the
 * room with clubs and spades of one value read alike, the room as a set once it cannot be avoided,
 * whether it can be avoided, and — as a state beside the key — health, the weapon as far as it can
 * still hit a monster left, and a potion flag only while a potion is in the room. Bounds carry
 * across states by dominance (more health, a stronger weapon that can hit more, is never worse).
 * An upper bound on the reachable score (health plus the potions left, minus what the monsters
 * left must cost against the best weapon that may still be used on them) prunes lines that cannot
 * beat the target. The win search restarts with a doubling budget and another order of near-equal
 * moves, keeping the table, to cut the heavy tail; the best score starts from the winning line's
 * score (a proven lower bound), tries the highest score the cards allow, then climbs. Every line
 * returned is replayed through {@link ScoundrelRules} before it is handed out.
 *
 * <p>Stateless and thread-safe: every call owns its search.
 */
public final class ScoundrelSolver {

    private static final ScoundrelRules RULES = new ScoundrelRules();
    private static final Seat PLAYER = Seat.of(0);

    /**
     * Solves a game from its deal: health 20, no weapon, the first room drawn from the top of
     * {@code dungeon} ({@code scoundrel.md}, "Setup").
     *
     * @param dungeon the dungeon, top first: the 44 cards of a real deal, or any shorter list of
     *                distinct cards for a puzzle
     * @param ruleset {@code standard} or {@code simple}
     * @param binding the weapon binding: {@link WeaponBinding#NONE} exactly for {@code simple}
     * @param budget  how much to search before answering {@link Verdict#UNKNOWN}
     * @throws IllegalArgumentException for a binding that does not fit the ruleset or repeated cards
     */
    public Solution solve(List<Card> dungeon, Ruleset ruleset, WeaponBinding binding, Budget budget) {
        return solve(start(dungeon, ruleset, binding), budget);
    }

    /**
     * Solves the game from {@code state}, any position of a game: what the best play from here
     * can reach.
     *
     * @param state  a position, whose dungeon order the search reads
     * @param budget how much to search before answering {@link Verdict#UNKNOWN}
     */
    public Solution solve(ScoundrelState state, Budget budget) {
        return solve(state, budget, true);
    }

    /**
     * Decides only whether {@code state} can be won, with a winning line as proof when it can:
     * {@link #solve(ScoundrelState, Budget)} without the search for the best score, which is
     * usually the larger part of the work. The solution's best score is empty unless the game
     * is already over.
     */
    public Solution decide(ScoundrelState state, Budget budget) {
        return solve(state, budget, false);
    }

    /**
     * Solves every position of {@code states}, which must share one ruleset and weapon binding
     * (for example the positions of one game), each within {@code budget}: as
     * {@link #solve(ScoundrelState, Budget)} one by one, but with one transposition table for
     * all, so that what the solve of one position proved serves the others. Positions are solved
     * from the last to the first, since a game's later positions are parts of its earlier ones.
     *
     * @return the solutions, in the order of {@code states}
     */
    public List<Solution> solveAll(List<ScoundrelState> states, Budget budget) {
        Solution[] out = new Solution[states.size()];
        Search search = null;
        for (int i = states.size() - 1; i >= 0; i--) {
            ScoundrelState s = states.get(i);
            if (search == null && !ScoundrelRules.over(s)) {
                search = new Search(s, budget);
            }
            out[i] = solve(search, s, budget, true);
        }
        return List.of(out);
    }

    /**
     * How hard the game from {@code state} (usually a deal) is: its verdict and best score
     * ({@link #solve(ScoundrelState, Budget)}), and how many of its legal first moves keep it
     * winnable (each position after one decided by {@link #decide}; the first move of the best
     * line counts without a search). All searches together expand at most {@code nodes}
     * positions: each gets what the ones before left, and what the budget did not settle is empty.
     *
     * @param nodes the positions all searches together may expand, at least 1
     * @throws IllegalArgumentException for {@code nodes < 1}
     */
    public Difficulty difficulty(ScoundrelState state, long nodes) {
        Solution best = solve(state, Budget.nodes(nodes));
        long left = nodes - best.nodes();
        List<ScoundrelMove> moves = ScoundrelRules.over(state) ? List.of() : RULES.legalMoves(state, PLAYER);
        int winning = 0;
        boolean known = best.verdict() != Verdict.UNKNOWN;
        if (best.winnable()) {
            for (ScoundrelMove m : moves) {
                if (!best.line().isEmpty() && m.equals(best.line().getFirst())) {
                    winning++;
                    continue;
                }
                if (left < 1) {
                    known = false;
                    break;
                }
                Solution after = decide(RULES.apply(state, PLAYER, m), Budget.nodes(left));
                left -= after.nodes();
                known &= after.verdict() != Verdict.UNKNOWN;
                winning += after.winnable() ? 1 : 0;
            }
        }
        return new Difficulty(best.verdict(), best.bestScore(), moves.size(), known ? OptionalInt.of(winning) : OptionalInt.empty(),
                nodes - left);
    }

    private Solution solve(ScoundrelState state, Budget budget, boolean bestScore) {
        return solve(ScoundrelRules.over(state) ? null : new Search(state, budget), state, budget, bestScore);
    }

    private Solution solve(Search search, ScoundrelState state, Budget budget, boolean bestScore) {
        if (ScoundrelRules.over(state)) {
            int score = RULES.result(state).orElseThrow().score();
            return new Solution(score > 0 ? Verdict.WINNABLE : Verdict.UNWINNABLE, OptionalInt.of(score), List.of(), 0);
        }
        Position root = search.reroot(state, budget);
        List<ScoundrelMove> line = List.of();
        Verdict verdict = Verdict.UNKNOWN;
        try {
            // First only whether the game can be won: a null window at 0 cuts off at the first win.
            boolean won = wins(search, root);
            verdict = won ? Verdict.WINNABLE : Verdict.UNWINNABLE;
            if (won) {
                line = winningLine(search, root);
                checkLine(state, line, 1);
            }
            if (!bestScore) {
                return new Solution(verdict, OptionalInt.empty(), line, search.nodes());
            }
            int best;
            if (won) {
                // The winning line's score is a proven lower bound; unless the ceiling holds, null
                // windows from there up,
                // each raising it to what the search proved, until one fails (fail-soft: a
                // success may prove more than the window asked).
                best = score(state, line);
                int ceiling = root.upperBound();
                if (best < ceiling && search.search(root, ceiling - 1, ceiling) >= ceiling) {
                    // Many deals reach the highest score their cards allow: one null window there
                    // settles them at once.
                    best = ceiling;
                }
                while (best < ceiling) {
                    int v = search.search(root, best, best + 1);
                    if (v <= best) {
                        break;
                    }
                    best = v;
                }
                line = line(search, root, best - 1, best);
            } else {
                best = search.search(root, Search.FLOOR, 1);
                line = line(search, root, Search.FLOOR, Search.CEILING);
            }
            checkLine(state, line, best);
            return new Solution(verdict, OptionalInt.of(best), line, search.nodes());
        } catch (Search.OutOfBudget e) {
            return new Solution(verdict, OptionalInt.empty(), line, search.nodes());
        }
    }

    /** Positions of the first slice of {@link #wins(Search, Position)}; each restart doubles it. */
    static final long FIRST_SLICE = 50_000;

    /**
     * Whether {@code root} can be won, by restarts: each slice of the budget twice the last, each
     * restart trying near-equal moves in another order, all sharing one table, so that a search
     * stuck under a bad early choice is cut short (the heavy tail) without losing what it proved.
     */
    private static boolean wins(Search search, Position root) {
        long slice = FIRST_SLICE;
        for (int round = 0; ; round++) {
            search.restart(round, slice);
            try {
                boolean won = search.wins(root);
                search.restart(0, Long.MAX_VALUE);
                return won;
            } catch (Search.OutOfBudget e) {
                if (search.spent()) {
                    throw e;
                }
            }
            slice *= 2;
        }
    }

    /** The winning line from {@code root}, which the search has shown can be won. */
    private static List<ScoundrelMove> winningLine(Search search, Position root) {
        List<ScoundrelMove> line = new ArrayList<>();
        Position p = root;
        while (!p.over()) {
            int move = search.winningMove(p);
            line.add(Search.toMove(move));
            p = search.apply(p, move);
        }
        return line;
    }

    /**
     * The line the search's table holds from {@code root}: for the window {@code (0, 1)} a
     * winning one, for the full window one that reaches the best score.
     */
    private static List<ScoundrelMove> line(Search search, Position root, int alpha, int beta) {
        List<ScoundrelMove> line = new ArrayList<>();
        Position p = root;
        while (!p.over()) {
            int move = search.bestMove(p, alpha, beta);
            line.add(Search.toMove(move));
            p = search.apply(p, move);
        }
        return line;
    }

    /**
     * The state after the deal of {@code dungeon}, top first: health 20, no weapon, the first
     * room of up to 4 cards drawn from the top.
     *
     * @throws IllegalArgumentException for a binding that does not fit the ruleset or repeated cards
     */
    public static ScoundrelState start(List<Card> dungeon, Ruleset ruleset, WeaponBinding binding) {
        if (dungeon.stream().distinct().count() != dungeon.size()) {
            throw new IllegalArgumentException("a dungeon holds each card at most once: " + dungeon);
        }
        int room = Math.min(ScoundrelRules.ROOM_SIZE, dungeon.size());
        return new ScoundrelState(ruleset, binding, dungeon.subList(room, dungeon.size()), dungeon.subList(0, room),
                List.of(), ScoundrelRules.MAX_HEALTH, null, List.of(), false, false, false, null);
    }

    /** The score at the end of {@code line} played from {@code state}. */
    private static int score(ScoundrelState state, List<ScoundrelMove> line) {
        ScoundrelState s = state;
        for (ScoundrelMove m : line) {
            s = RULES.apply(s, PLAYER, m);
        }
        return RULES.result(s).orElseThrow().score();
    }

    /**
     * Replays {@code line} through the rules: it must end the game with {@code score}, or for
     * {@code score} 1 with a win.
     */
    private static void checkLine(ScoundrelState state, List<ScoundrelMove> line, int score) {
        ScoundrelState s = state;
        for (ScoundrelMove m : line) {
            s = RULES.apply(s, PLAYER, m);
        }
        ScoundrelResult result = RULES.result(s).orElseThrow(
                () -> new IllegalStateException("the solver's line does not end the game"));
        if (score == 1 ? result.score() < 1 : result.score() != score) {
            throw new IllegalStateException("the solver's line scores " + result.score() + ", not " + score);
        }
    }
}
