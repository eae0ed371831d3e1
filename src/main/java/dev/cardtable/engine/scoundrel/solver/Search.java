package dev.cardtable.engine.scoundrel.solver;

import dev.cardtable.engine.scoundrel.Card;
import dev.cardtable.engine.scoundrel.ScoundrelMove;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.engine.scoundrel.ScoundrelState;
import dev.cardtable.engine.scoundrel.ScoundrelState.Ruleset;
import dev.cardtable.engine.scoundrel.ScoundrelState.WeaponBinding;

import java.util.ArrayList;
import java.util.List;

/**
 * One depth-first search with full information, a transposition table and bound pruning: a
 * maximising alpha-beta search (fail-soft) over the only seat's moves. A call with the window
 * {@code (alpha, beta)} returns the exact best score of a position when it lies inside the window,
 * and otherwise a bound on the side it fell. Not thread-safe; one per solve.
 */
final class Search {

    /** Below every score ({@code scoundrel.md}, "Score": the lowest is −188). */
    static final int FLOOR = -1000;
    /** Above every score (the highest is 30). */
    static final int CEILING = 1000;
    /** Move code of an avoid; a play is the card index, plus {@link #BAREHANDED} for a barehanded fight. */
    static final int AVOID = -1;
    static final int BAREHANDED = 64;

    private final boolean simple;
    private final WeaponBinding binding;
    private final Tape tape = new Tape();
    private final Table table;
    private final WinTable wins;
    private final long maxNodes;
    private final long deadline;
    private final List<Level> levels = new ArrayList<>();
    private long nodes;

    /** Thrown to unwind the search when the budget runs out; carries no stack trace. */
    static final class OutOfBudget extends RuntimeException {
        OutOfBudget() {
            super(null, null, false, false);
        }
    }

    Search(ScoundrelState state, Budget budget) {
        this.simple = state.ruleset() == Ruleset.SIMPLE;
        this.binding = state.weaponBinding();
        this.maxNodes = budget.maxNodes();
        // Small budgets (hints) search a few hundred positions: start the tables small; they grow.
        int capacity = (int) Math.min(1 << 12, budget.maxNodes());
        this.table = new Table(capacity);
        this.wins = new WinTable(capacity);
        this.deadline = budget.maxMillis() == 0 ? Long.MAX_VALUE : System.nanoTime() + budget.maxMillis() * 1_000_000L;
    }

    Position root(ScoundrelState state) {
        return Position.of(state, tape);
    }

    long nodes() {
        return nodes;
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
        if (++nodes > maxNodes || ((nodes & 0xFFF) == 0 && System.nanoTime() > deadline)) {
            throw new OutOfBudget();
        }
        if (p.over()) {
            return p.score();
        }
        long k1 = key1(p);
        long k2 = key2(p);
        int slot = table.find(k1, k2);
        if (slot >= 0) {
            int v = table.value(slot);
            int kind = table.kind(slot);
            if (kind == Table.EXACT || (kind == Table.UPPER && v <= alpha) || (kind == Table.LOWER && v >= beta)) {
                return v;
            }
        }
        int bound = p.upperBound();
        if (bound <= alpha) {
            return bound;
        }
        Level level = level(depth);
        int n = children(p, level);
        int best = FLOOR - 1;
        int bestMove = level.moves[0];
        for (int i = 0; i < n; i++) {
            int floor = Math.max(alpha, best);
            if (level.bounds[i] <= floor) {
                if (level.bounds[i] > best) {
                    best = level.bounds[i];
                    bestMove = level.moves[i];
                }
                continue;
            }
            if (level.moves[i] == AVOID) {
                // A sibling's subtree may have written other cards where this avoid put the room.
                writeRoom(p);
            }
            int v = search(level.children[i], floor, beta, depth + 1);
            if (v > best) {
                best = v;
                bestMove = level.moves[i];
            }
            if (best >= beta || best >= bound) {
                break;
            }
        }
        int kind = best >= bound ? Table.EXACT : best >= beta ? Table.LOWER : best <= alpha ? Table.UPPER : Table.EXACT;
        table.put(k1, k2, best, kind, bestMove);
        return best;
    }

    /**
     * Whether {@code p} can be won: the null-window search at 0, with positions that differ only
     * in health merged by {@link WinTable}.
     *
     * @throws OutOfBudget when the node or time budget is spent
     */
    boolean wins(Position p) {
        return wins(p, 0);
    }

    private boolean wins(Position p, int depth) {
        if (++nodes > maxNodes || ((nodes & 0xFFF) == 0 && System.nanoTime() > deadline)) {
            throw new OutOfBudget();
        }
        if (p.over()) {
            return p.score() > 0;
        }
        long k1 = key1(p, false);
        long k2 = key2(p, false);
        int slot = wins.find(k1, k2);
        if (slot >= 0) {
            if (p.health >= wins.leastWin(slot)) {
                return true;
            }
            if (p.health <= wins.mostLoss(slot)) {
                return false;
            }
        }
        if (p.rawBound() <= 0) {
            return false;
        }
        Level level = level(depth);
        int n = children(p, level);
        for (int i = 0; i < n; i++) {
            if (level.bounds[i] <= 0) {
                continue;
            }
            if (level.moves[i] == AVOID) {
                writeRoom(p);
            }
            if (wins(level.children[i], depth + 1)) {
                wins.win(k1, k2, p.health, level.moves[i]);
                return true;
            }
        }
        wins.loss(k1, k2, p.health);
        return false;
    }

    /** The move that wins from {@code p}, which {@link #wins(Position)} has shown can be won. */
    int winningMove(Position p) {
        int slot = wins.find(key1(p, false), key2(p, false));
        if (slot < 0 || p.health < wins.leastWin(slot)) {
            if (!wins(p, 0)) {
                throw new IllegalStateException("not a winning position");
            }
            slot = wins.find(key1(p, false), key2(p, false));
        }
        return wins.move(slot);
    }

    /**
     * The best move for {@code p} within the window {@code (alpha, beta)}: the table's, if its
     * entry for {@code p} is exact or a lower bound of at least {@code beta}; otherwise found by
     * searching {@code p} first.
     */
    int bestMove(Position p, int alpha, int beta) {
        int slot = table.find(key1(p), key2(p));
        if (slot < 0 || !(table.kind(slot) == Table.EXACT
                || (table.kind(slot) == Table.LOWER && table.value(slot) >= beta))) {
            search(p, alpha, beta, 0);
            slot = table.find(key1(p), key2(p));
        }
        return slot < 0 ? AVOID - 1 : table.move(slot);
    }

    /** The children of one depth of the search, reused from node to node. */
    private static final class Level {
        final int[] moves = new int[1 + 2 * ScoundrelRules.ROOM_SIZE];
        final int[] bounds = new int[moves.length];
        final int[] order = new int[moves.length];
        final Position[] children = new Position[moves.length];

        Level() {
            for (int i = 0; i < children.length; i++) {
                children[i] = new Position();
            }
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
        int[] moves = level.moves;
        int[] bounds = level.bounds;
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
        int[] order = level.order;
        for (int i = 0; i < n; i++) {
            Position c = children[i];
            bounds[i] = c.over() ? c.score() : c.upperBound();
            order[i] = c.over() ? (c.score() > 0 ? 10_000 + c.score() : -10_000 + c.score()) : c.rawBound();
        }
        for (int i = 1; i < n; i++) {
            for (int j = i; j > 0 && order[j] > order[j - 1]; j--) {
                swap(moves, j);
                swap(bounds, j);
                swap(order, j);
                Position t = children[j];
                children[j] = children[j - 1];
                children[j - 1] = t;
            }
        }
        return n;
    }

    private static void swap(int[] a, int j) {
        int t = a[j];
        a[j] = a[j - 1];
        a[j - 1] = t;
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

    private long key1(Position p) {
        return key1(p, true);
    }

    private long key2(Position p) {
        return key2(p, true);
    }

    private long key1(Position p, boolean withHealth) {
        long room = roomHash(p, true);
        long scalars = scalars(p, withHealth);
        return Tape.mix(tape.hash1(p.head, p.tail) * 0x9E3779B97F4A7C15L + room * 0xD6E8FEB86659FD93L + scalars);
    }

    private long key2(Position p, boolean withHealth) {
        long room = roomHash(p, false);
        long scalars = scalars(p, withHealth);
        return Tape.mix(tape.hash2(p.head, p.tail) * 0xC2B2AE3D27D4EB4FL + room * 0x165667B19E3779F9L + ~scalars);
    }

    /**
     * The room as a set once a card of it has been faced (it can no longer be avoided, so its
     * order no longer matters), else as a sequence (an avoid sends it to the bottom in order).
     */
    private static long roomHash(Position p, boolean first) {
        long h = 0;
        for (int i = 0; i < p.roomSize; i++) {
            long r = first ? Tape.r1(p.room[i]) : Tape.r2(p.room[i]);
            h = p.roomFaced ? h + r : h * 31 + r;
        }
        return h;
    }

    private static long scalars(Position p, boolean withHealth) {
        return (withHealth ? p.health : 0)
                | (long) p.weapon << 8
                | (long) p.lastSlain << 16
                | (p.previousRoomAvoided ? 1L << 24 : 0)
                | (p.roomFaced ? 1L << 25 : 0)
                | (p.potionUsed ? 1L << 26 : 0)
                | (long) p.roomSize << 28;
    }
}
