package dev.cardtable.engine.dazzle.ai;

import dev.cardtable.engine.Rng;

/**
 * The rule-based policy of the {@code heuristic} level ({@code dazzle.md}, "Computer opponents"),
 * also used to guide the search's playouts. It scores a table for one seat as
 * <pre>  sum over colours of (worth + bias) * lead(claim difference)</pre>
 * where {@code lead(d) = clamp(d / k, -1, 1)}: a colour counts for whoever leads it ("Scoring"),
 * a small lead counts less than a safe one, and the more so while many cards are still to come
 * ({@code k} grows with the cards left to place); {@code bias} values leads in colours whose pots
 * will still grow. The constants were tuned by playing against the {@code random} level. Because
 * the score is antisymmetric, what one seat gains the other loses, so:
 * <ul>
 *   <li>choosing: own the card that leaves the better table — this keeps or builds leads in big
 *       pots, and owns a card of a colour the rival leads rather than feed the rival's pot;</li>
 *   <li>presenting: present the pair whose best split for the receiver leaves the presenter the
 *       best table, i.e. whose best split is worth least to the receiver.</li>
 * </ul>
 */
final class Heuristic {

    /** Lead scale at the end of the game, its growth per card still to place, and pot bias per card. */
    final double kEnd, kPerCard, biasPerCard;

    static final Heuristic STANDARD = new Heuristic(2.0, 0.2, 0.1);

    Heuristic(double kEnd, double kPerCard, double biasPerCard) {
        this.kEnd = kEnd;
        this.kPerCard = kPerCard;
        this.biasPerCard = biasPerCard;
    }

    /**
     * The mover's move in {@code p}; ties go to a uniformly random one of the best.
     *
     * @param moves scratch of at least {@link Position#MOVES} ints
     */
    int choose(Position p, int[] moves, Rng rng) {
        int n = p.legalMoves(moves);
        if (n == 1) {
            return moves[0];
        }
        int me = p.mover();
        // After this move two cards reach the table (or will once chosen); value the table then.
        int toPlace = p.cardsToPlace() - 2;
        double k = kEnd + kPerCard * toPlace;
        double bias = biasPerCard * toPlace;
        int[] w = p.worth;
        int[] mine = p.claim[me], theirs = p.claim[1 - me];
        double best = Double.NEGATIVE_INFINITY;
        int chosen = moves[0], ties = 0;
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            double v;
            if (m < Position.OWN) {
                int a = m / Position.KINDS, b = m % Position.KINDS;
                // The receiver takes the split that is worst for me.
                v = Math.min(split(w, mine, theirs, false, a, b, k, bias),
                        split(w, mine, theirs, false, b, a, k, bias));
            } else {
                int own = m - Position.OWN;
                int invest = own == p.offerA ? p.offerB : p.offerA;
                v = split(w, mine, theirs, true, own, invest, k, bias);
            }
            if (v > best + 1e-9) {
                best = v;
                chosen = m;
                ties = 1;
            } else if (v > best - 1e-9 && rng.below(++ties) == 0) {
                chosen = m;
            }
        }
        return chosen;
    }

    /**
     * Seat 0's table score of {@code p} (seat 1's is its negative): a pending offer is split the way
     * the chooser prefers, and a finished game scores its points margin.
     */
    double tableValue(Position p) {
        if (p.over()) {
            return p.score(0) - p.score(1);
        }
        int[] c0 = p.claim[0], c1 = p.claim[1];
        int toPlace = p.cardsToPlace();
        if (p.offerA >= 0) {
            int me = p.mover();
            int a = p.offerA, b = p.offerB;
            toPlace -= 2;
            double k = kEnd + kPerCard * toPlace, bias = biasPerCard * toPlace;
            double va = split(p.worth, p.claim[me], p.claim[1 - me], true, a, b, k, bias);
            double vb = split(p.worth, p.claim[me], p.claim[1 - me], true, b, a, k, bias);
            double v = Math.max(va, vb);
            return me == 0 ? v : -v;
        }
        double k = kEnd + kPerCard * toPlace, bias = biasPerCard * toPlace;
        double total = 0;
        for (int c = 0; c < 4; c++) {
            double lead = (c0[c] - c1[c]) / k;
            lead = lead > 1 ? 1 : lead < -1 ? -1 : lead;
            total += (p.worth[c] + bias) * lead;
        }
        return total;
    }

    /**
     * The mover's table score if it owns {@code own} and invests {@code invest} of the offer (a
     * choice), as {@link #choose} values it.
     */
    double choiceValue(Position p, int own, int invest) {
        int me = p.mover();
        int toPlace = p.cardsToPlace() - 2;
        return split(p.worth, p.claim[me], p.claim[1 - me], true, own, invest, kEnd + kPerCard * toPlace,
                biasPerCard * toPlace);
    }

    /**
     * The mover's table score if it presents {@code a} and {@code b} and the receiver takes the split
     * worse for the mover, as {@link #choose} values it.
     */
    double presentValue(Position p, int a, int b) {
        int me = p.mover();
        int toPlace = p.cardsToPlace() - 2;
        double k = kEnd + kPerCard * toPlace, bias = biasPerCard * toPlace;
        int[] mine = p.claim[me], theirs = p.claim[1 - me];
        return Math.min(split(p.worth, mine, theirs, false, a, b, k, bias),
                split(p.worth, mine, theirs, false, b, a, k, bias));
    }

    /**
     * My table score after {@code own} is owned (by me when {@code iOwn}, else by the other seat)
     * and {@code invest} is invested.
     */
    private static double split(int[] worth, int[] mine, int[] theirs, boolean iOwn, int own, int invest,
                                double k, double bias) {
        int co = Position.colour(own), ci = Position.colour(invest);
        int vo = Position.value(own), vi = Position.value(invest);
        double total = 0;
        for (int c = 0; c < 4; c++) {
            int wc = worth[c] + (c == ci ? vi : 0);
            int d = mine[c] - theirs[c];
            if (c == co) {
                d += iOwn ? vo : -vo;
            }
            double lead = d / k;
            lead = lead > 1 ? 1 : lead < -1 ? -1 : lead;
            total += (wc + bias) * lead;
        }
        return total;
    }
}
