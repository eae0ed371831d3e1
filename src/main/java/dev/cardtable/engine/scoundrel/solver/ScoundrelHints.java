package dev.cardtable.engine.scoundrel.solver;

import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.scoundrel.Card;
import dev.cardtable.engine.scoundrel.ScoundrelMove;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.ScoundrelState.Ruleset;
import dev.cardtable.engine.scoundrel.ScoundrelState.WeaponBinding;
import dev.cardtable.engine.scoundrel.ScoundrelState;
import dev.cardtable.engine.scoundrel.ScoundrelView;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Hints that use only what the player knows: a {@link ScoundrelView}, never a state. The order of
 * the unseen dungeon cards is sampled ({@code view.unseen()} shuffled, then the known
 * {@code view.bottomRooms()} below them), and every legal move is judged on each sampled order
 * (determinised search) by the {@link ScoundrelSolver}'s win search: a move wins on an order when
 * the search proves that the position after it can be won.
 *
 * <p>The cost of a hint is bounded by design: all judgements share one budget of positions
 * ({@link #NODES} by default) and one table. They are deepened in rounds: in the first round
 * every judgement may search {@link #FIRST_SLICE} positions, and each later round doubles that
 * for the judgements still undecided (each round a restart that breaks ties between moves of
 * near-equal promise in another order, as the solver's restarts do), until the budget is spent.
 * Only moves that can still be recommended are searched further: a move whose wins so far plus
 * its undecided orders fall below another move's wins is dropped, and the rounds stop as soon as
 * one move has more wins than any other could still reach. So the budget goes to the judgements
 * that decide the hint, and easy positions (late in a game) cost far less than the budget.
 *
 * <p>The move found to win in the most samples is recommended; ties go to the best total score
 * over the samples — a winning line's score where a win was found, else that of a {@link Greedy}
 * play-out (so when no move wins, the hint ranks moves by greedy play-outs, not by the best losing
 * line, and its reason says so) — then to the first move in {@link ScoundrelRules#legalMoves}
 * order.
 *
 * <p>Deterministic: the sampler is seeded from the view, the ruleset and the binding, and budgets
 * count positions, never time. So the same view always gets the same hint, whatever the hidden
 * order is. Stateless and thread-safe.
 */
public final class ScoundrelHints {

    /** Dungeon orders sampled when some cards are unseen. */
    public static final int SAMPLES = 10;
    /** Positions one hint may search in all, over all its sampled orders and moves. */
    public static final long NODES = 150_000;
    /** Positions each judgement may search in the first round; each later round doubles it. */
    public static final long FIRST_SLICE = 1_000;

    private static final ScoundrelRules RULES = new ScoundrelRules();
    private static final Seat PLAYER = Seat.of(0);
    private static final byte OPEN = 0;
    private static final byte WON = 1;
    private static final byte LOST = 2;

    private final long nodes;
    private final int samples;

    /** Hints with {@link #NODES} positions and {@link #SAMPLES} sampled orders. */
    public ScoundrelHints() {
        this(NODES, SAMPLES);
    }

    /**
     * Hints with another budget, for benchmarks.
     *
     * @param nodes   positions one hint may search in all, at least 1
     * @param samples dungeon orders sampled when some cards are unseen, at least 1
     * @throws IllegalArgumentException when either is below 1
     */
    public ScoundrelHints(long nodes, int samples) {
        if (nodes < 1 || samples < 1) {
            throw new IllegalArgumentException("a hint needs at least one position and one sample");
        }
        this.nodes = nodes;
        this.samples = samples;
    }

    /**
     * The hint for the player who sees {@code view}.
     *
     * @param view    the seat's view of a game that is not over
     * @param ruleset the game's ruleset
     * @param binding the game's weapon binding ({@link WeaponBinding#NONE} for {@code simple})
     * @throws IllegalArgumentException when the view shows a finished game (no legal move)
     */
    public Hint hint(ScoundrelView view, Ruleset ruleset, WeaponBinding binding) {
        return hint(view, ruleset, binding, positions -> { });
    }

    /**
     * {@link #hint(ScoundrelView, Ruleset, WeaponBinding)}, telling {@code searched} how many
     * positions the hint searched in all (at most the budget and one more; not called for a
     * hint of the only legal move).
     */
    Hint hint(ScoundrelView view, Ruleset ruleset, WeaponBinding binding, LongConsumer searched) {
        Rng rng = Rng.fromSeed("hint:" + ruleset.id() + ":" + binding + ":" + view);
        ScoundrelState first = sample(view, ruleset, binding, rng);
        List<ScoundrelMove> legal = RULES.legalMoves(first, PLAYER);
        if (legal.isEmpty()) {
            throw new IllegalArgumentException("the game is over: there is no move to hint");
        }
        if (legal.size() == 1) {
            return new Hint(legal.getFirst(), "the only legal move", 0, 0);
        }
        int n = view.unseen().size() <= 1 ? 1 : samples;
        ScoundrelState[] orders = new ScoundrelState[n];
        orders[0] = first;
        for (int k = 1; k < n; k++) {
            orders[k] = sample(view, ruleset, binding, rng);
        }
        Judgements j = new Judgements(legal.stream().mapToInt(Search::code).toArray(), orders, nodes);
        j.run();
        searched.accept(j.searched());
        int best = j.best();
        return new Hint(legal.get(best), reason(view, j.wins[best], n, j.scoreSum(best)), j.wins[best], n);
    }

    /**
     * The judgements of one hint: for every sampled order and move, whether the move is proven to
     * win ({@link #WON}, with a winning line's score), proven not to ({@link #LOST}), or not yet
     * decided ({@link #OPEN}). Not thread-safe: one per hint.
     */
    private static final class Judgements {
        private final int[] codes;
        private final ScoundrelState[] orders;
        private final byte[][] status;
        private final int[][] score;
        /** Per move: orders on which it is proven to win, and orders not yet decided. */
        final int[] wins;
        private final int[] open;
        private final Search search;
        /** Positions of the budget not yet searched. */
        private long left;
        /** Positions searched so far. */
        private long searched;

        Judgements(int[] codes, ScoundrelState[] orders, long nodes) {
            this.codes = codes;
            this.orders = orders;
            this.status = new byte[orders.length][codes.length];
            this.score = new int[orders.length][codes.length];
            this.wins = new int[codes.length];
            this.open = new int[codes.length];
            java.util.Arrays.fill(open, orders.length);
            this.search = new Search(orders[0], Budget.nodes(nodes));
            this.left = nodes;
        }

        /** Deepens the judgements round by round until the hint is decided or the budget spent. */
        void run() {
            long slice = FIRST_SLICE;
            for (int round = 0; left > 0 && !decided(); round++, slice = Math.min(slice * 2, Long.MAX_VALUE / 4)) {
                boolean any = false;
                for (int k = 0; k < orders.length && left > 0; k++) {
                    if (!hasOpenContender(k)) {
                        continue;
                    }
                    any = true;
                    Position root = search.reroot(orders[k], Budget.nodes(left));
                    for (int i = 0; i < codes.length && !search.spent(); i++) {
                        if (status[k][i] == OPEN && contender(i)) {
                            judge(root, k, i, round, slice);
                        }
                    }
                    searched += search.nodes();
                    left = Math.max(0, left - search.nodes());
                }
                if (!any) {
                    break;
                }
            }
            scoreTheRest();
        }

        /** One judgement of move {@code i} on order {@code k}, within {@code slice} positions. */
        private void judge(Position root, int k, int i, int round, long slice) {
            Position c = search.apply(root, codes[i]);
            if (c.over()) {
                settle(k, i, c.score() > 0 ? WON : LOST, c.score());
                return;
            }
            search.restart(round, slice);
            boolean won;
            try {
                won = search.search(c, 0, 1) > 0;
            } catch (Search.OutOfBudget e) {
                return;
            }
            settle(k, i, won ? WON : LOST, won ? winningScore(c) : 0);
        }

        /**
         * The score of a winning line from {@code c}, which is proven to win; 1 (the least win)
         * when the budget runs out while the line is followed.
         */
        private int winningScore(Position c) {
            search.restart(0, Long.MAX_VALUE);
            try {
                Position s = c;
                while (!s.over()) {
                    s = search.apply(s, search.winningMove(s));
                }
                return s.score();
            } catch (Search.OutOfBudget e) {
                return 1;
            }
        }

        private void settle(int k, int i, byte verdict, int points) {
            status[k][i] = verdict;
            score[k][i] = points;
            open[i]--;
            if (verdict == WON) {
                wins[i]++;
            }
        }

        /** Whether move {@code i} may still be recommended: it can still reach the most wins. */
        private boolean contender(int i) {
            return wins[i] + open[i] >= mostWins();
        }

        private int mostWins() {
            int most = 0;
            for (int w : wins) {
                most = Math.max(most, w);
            }
            return most;
        }

        private boolean hasOpenContender(int k) {
            for (int i = 0; i < codes.length; i++) {
                if (status[k][i] == OPEN && contender(i)) {
                    return true;
                }
            }
            return false;
        }

        /** Whether one move has more wins than any other could still reach. */
        private boolean decided() {
            int leader = 0;
            for (int i = 1; i < codes.length; i++) {
                if (wins[i] > wins[leader]) {
                    leader = i;
                }
            }
            for (int i = 0; i < codes.length; i++) {
                if (i != leader && wins[i] + open[i] >= wins[leader]) {
                    return false;
                }
            }
            return true;
        }

        /**
         * Scores the judgements of contending moves not proven to win by greedy play-outs on
         * their orders: what ties are broken by where no win was found.
         */
        private void scoreTheRest() {
            for (int k = 0; k < orders.length; k++) {
                Position root = null;
                for (int i = 0; i < codes.length; i++) {
                    if (status[k][i] != WON && contender(i)) {
                        if (root == null) {
                            root = search.reroot(orders[k], Budget.nodes(1));
                        }
                        Position c = search.apply(root, codes[i]);
                        score[k][i] = c.over() ? c.score() : search.greedyScore(c);
                    }
                }
            }
        }

        long searched() {
            return searched;
        }

        long scoreSum(int i) {
            long sum = 0;
            for (int[] s : score) {
                sum += s[i];
            }
            return sum;
        }

        /** The move with the most wins, then the best score sum, then the first. */
        int best() {
            int best = 0;
            for (int i = 1; i < codes.length; i++) {
                if (wins[i] > wins[best] || (wins[i] == wins[best] && scoreSum(i) > scoreSum(best))) {
                    best = i;
                }
            }
            return best;
        }
    }

    /**
     * A state the view could have come from: the unseen cards in an order drawn from
     * {@code rng}, above the known bottom rooms. The discard pile, which no longer matters, is
     * left empty.
     */
    static ScoundrelState sample(ScoundrelView view, Ruleset ruleset, WeaponBinding binding, Rng rng) {
        List<Card> dungeon = new ArrayList<>(cards(view.unseen()));
        rng.shuffle(dungeon);
        int known = 0;
        for (List<String> room : view.bottomRooms()) {
            dungeon.addAll(cards(room));
            known += room.size();
        }
        ScoundrelView.Weapon w = view.weapon();
        // Only avoiding depends on whether the previous room was avoided or a card of this one
        // faced; the view says whether avoiding is allowed, and that is all the state needs.
        return new ScoundrelState(ruleset, binding, dungeon, cards(view.room()), List.of(), view.health(),
                w == null ? null : Card.parse(w.card()), w == null ? List.of() : cards(w.slain()),
                !view.canAvoid(), false, view.potionUsedThisTurn(), null, known);
    }

    private static String reason(ScoundrelView view, int wins, int samples, long scores) {
        if (samples == 1) {
            return wins > 0 ? "wins: every card left is known"
                    : "no win found with every card left known; this move scored best in a quick play-out after it"
                    + " (score " + scores + "), which a careful player may beat";
        }
        String orders = samples + " sampled orders of the " + view.unseen().size() + " unseen cards";
        if (wins > 0) {
            return "wins in " + wins + " of " + orders;
        }
        return "no win found in " + orders + "; this move scored best in quick play-outs after it (average score "
                + Math.round((double) scores / samples) + "), which a careful player may beat";
    }

    private static List<Card> cards(List<String> codes) {
        return codes.stream().map(Card::parse).toList();
    }
}
