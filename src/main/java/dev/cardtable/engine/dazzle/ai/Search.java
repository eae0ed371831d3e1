package dev.cardtable.engine.dazzle.ai;

import dev.cardtable.engine.Rng;

import java.util.Arrays;

/**
 * One information-set MCTS decision (see {@link IsmctsPlayer}). Single-threaded and used once.
 */
final class Search {

    /**
     * Search settings.
     *
     * @param exploration the UCB1 exploration constant for rewards in [0, 1]
     * @param marginWeight the share of the reward given by the points margin (rest: win/draw/loss)
     * @param greedy      the chance that a playout move is the heuristic's rather than random
     * @param heuristic   the playout heuristic
     * @param presentSamples when above 0, playouts are guided cheaply instead of by {@code greedy}:
     *                    a presentation is the heuristic's best of that many random pairs of the hand
     * @param chooseGreedy with guided playouts, the chance that a choice is the heuristic's rather
     *                    than random
     * @param width       when above 0, the tree considers only that many presentations at each
     *                    presenting node: the best for the presenter by {@link Heuristic#presentValue}
     * @param evalWeight  the share of the reward given by the heuristic's score of the leaf
     *                    ({@link Heuristic#tableValue}) as a win chance, the logistic of the score over
     *                    {@code evalScale}; 1 plays no playouts
     * @param evalScale   points of heuristic score per unit of log-odds
     */
    // Heuristic playouts (greedy 0.5 or 1) cost two to three times as much per iteration and did not
    // win more often against the heuristic level at equal iterations, so playouts are uniformly
    // random; the time goes into more iterations instead, which did help (12000 beat 4000 in 63% of
    // decided games). The exploration constant 0.7 beat 0.4 and 1.0 head to head.
    record Config(double exploration, double marginWeight, double greedy, Heuristic heuristic,
                  int presentSamples, double chooseGreedy, int width, double evalWeight, double evalScale) {
        static final Config STANDARD = new Config(0.7, 0.1, 0.0, Heuristic.STANDARD);


        Config(double exploration, double marginWeight, double greedy, Heuristic heuristic) {
            this(exploration, marginWeight, greedy, heuristic, 0, 0, 0, 0, 1);
        }
    }

    private static final class Node {
        final int move;
        /** The seat that played {@link #move}; rewards here are from its side. */
        final int mover;
        int visits, available;
        double reward;
        Node[] children = new Node[0];
        /** The moves of {@link #children}, kept sorted so that lookups are binary searches. */
        int[] childMoves = new int[0];
        int size;
        /**
         * presentValue[a * 12 + b]: the presenter's heuristic value of presenting kinds a and b here,
         * filled on first use; the table at a node is the same in every guess, so it is too.
         */
        double[] presentValue;

        Node(int move, int mover) {
            this.move = move;
            this.mover = mover;
        }

        Node child(int move) {
            int i = Arrays.binarySearch(childMoves, 0, size, move);
            return i >= 0 ? children[i] : null;
        }

        Node add(int move, int mover) {
            Node n = new Node(move, mover);
            if (size == children.length) {
                int cap = Math.max(4, size * 2);
                children = Arrays.copyOf(children, cap);
                childMoves = Arrays.copyOf(childMoves, cap);
            }
            int i = size;
            while (i > 0 && childMoves[i - 1] > move) {
                children[i] = children[i - 1];
                childMoves[i] = childMoves[i - 1];
                i--;
            }
            children[i] = n;
            childMoves[i] = move;
            size++;
            return n;
        }
    }

    private final Determinizer determinizer;
    private final Config config;
    private final Rng rng;
    private final Position pos = new Position();
    private final int[] moves = new int[Position.MOVES];
    private final int[] untried = new int[Position.MOVES];
    private final Node[] found = new Node[Position.MOVES];
    private Node[] path = new Node[64];
    private final double exploration;
    private final int width;
    private final double[] scratchValue = new double[Position.MOVES];
    /** sqrtLog[n] = sqrt(ln n). */
    private double[] sqrtLog;

    Search(Determinizer determinizer, Config config, Rng rng) {
        this.determinizer = determinizer;
        this.config = config;
        this.rng = rng;
        this.exploration = config.exploration();
        this.width = config.width();
    }

    /**
     * Runs {@code iterations} iterations and returns the most visited of {@code candidates} (the
     * root's legal moves); ties go to the higher mean reward, then to the first candidate.
     */
    int run(int iterations, int[] candidates) {
        // A node is available at most once per iteration; tabulating the logarithms takes it out
        // of the innermost loop.
        sqrtLog = new double[iterations + 1];
        for (int i = 1; i <= iterations; i++) {
            sqrtLog[i] = Math.sqrt(Math.log(i));
        }
        Node root = new Node(-1, -1);
        for (int it = 0; it < iterations; it++) {
            iterate(root);
        }
        int best = candidates[0];
        long bestVisits = -1;
        double bestMean = Double.NEGATIVE_INFINITY;
        for (int m : candidates) {
            Node c = root.child(m);
            int v = c == null ? 0 : c.visits;
            double mean = c == null || c.visits == 0 ? 0 : c.reward / c.visits;
            if (v > bestVisits || (v == bestVisits && mean > bestMean)) {
                best = m;
                bestVisits = v;
                bestMean = mean;
            }
        }
        return best;
    }

    private void iterate(Node root) {
        determinizer.sample(rng, pos);
        Node node = root;
        int depth = 0;
        path[depth++] = root;
        while (!pos.over()) {
            int n = pos.legalMoves(moves);
            if (width > 0 && n > width && pos.presenting()) {
                n = keepBest(node, n);
            }
            int nUntried = 0;
            Node best = null;
            double bestScore = Double.NEGATIVE_INFINITY;
            // Every child legal in this guess was available to choose.
            int nFound = 0;
            for (int i = 0; i < n; i++) {
                Node c = node.child(moves[i]);
                if (c == null) {
                    untried[nUntried++] = moves[i];
                } else {
                    c.available++;
                    found[nFound++] = c;
                }
            }
            int mover = pos.mover();
            if (nUntried > 0) {
                int m = untried[rng.below(nUntried)];
                node = node.add(m, mover);
                pos.apply(m);
                push(node, depth++);
                break;
            }
            for (int i = 0; i < nFound; i++) {
                Node c = found[i];
                double score = (c.reward + exploration * sqrtLog[c.available] * Math.sqrt(c.visits)) / c.visits;
                if (score > bestScore) {
                    bestScore = score;
                    best = c;
                }
            }
            node = best;
            pos.apply(best.move);
            push(node, depth++);
        }
        double r0;
        double ew = config.evalWeight();
        if (ew > 0) {
            double e = 1 / (1 + Math.exp(-config.heuristic().tableValue(pos) / config.evalScale()));
            if (ew >= 1) {
                r0 = pos.over() ? reward() : e;
            } else {
                playout();
                r0 = (1 - ew) * reward() + ew * e;
            }
        } else {
            playout();
            r0 = reward();
        }
        for (int i = 1; i < depth; i++) {
            Node nd = path[i];
            nd.visits++;
            nd.reward += nd.mover == 0 ? r0 : 1 - r0;
        }
        root.visits++;
    }

    /**
     * Keeps in {@code moves[0..width)} the {@code width} best of the {@code n} presentations in
     * {@code moves} for the presenter at {@code node} (ties to the lower move), in ascending order.
     */
    private int keepBest(Node node, int n) {
        double[] values = node.presentValue;
        if (values == null) {
            values = node.presentValue = new double[Position.OWN];
            java.util.Arrays.fill(values, Double.NaN);
        }
        Heuristic h = config.heuristic();
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            double v = values[m];
            if (Double.isNaN(v)) {
                v = values[m] = h.presentValue(pos, m / Position.KINDS, m % Position.KINDS);
            }
            scratchValue[i] = v;
        }
        // Partial selection sort of the best width, then back to ascending move order.
        for (int k = 0; k < width; k++) {
            int bi = k;
            for (int i = k + 1; i < n; i++) {
                if (scratchValue[i] > scratchValue[bi] || (scratchValue[i] == scratchValue[bi] && moves[i] < moves[bi])) {
                    bi = i;
                }
            }
            int tm = moves[k];
            moves[k] = moves[bi];
            moves[bi] = tm;
            double tv = scratchValue[k];
            scratchValue[k] = scratchValue[bi];
            scratchValue[bi] = tv;
        }
        Arrays.sort(moves, 0, width);
        return width;
    }

    private void push(Node node, int depth) {
        if (depth == path.length) {
            path = Arrays.copyOf(path, depth * 2);
        }
        path[depth] = node;
    }

    private void playout() {
        if (config.presentSamples() > 0) {
            guidedPlayout();
            return;
        }
        double greedy = config.greedy();
        while (!pos.over()) {
            int m;
            if (greedy > 0 && (greedy >= 1 || (rng.next() >>> 11) * 0x1.0p-53 < greedy)) {
                m = config.heuristic().choose(pos, moves, rng);
            } else {
                m = randomMove();
            }
            pos.apply(m);
        }
    }

    /**
     * A playout whose moves are cheap heuristic guesses: each presentation is the best for the
     * presenter ({@link Heuristic#presentValue}) of a few random pairs of its hand, each choice the
     * better split ({@link Heuristic#choiceValue}) with probability {@code chooseGreedy}, else random.
     */
    private void guidedPlayout() {
        Heuristic h = config.heuristic();
        int samples = config.presentSamples();
        double chooseGreedy = config.chooseGreedy();
        while (!pos.over()) {
            int m;
            if (!pos.presenting()) {
                int a = pos.offerA, b = pos.offerB;
                if (a == b) {
                    m = Position.OWN + a;
                } else if (chooseGreedy > 0 && (rng.next() >>> 11) * 0x1.0p-53 < chooseGreedy) {
                    double va = h.choiceValue(pos, a, b), vb = h.choiceValue(pos, b, a);
                    m = Position.OWN + (va > vb ? a : vb > va ? b : rng.below(2) == 0 ? a : b);
                } else {
                    m = Position.OWN + (rng.below(2) == 0 ? a : b);
                }
            } else if (pos.handSize[pos.mover()] == 2) {
                m = randomMove();
            } else {
                int[] hand = pos.hand[pos.mover()];
                int size = pos.handSize[pos.mover()];
                m = -1;
                double best = Double.NEGATIVE_INFINITY;
                for (int s = 0; s < samples; s++) {
                    int i = rng.below(size), j = rng.below(size - 1);
                    if (j >= i) {
                        j++;
                    }
                    int a = nth(hand, i), b = nth(hand, j);
                    double v = h.presentValue(pos, a, b);
                    if (v > best) {
                        best = v;
                        m = Position.present(a, b);
                    }
                }
            }
            pos.apply(m);
        }
    }

    /**
     * A random move without listing them all, which dominates the cost of a playout: two cards of
     * the hand drawn uniformly (so pairs of codes held twice come up more often, which is fine for
     * a playout), or either offered card.
     */
    private int randomMove() {
        if (!pos.presenting()) {
            return Position.OWN + (rng.below(2) == 0 ? pos.offerA : pos.offerB);
        }
        int[] hand = pos.hand[pos.mover()];
        int size = pos.handSize[pos.mover()];
        if (size == 2) {
            int a = -1;
            for (int k = 0; k < Position.KINDS; k++) {
                if (hand[k] > 0) {
                    if (hand[k] == 2) {
                        return Position.present(k, k);
                    }
                    if (a >= 0) {
                        return Position.present(a, k);
                    }
                    a = k;
                }
            }
        }
        int i = rng.below(size), j = rng.below(size - 1);
        if (j >= i) {
            j++;
        }
        return Position.present(nth(hand, i), nth(hand, j));
    }

    /** The kind of the {@code i}-th card of a hand given as counts per kind. */
    private static int nth(int[] hand, int i) {
        int k = 0;
        while (i >= hand[k]) {
            i -= hand[k++];
        }
        return k;
    }

    /** Seat 0's reward for the finished playout, in [0, 1]. */
    private double reward() {
        int margin = pos.score(0) - pos.score(1);
        double outcome = margin > 0 ? 1 : margin < 0 ? 0 : 0.5;
        // 66 points exist; a margin of 33 or more earns the whole margin share.
        double m = Math.max(-1, Math.min(1, margin / 33.0));
        return (1 - config.marginWeight()) * outcome + config.marginWeight() * (0.5 + 0.5 * m);
    }
}
