package dev.cardtable.engine.scoundrel.solver;

import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.scoundrel.Card;
import dev.cardtable.engine.scoundrel.ScoundrelMove;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.ScoundrelState;
import dev.cardtable.engine.scoundrel.ScoundrelState.Ruleset;
import dev.cardtable.engine.scoundrel.ScoundrelState.WeaponBinding;
import dev.cardtable.engine.scoundrel.ScoundrelView;

import java.util.ArrayList;
import java.util.List;

/**
 * Hints that use only what the player knows: a {@link ScoundrelView}, never a state. The order of
 * the unseen dungeon cards is sampled ({@code view.unseen()} shuffled, then the known
 * {@code view.bottomRooms()} below them), and every legal move is judged on each sampled order
 * (determinised search): by the {@link ScoundrelSolver} within a small node budget, and by a
 * {@link Greedy} play-out where the budget runs out or the solver proves the position lost (so
 * when no move wins, the hint ranks moves by greedy play-outs, not by the best losing line, and
 * its reason says so). The move found to win in the most samples
 * is recommended; ties go to the best total score over the samples, then to the first move in
 * {@link ScoundrelRules#legalMoves} order.
 *
 * <p>Deterministic: the sampler is seeded from the view, the ruleset and the binding, and budgets
 * count positions, not time. So the same view always gets the same hint, whatever the hidden
 * order is. Stateless and thread-safe.
 */
public final class ScoundrelHints {

    /** Dungeon orders sampled when some cards are unseen. */
    public static final int SAMPLES = 10;
    /**
     * Positions the solver may search per sampled order and move, beyond what the moves judged
     * before on the same order left in the shared table.
     */
    public static final long NODES_PER_MOVE = 20_000;
    /** Positions the solver may search per move when nothing is unseen, so one order is exact. */
    public static final long NODES_KNOWN = 200_000;

    private static final ScoundrelRules RULES = new ScoundrelRules();
    private static final Seat PLAYER = Seat.of(0);

    /**
     * The hint for the player who sees {@code view}.
     *
     * @param view    the seat's view of a game that is not over
     * @param ruleset the game's ruleset
     * @param binding the game's weapon binding ({@link WeaponBinding#NONE} for {@code simple})
     * @throws IllegalArgumentException when the view shows a finished game (no legal move)
     */
    public Hint hint(ScoundrelView view, Ruleset ruleset, WeaponBinding binding) {
        Rng rng = Rng.fromSeed("hint:" + ruleset.id() + ":" + binding + ":" + view);
        ScoundrelState first = sample(view, ruleset, binding, rng);
        List<ScoundrelMove> legal = RULES.legalMoves(first, PLAYER);
        if (legal.isEmpty()) {
            throw new IllegalArgumentException("the game is over: there is no move to hint");
        }
        if (legal.size() == 1) {
            return new Hint(legal.getFirst(), "the only legal move", 0, 0);
        }
        int samples = view.unseen().size() <= 1 ? 1 : SAMPLES;
        long nodes = samples == 1 ? NODES_KNOWN : NODES_PER_MOVE;
        int[] wins = new int[legal.size()];
        long[] scores = new long[legal.size()];
        int mostWins = 0;
        // One search for all judgements: its table is emptied, not reallocated, between samples,
        // and shared by the moves of one sample.
        Budget unlimited = Budget.nodes(Long.MAX_VALUE);
        Search search = new Search(first, unlimited);
        ScoundrelState state = first;
        int[] codes = legal.stream().mapToInt(Search::code).toArray();
        for (int k = 0; k < samples; k++) {
            if (k > 0) {
                state = sample(view, ruleset, binding, rng);
            }
            Position root = search.reset(state, unlimited);
            for (int i = 0; i < legal.size(); i++) {
                if (wins[i] + samples - k < mostWins) {
                    // Even winning every sample left, this move ends with fewer wins than another
                    // already has: it cannot be recommended, so judging it would change nothing.
                    continue;
                }
                int score = search.judge(root, codes[i], nodes);
                wins[i] += score > 0 ? 1 : 0;
                scores[i] += score;
                mostWins = Math.max(mostWins, wins[i]);
            }
        }
        int best = 0;
        for (int i = 1; i < legal.size(); i++) {
            if (wins[i] > wins[best] || (wins[i] == wins[best] && scores[i] > scores[best])) {
                best = i;
            }
        }
        return new Hint(legal.get(best), reason(view, wins[best], samples, scores[best]), wins[best], samples);
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
