package dev.cardtable.engine.scoundrel.solver;

import dev.cardtable.engine.scoundrel.Card;
import dev.cardtable.engine.scoundrel.ScoundrelMove;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.ScoundrelState.Ruleset;
import dev.cardtable.engine.scoundrel.ScoundrelState.WeaponBinding;
import dev.cardtable.engine.scoundrel.ScoundrelState;

import java.util.ArrayList;
import java.util.List;

/**
 * One depth-first search with full information, a transposition table and bound pruning: a
 * maximising alpha-beta search (fail-soft) over the only seat's moves. A call with the window
 * {@code (alpha, beta)} returns the exact best score of a position when it lies inside the window,
 * and otherwise a bound on the side it fell. Not thread-safe: one per solve, or one reused through
 * {@link #reset} for many small searches in a row (a hint's).
 */
final class Search {

    /** Below every score ({@code scoundrel.md}, "Score": the lowest is −188). */
    static final int FLOOR = -1000;
    /** Above every score (the highest is 30). */
    static final int CEILING = 1000;
    /** Move code of an avoid; a play is the card index, plus {@link #BAREHANDED} for a barehanded fight. */
    static final int AVOID = -1;
    static final int BAREHANDED = 64;

    private boolean simple;
    private WeaponBinding binding;
    private final Tape tape = new Tape();
    private Table table;
    private long maxNodes;
    /** The node count at which the search stops: the budget's, or the end of a restart's slice. */
    private long limit;
    /** 0, or the restart whose seed shuffles moves of near-equal promise. */
    private int restart;
    private long deadline;
    private final List<Level> levels = new ArrayList<>();
    private final Position playOut = new Position();
    private long nodes;
    /** The two halves of the key {@link #keys} computed last. */
    private long lastKey1;
    private long lastKey2;
    /** The state of the position {@link #keys} saw last. */
    private int lastState;

    /** Thrown to unwind the search when the budget runs out; carries no stack trace. */
    static final class OutOfBudget extends RuntimeException {
        OutOfBudget() {
            super(null, null, false, false);
        }
    }

    Search(ScoundrelState state, Budget budget) {
        prepare(state, budget);
    }

    /**
     * Makes this a fresh search of {@code state} within {@code budget}, as if newly built, but
     * keeping the memory of its tables: for callers that run many small searches in a row.
     *
     * @return the root position of {@code state}
     */
    Position reset(ScoundrelState state, Budget budget) {
        prepare(state, budget);
        return root(state);
    }

    private void prepare(ScoundrelState state, Budget budget) {
        this.simple = state.ruleset() == Ruleset.SIMPLE;
        this.binding = state.weaponBinding();
        this.maxNodes = budget.maxNodes();
        this.limit = maxNodes;
        this.restart = 0;
        this.nodes = 0;
        if (table == null) {
            // Small budgets (hints) search a few hundred positions: start the tables small; they grow.
            int capacity = (int) Math.min(1 << 12, budget.maxNodes());
            this.table = new Table(capacity);
        } else {
            table.clear();
        }
        this.deadline = budget.maxMillis() == 0 ? Long.MAX_VALUE : System.nanoTime() + budget.maxMillis() * 1_000_000L;
    }

    /**
     * Makes this a search of {@code state} within {@code budget}, keeping what the table holds:
     * entries are keyed by the cards' order and values, not by where they lie on the tape, so
     * they stay true for any position of the same ruleset and binding.
     *
     * @return the root position of {@code state}
     */
    Position reroot(ScoundrelState state, Budget budget) {
        if (state.ruleset() != (simple ? Ruleset.SIMPLE : Ruleset.STANDARD) || state.weaponBinding() != binding) {
            throw new IllegalArgumentException("one search serves one ruleset and binding");
        }
        this.maxNodes = budget.maxNodes();
        this.limit = maxNodes;
        this.restart = 0;
        this.nodes = 0;
        this.deadline = budget.maxMillis() == 0 ? Long.MAX_VALUE : System.nanoTime() + budget.maxMillis() * 1_000_000L;
        return root(state);
    }

    Position root(ScoundrelState state) {
        return Position.of(state, tape);
    }

    long nodes() {
        return nodes;
    }

    /**
     * Starts restart number {@code round} (0 for the plain order): the search may expand
     * {@code slice} more positions, within the budget, and breaks ties between moves of
     * near-equal promise by a hash of the round. What the table proved stays: a restart only
     * searches elsewhere first.
     */
    void restart(int round, long slice) {
        this.restart = round;
        this.limit = slice >= maxNodes - nodes ? maxNodes : nodes + slice;
    }

    /** Whether the whole budget is spent (rather than a restart's slice). */
    boolean spent() {
        return nodes > maxNodes || System.nanoTime() > deadline;
    }

    /**
     * The best score from {@code p} if it lies strictly between {@code alpha} and {@code beta};
     * otherwise a bound on the same side: at most {@code alpha}, or at least {@code beta}.
     *
     * @throws OutOfBudget when the node or time budget is spent
     */
    int search(Position p, int alpha, int beta) {
        return search(p, alpha, beta, 0);
    }

    private int search(Position p, int alpha, int beta, int depth) {
        if (++nodes > limit || ((nodes & 0xFFF) == 0 && System.nanoTime() > deadline)) {
            throw new OutOfBudget();
        }
        if (p.over()) {
            return p.score();
        }
        keys(p);
        long k1 = lastKey1;
        long k2 = lastKey2;
        int state = lastState;
        table.probe(k1, k2, state);
        int lower = table.lower;
        int upper = table.upper;
        if (lower >= beta || lower == upper) {
            return lower;
        }
        if (upper <= alpha) {
            return upper;
        }
        int bound = Math.min(p.upperBound(), upper);
        if (bound <= alpha) {
            return bound;
        }
        Level level = level(depth);
        int n = children(p, level);
        int best = FLOOR - 1;
        int bestMove = level.moves[level.child(0)];
        for (int i = 0; i < n; i++) {
            int c = level.child(i);
            int floor = Math.max(alpha, best);
            if (level.bounds[c] <= floor) {
                if (level.bounds[c] > best) {
                    best = level.bounds[c];
                    bestMove = level.moves[c];
                }
                continue;
            }
            if (level.moves[c] == AVOID) {
                // A sibling's subtree may have written other cards where this avoid put the room.
                writeRoom(p);
            }
            int v = search(level.children[c], floor, beta, depth + 1);
            if (v > best) {
                best = v;
                bestMove = level.moves[c];
            }
            if (best >= beta || best >= bound) {
                break;
            }
        }
        if (best >= bound || best > alpha) {
            // A lower bound: at least beta, or exact (at the bound, or inside the window).
            table.putLower(k1, k2, state, best, bestMove);
        }
        if (best >= bound || best < beta) {
            table.putUpper(k1, k2, state, best);
        }
        return best;
    }

    /**
     * Whether {@code p} can be won: the null-window search at 0, sharing the table (and its
     * bounds carried across health and weapon states) with the search for the best score.
     *
     * @throws OutOfBudget when the node or time budget is spent
     */
    boolean wins(Position p) {
        return search(p, 0, 1, 0) > 0;
    }

    /** The move that wins from {@code p}, which {@link #wins(Position)} has shown can be won. */
    int winningMove(Position p) {
        return bestMove(p, 0, 1);
    }

    /**
     * A move from {@code p} that reaches at least {@code beta}, or the best move when the score
     * lies inside {@code (alpha, beta)}: the table's, if it proves that much; otherwise found by
     * searching {@code p} first. One of {@code p}'s legal moves.
     */
    int bestMove(Position p, int alpha, int beta) {
        keys(p);
        table.probe(lastKey1, lastKey2, lastState);
        if (!(table.lower >= beta || table.lower == table.upper)) {
            search(p, alpha, beta, 0);
            keys(p);
            table.probe(lastKey1, lastKey2, lastState);
        }
        if (table.lower <= Table.NO_LOWER) {
            throw new IllegalStateException("no move proven from this position");
        }
        return resolve(p, table.lowerMove);
    }

    /**
     * {@code move}, stored for a position keyed as {@code p}, as a move of {@code p}: a monster of
     * the same value in the other suit when the stored one is not in {@code p}'s room.
     */
    private static int resolve(Position p, int move) {
        if (move == AVOID) {
            return move;
        }
        int card = move & (BAREHANDED - 1);
        for (int i = 0; i < p.roomSize; i++) {
            if (p.room[i] == card) {
                return move;
            }
        }
        for (int i = 0; i < p.roomSize; i++) {
            if (Tape.canonical(p.room[i]) == Tape.canonical(card)) {
                return p.room[i] + (move & BAREHANDED);
            }
        }
        throw new IllegalStateException("card " + card + " is not in the room");
    }

    /** The children of one depth of the search, reused from node to node. */
    private static final class Level {
        final int[] moves = new int[1 + 2 * ScoundrelRules.ROOM_SIZE];
        final int[] bounds = new int[moves.length];
        /**
         * The search order: how promising each child is, shifted left by 4 bits, with 15 minus
         * the child's index in the low bits; sorted descending, so that equally promising
         * children keep their order of generation.
         */
        final int[] order = new int[moves.length];
        final Position[] children = new Position[moves.length];

        Level() {
            for (int i = 0; i < children.length; i++) {
                children[i] = new Position();
            }
        }

        /** The index of the {@code i}-th child to search. */
        int child(int i) {
            return 15 - (order[i] & 15);
        }
    }

    private Level level(int depth) {
        while (levels.size() <= depth) {
            levels.add(new Level());
        }
        return levels.get(depth);
    }

    /**
     * Fills the legal moves of {@code p} ({@code ScoundrelRules#legalMoves}), the positions they
     * lead to and those positions' upper bounds (their score when over), most promising first.
     */
    private int children(Position p, Level level) {
        int n = generate(p, level);
        int[] bounds = level.bounds;
        Position[] children = level.children;
        int[] order = level.order;
        for (int i = 0; i < n; i++) {
            Position c = children[i];
            int promise;
            if (c.over()) {
                int score = c.score();
                bounds[i] = score;
                promise = score > 0 ? 10_000 + score : -10_000 + score;
            } else {
                int raw = c.rawBound();
                bounds[i] = c.upperBound(raw);
                promise = raw;
                if (restart != 0) {
                    promise += (int) (Tape.mix(lastKey1 + restart * 0x9E3779B97F4A7C15L + i) & 7);
                }
            }
            order[i] = promise << 4 | (15 - i);
        }
        for (int i = 1; i < n; i++) {
            int key = order[i];
            int j = i;
            for (; j > 0 && key > order[j - 1]; j--) {
                order[j] = order[j - 1];
            }
            order[j] = key;
        }
        return n;
    }

    /**
     * Fills the legal moves of {@code p} and the positions they lead to, in
     * {@code ScoundrelRules#legalMoves} order: the avoid first when allowed, then each room card
     * in room order, a barehanded fight right after its plain one.
     */
    private int generate(Position p, Level level) {
        int[] moves = level.moves;
        Position[] children = level.children;
        int n = 0;
        if (avoidable(p)) {
            moves[n] = AVOID;
            avoid(p, children[n++]);
        }
        for (int i = 0; i < p.roomSize; i++) {
            int card = p.room[i];
            moves[n] = card;
            play(p, i, false, children[n++]);
            if (!simple && Position.KIND[card] == Position.MONSTER && weaponUsable(p, card)) {
                moves[n] = card + BAREHANDED;
                play(p, i, true, children[n++]);
            }
        }
        return n;
    }

    /**
     * The score of {@code p}'s game played on by {@link Greedy}: at each turn the legal move
     * whose position {@link Greedy} values most, less its penalty for an avoid, the first in
     * {@code ScoundrelRules#legalMoves} order on a tie. Leaves {@code p} as it is.
     */
    int greedyScore(Position p) {
        Position s = playOut.copyFrom(p);
        Level level = level(0);
        while (!s.over()) {
            int n = generate(s, level);
            int best = 0;
            int bestValue = Integer.MIN_VALUE;
            for (int i = 0; i < n; i++) {
                int v = greedyValue(level.children[i]) - (level.moves[i] == AVOID ? Greedy.AVOID_PENALTY : 0);
                if (v > bestValue) {
                    bestValue = v;
                    best = i;
                }
            }
            s.copyFrom(level.children[best]);
        }
        return s.score();
    }

    /** {@code Greedy}'s value of the position after a move. */
    private static int greedyValue(Position c) {
        if (c.over()) {
            return Greedy.value(c.score());
        }
        int reach = c.weapon == 0 ? 0 : c.lastSlain == 0 ? Greedy.FRESH_REACH : c.lastSlain;
        return Greedy.value(c.health, c.weapon, reach);
    }

    /**
     * A score that {@code p} can reach: a winning line's when the search shows within its budget
     * that {@code p} can be won, else that of {@link #greedyScore greedy play}. What a hint
     * judges a sampled position by.
     */
    int winOrGreedyScore(Position p) {
        if (p.over()) {
            return p.score();
        }
        try {
            if (wins(p)) {
                Position s = p;
                while (!s.over()) {
                    s = apply(s, winningMove(s));
                }
                return s.score();
            }
        } catch (OutOfBudget e) {
            // Undecided within the budget: greedy play judges it.
        }
        return greedyScore(p);
    }

    /** {@code ScoundrelRules}' avoid refusal, inverted. */
    private static boolean avoidable(Position p) {
        return !p.dungeonEmpty() && !p.roomFaced && p.roomSize == ScoundrelRules.ROOM_SIZE && !p.previousRoomAvoided;
    }

    private boolean weaponUsable(Position p, int monster) {
        if (p.weapon == 0 || p.lastSlain == 0) {
            return p.weapon != 0;
        }
        int v = Position.VALUE[monster];
        return switch (binding) {
            case LESS_OR_EQUAL -> v <= p.lastSlain;
            case STRICTLY_LESS -> v < p.lastSlain;
            case NONE -> true;
        };
    }

    /** A new position: {@code p} after {@code move} (a move code). */
    Position apply(Position p, int move) {
        Position c = new Position();
        if (move == AVOID) {
            avoid(p, c);
            return c;
        }
        int card = move & (BAREHANDED - 1);
        for (int i = 0; i < p.roomSize; i++) {
            if (p.room[i] == card) {
                play(p, i, move >= BAREHANDED, c);
                return c;
            }
        }
        throw new IllegalStateException("card " + card + " is not in the room");
    }

    /** Puts the room of {@code p} at the end of its dungeon on the tape, as an avoid does. */
    private void writeRoom(Position p) {
        for (int i = 0; i < p.roomSize; i++) {
            tape.write(p.tail + i, p.room[i]);
        }
    }

    /** Makes {@code c} the position after {@code p} avoids its room. */
    private void avoid(Position p, Position c) {
        c.copyFrom(p);
        writeRoom(p);
        c.tail += c.roomSize;
        c.roomSize = 0;
        c.previousRoomAvoided = true;
        c.roomFaced = false;
        c.potionUsed = false;
        refill(c);
    }

    /** Makes {@code c} the position after {@code p} faces its room card at {@code at}. */
    private void play(Position p, int at, boolean barehanded, Position c) {
        c.copyFrom(p);
        int card = c.room[at];
        System.arraycopy(c.room, at + 1, c.room, at, c.roomSize - at - 1);
        c.roomSize--;
        c.remaining &= ~(1L << card);
        int v = Position.VALUE[card];
        switch (Position.KIND[card]) {
            case Position.WEAPON -> {
                c.weapon = v;
                c.lastSlain = 0;
                c.reach = Position.reach(binding, v, 0);
            }
            case Position.POTION -> {
                if (simple || !c.potionUsed) {
                    c.health = Math.min(ScoundrelRules.MAX_HEALTH, c.health + v);
                }
                c.potionUsed = true;
            }
            default -> {
                if (!barehanded && weaponUsable(p, card)) {
                    c.health -= Math.max(0, v - c.weapon);
                    c.lastSlain = v;
                    c.reach = Position.reach(binding, c.weapon, v);
                } else {
                    c.health -= v;
                }
            }
        }
        c.roomFaced = true;
        c.lastFaced = card;
        if (c.health <= 0 || c.roomSize > 1 || c.dungeonEmpty()) {
            return;
        }
        c.previousRoomAvoided = false;
        c.roomFaced = false;
        c.potionUsed = false;
        refill(c);
    }

    private void refill(Position c) {
        while (c.roomSize < ScoundrelRules.ROOM_SIZE && c.head < c.tail) {
            c.room[c.roomSize++] = (byte) tape.card(c.head++);
        }
    }

    /** The move code as a {@link ScoundrelMove}. */
    static ScoundrelMove toMove(int move) {
        if (move == AVOID) {
            return new ScoundrelMove.Avoid();
        }
        Card card = Card.all().get(move & (BAREHANDED - 1));
        return new ScoundrelMove.Play(card, move >= BAREHANDED);
    }

    /** The move code of a {@link ScoundrelMove}. */
    static int code(ScoundrelMove move) {
        return switch (move) {
            case ScoundrelMove.Avoid a -> AVOID;
            case ScoundrelMove.Play play -> Position.index(play.card()) + (play.barehanded() ? BAREHANDED : 0);
            case ScoundrelMove.End end -> throw new IllegalArgumentException("the solver plays no " + end.kind());
        };
    }

    /**
     * Computes the key of {@code p} into {@link #lastKey1} and {@link #lastKey2}, and its
     * {@linkplain Table#state state} into {@link #lastState}. The key holds what the state does
     * not: the dungeon order, the room — as a set when it cannot be avoided (only an avoid reads
     * its order) — and whether it can be avoided (all the two turn flags decide). Cards are read
     * as the cards they {@linkplain Tape#canonical play exactly as}.
     */
    private void keys(Position p) {
        boolean avoidable = avoidable(p);
        long room1 = 0;
        long room2 = 0;
        boolean potionInRoom = false;
        for (int i = 0; i < p.roomSize; i++) {
            long r1 = Tape.r1(p.room[i]);
            long r2 = Tape.r2(p.room[i]);
            potionInRoom |= Position.KIND[p.room[i]] == Position.POTION;
            if (avoidable) {
                room1 = room1 * 31 + r1;
                room2 = room2 * 31 + r2;
            } else {
                room1 += r1;
                room2 += r2;
            }
        }
        long scalars = (avoidable ? 1L : 0L) | (long) p.roomSize << 4;
        lastKey1 = Tape.mix(tape.hash1(p.head, p.tail) * 0x9E3779B97F4A7C15L + room1 * 0xD6E8FEB86659FD93L + scalars);
        lastKey2 = Tape.mix(tape.hash2(p.head, p.tail) * 0xC2B2AE3D27D4EB4FL + room2 * 0x165667B19E3779F9L + ~scalars);
        // A potion flag matters only while a potion is in the room, and never in simple.
        boolean potionHeals = simple || !p.potionUsed || !potionInRoom;
        int reach = 0;
        int weapon = 0;
        if (p.weapon != 0) {
            long monsters = p.remaining & Position.MONSTERS;
            long hittable = monsters & Position.atMost(p.reach);
            reach = Position.highestValue(hittable);
            weapon = Math.min(p.weapon, reach);
        }
        lastState = Table.state(p.health, potionHeals, weapon, reach);
    }
}
