package dev.cardtable.engine.dazzle.ai;

import dev.cardtable.engine.Rng;
import dev.cardtable.engine.Seat;
import dev.cardtable.engine.Viewer;
import dev.cardtable.engine.dazzle.DazzleMove;
import dev.cardtable.engine.dazzle.DazzleRules;
import dev.cardtable.engine.dazzle.DazzleState;
import dev.cardtable.engine.dazzle.DazzleView;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * How much a level's presentations say about the colours left in its hand ({@code docs/benchmarks.md},
 * "An expert level: experiments"): the question behind inferring the other hand from what it
 * presented.
 *
 * <p>It plays as many seeded games as its first argument says ({@code "signal-i"}) of the level its second argument names ({@link Tournament#player}) against itself,
 * records every presentation with more than one choice together with the presenter's whole hand,
 * and fits, on the first two thirds, a conditional logit (McFadden) over the legal pairs: the chance
 * of a pair is proportional to {@code exp(w · f(pair))}, with features {@link #features}. On the
 * last third it prints the log-likelihood per presentation of the fit and of a uniform choice, and,
 * per round, how many cards of the presenter's hand (kinds counted with multiplicity) 400 guesses
 * from the receiver's view hold on average, uniformly weighted and weighted by the fitted chance of
 * the pair actually presented. Weighting can only help if the second is above the first.
 *
 * <p>Usage: {@code ./mvnw -q test-compile exec:java
 * -Dexec.mainClass=dev.cardtable.engine.dazzle.ai.PresentationSignal -Dexec.args="300 ismcts"}.
 */
public final class PresentationSignal {
    static final DazzleRules RULES = Match.RULES;
    static final int NF = 9;

    private PresentationSignal() {
    }

    record Sample(Position exact, int presenter, int move, int[] legal, DazzleView receiverView, int[] trueAfter) {}

    /**
     * Features of presenting kinds {@code a} and {@code b} in {@code p} (the presenter to move):
     * the heuristic's value of the pair / 5, the pair's values, one colour, and summed over the two
     * cards: cards of its colour kept in hand, the presenter's lead in it (clamped to ±5) / 5, its
     * pot / 10, kept cards times the lead's sign, kept cards times the card's value, kept 2s and 3s'
     * value / 5.
     */
    static double[] features(Position p, int a, int b) {
        int me = p.mover();
        int[] h = p.hand[me].clone();
        h[a]--; h[b]--;
        double[] f = new double[NF];
        f[0] = Heuristic.STANDARD.presentValue(p, a, b) / 5;
        f[1] = Position.value(a) + Position.value(b);
        f[2] = Position.colour(a) == Position.colour(b) ? 1 : 0;
        for (int x : new int[]{a, b}) {
            int c = Position.colour(x);
            int cnt = h[c * 3] + h[c * 3 + 1] + h[c * 3 + 2];
            int lead = p.claim[me][c] - p.claim[1 - me][c];
            double sl = Math.signum(lead);
            f[3] += cnt;
            f[4] += Math.max(-5, Math.min(5, lead)) / 5.0;
            f[5] += p.worth[c] / 10.0;
            f[6] += cnt * sl;
            f[7] += cnt * Position.value(x);
            f[8] += (h[c * 3 + 1] * 2 + h[c * 3 + 2] * 3) / 5.0;
        }
        return f;
    }

    static double[] logProbs(double[] w, Position p, int[] legal) {
        double[] s = new double[legal.length];
        double mx = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < legal.length; i++) {
            double[] f = features(p, legal[i] / Position.KINDS, legal[i] % Position.KINDS);
            double v = 0;
            for (int k = 0; k < NF; k++) v += w[k] * f[k];
            s[i] = v;
            mx = Math.max(mx, v);
        }
        double z = 0;
        for (double v : s) z += Math.exp(v - mx);
        double lz = mx + Math.log(z);
        for (int i = 0; i < s.length; i++) s[i] -= lz;
        return s;
    }

    public static void main(String[] args) throws Exception {
        int deals = Integer.parseInt(args[0]);
        String level = args.length > 1 ? args[1] : "ismcts";
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Future<List<Sample>>> fs = new ArrayList<>();
        for (int d = 0; d < deals; d++) {
            String seed = "signal-" + d;
            fs.add(pool.submit(() -> game(seed, level)));
        }
        List<Sample> all = new ArrayList<>();
        for (var f : fs) all.addAll(f.get());
        pool.shutdown();
        int nTrain = all.size() * 2 / 3;
        List<Sample> train = all.subList(0, nTrain), test = all.subList(nTrain, all.size());
        double[] w = new double[NF];
        // Gradient ascent (Adam).
        double[] m = new double[NF], v = new double[NF];
        for (int it = 1; it <= 300; it++) {
            double[] g = new double[NF];
            for (Sample s : train) {
                double[] lp = logProbs(w, s.exact, s.legal);
                for (int i = 0; i < s.legal.length; i++) {
                    double[] f = features(s.exact, s.legal[i] / Position.KINDS, s.legal[i] % Position.KINDS);
                    double pr = Math.exp(lp[i]);
                    double y = s.legal[i] == s.move ? 1 : 0;
                    for (int k = 0; k < NF; k++) g[k] += (y - pr) * f[k];
                }
            }
            for (int k = 0; k < NF; k++) {
                g[k] /= train.size();
                m[k] = 0.9 * m[k] + 0.1 * g[k];
                v[k] = 0.999 * v[k] + 0.001 * g[k] * g[k];
                double mh = m[k] / (1 - Math.pow(0.9, it)), vh = v[k] / (1 - Math.pow(0.999, it));
                w[k] += 0.05 * mh / (Math.sqrt(vh) + 1e-8);
            }
        }
        System.out.printf(Locale.ROOT, "samples %d, weights %s%n", all.size(), java.util.Arrays.toString(w));
        System.out.printf(Locale.ROOT, "test LL per presentation: model %.3f uniform %.3f%n", ll(w, test), ll(new double[NF], test));
        // Inference: at the receiver's choose, guesses of the presenter's hand after presenting.
        Rng rng = Rng.fromSeed("signal");
        int[] count = new int[10];
        double[] uni = new double[10], wtd = new double[10];
        for (Sample s : test) {
            Determinizer det = Determinizer.of(s.receiverView);
            int other = s.presenter;
            int a = s.move / Position.KINDS, b = s.move % Position.KINDS;
            Position g = new Position();
            int n = 400;
            double su = 0, sw = 0, wsum = 0;
            double[] lws = new double[n];
            double[] ov = new double[n];
            for (int i = 0; i < n; i++) {
                det.sample(rng, g);
                ov[i] = overlap(g.hand[other], s.trueAfter);
                // Rebuild the pre-presentation position for the presenter.
                Position pre = new Position();
                pre.copyFrom(g);
                pre.hand[other][a]++;
                pre.hand[other][b]++;
                pre.handSize[other] += 2;
                pre.offerA = pre.offerB = -1;
                pre.step = other == 0 ? 0 : 2;
                int[] legal = new int[Position.MOVES];
                int nl = pre.legalMoves(legal);
                int[] lg = java.util.Arrays.copyOf(legal, nl);
                double[] lp = logProbs(w, pre, lg);
                int idx = java.util.Arrays.binarySearch(lg, s.move);
                lws[i] = lp[idx];
            }
            double mx = java.util.Arrays.stream(lws).max().orElse(0);
            for (int i = 0; i < n; i++) {
                double ww = Math.exp(lws[i] - mx);
                su += ov[i];
                sw += ww * ov[i];
                wsum += ww;
            }
            int r = s.receiverView.round();
            uni[r] += su / n;
            wtd[r] += sw / wsum;
            count[r]++;
        }
        for (int r = 1; r <= 9; r++) {
            if (count[r] > 0)
                System.out.printf(Locale.ROOT, "round %d: overlap uniform %.3f weighted %.3f (n=%d)%n", r, uni[r] / count[r], wtd[r] / count[r], count[r]);
        }
    }

    static double overlap(int[] guess, int[] truth) {
        int o = 0;
        for (int k = 0; k < Position.KINDS; k++) o += Math.min(guess[k], truth[k]);
        return o;
    }

    static double ll(double[] w, List<Sample> ss) {
        double t = 0;
        for (Sample s : ss) {
            double[] lp = logProbs(w, s.exact, s.legal);
            t += lp[java.util.Arrays.binarySearch(s.legal, s.move)];
        }
        return t / ss.size();
    }

    static List<Sample> game(String seed, String level) {
        List<Sample> out = new ArrayList<>();
        DazzleState state = RULES.deal(Match.setup(seed));
        Rng[] rngs = {Rng.fromSeed("ai:" + seed + ":0"), Rng.fromSeed("ai:" + seed + ":1")};
        var players = List.of(Tournament.player(level).get(), Tournament.player(level).get());
        while (!state.over()) {
            Seat seat = RULES.toAct(state).getFirst();
            int s = seat.number();
            List<DazzleMove> legal = RULES.legalMoves(state, seat);
            DazzleView view = RULES.view(state, Viewer.seat(seat));
            DazzleMove move = players.get(s).choose(view, legal, rngs[s]);
            Position exact = null;
            int[] lg = null;
            if (move instanceof DazzleMove.Present && legal.size() > 1) {
                Determinizer od = Determinizer.of(RULES.view(state, Viewer.omniscient()));
                exact = new Position();
                od.sample(Rng.fromSeed("x"), exact);
                lg = legal.stream().mapToInt(Position::toInt).sorted().toArray();
            }
            state = RULES.apply(state, seat, move);
            if (exact != null) {
                DazzleView rv = RULES.view(state, Viewer.seat(RULES.toAct(state).getFirst()));
                Position after = new Position();
                Determinizer.of(RULES.view(state, Viewer.omniscient())).sample(Rng.fromSeed("x"), after);
                out.add(new Sample(exact, s, Position.toInt(move), lg, rv, after.hand[s].clone()));
            }
        }
        return out;
    }
}
