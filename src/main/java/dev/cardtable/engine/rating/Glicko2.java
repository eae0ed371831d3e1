package dev.cardtable.engine.rating;

import java.util.List;

/**
 * The Glicko-2 rating system, as Mark Glickman publishes it in "Example of the Glicko-2 system"
 * (glicko.net, 2022): steps 1 to 8, with the Illinois algorithm for the new volatility (step 5.1–5.5)
 * to a tolerance ε of 0.000001.
 *
 * <p>Two departures, both stated in {@code docs/ratings.md}:
 * <ul>
 *   <li>Time away is counted in whole or fractional rating periods {@code t}: the deviation grows
 *       as φ′ = √(φ² + t·σ²), the paper's step 6 with {@code t} periods instead of one, as lichess
 *       does for its per-game updates. With {@code t = 1} the result is the paper's.</li>
 *   <li>The deviation is kept between a floor and a ceiling, in rating points; the deviation grown
 *       by time away (φ* of step 6) is kept under the ceiling too, so that a new player, already at
 *       the ceiling, is not less certain than the ceiling says.</li>
 * </ul>
 * Pure and thread-safe: no state beyond its parameters.
 */
public final class Glicko2 {

    /** The factor between the Glicko and Glicko-2 scales, 400 / ln 10. */
    public static final double SCALE = 173.7178;
    /** The Glicko-scale rating that is 0 on the Glicko-2 scale. */
    public static final double CENTRE = 1500;
    /** The convergence tolerance of the volatility iteration. */
    public static final double EPSILON = 0.000001;

    private final double tau;
    private final double minDeviation;
    private final double maxDeviation;

    /**
     * @param tau          τ, the system constant that bounds the volatility's change (the paper
     *                     suggests 0.3 to 1.2)
     * @param minDeviation the floor of a deviation, in rating points
     * @param maxDeviation the ceiling of a deviation, in rating points
     * @throws IllegalArgumentException if τ is not positive or the bounds are not
     *                                  {@code 0 < min <= max}
     */
    public Glicko2(double tau, double minDeviation, double maxDeviation) {
        if (!(tau > 0) || !(minDeviation > 0) || !(maxDeviation >= minDeviation)) {
            throw new IllegalArgumentException("τ must be positive and 0 < floor <= ceiling");
        }
        this.tau = tau;
        this.minDeviation = minDeviation;
        this.maxDeviation = maxDeviation;
    }

    /**
     * A rating after {@code periods} rating periods without a game: only the deviation grows,
     * φ′ = √(φ² + t·σ²), kept within the floor and the ceiling.
     *
     * @param periods t, whole or fractional rating periods, at least 0
     * @throws IllegalArgumentException if {@code periods} is negative or not finite
     */
    public Rating aged(Rating r, double periods) {
        checkPeriods(periods);
        double phi = r.deviation() / SCALE;
        double grown = Math.sqrt(phi * phi + periods * r.volatility() * r.volatility());
        return new Rating(r.rating(), clamp(grown * SCALE), r.volatility());
    }

    /**
     * A rating after one rating period's games (the paper's steps 1–8), the deviation having grown
     * by {@code periods} rating periods in step 6. Without games it is {@link #aged}.
     *
     * @param outcomes the period's games, each against the opponent's rating at the time
     * @param periods  t, whole or fractional rating periods since the player's last update, at
     *                 least 0
     * @return the new rating; its deviation within the floor and the ceiling
     * @throws IllegalArgumentException if {@code periods} is negative or not finite
     */
    public Rating update(Rating r, List<Outcome> outcomes, double periods) {
        checkPeriods(periods);
        if (outcomes.isEmpty()) {
            return aged(r, periods);
        }
        // Step 2: to the Glicko-2 scale.
        double mu = (r.rating() - CENTRE) / SCALE;
        double phi = r.deviation() / SCALE;
        double sigma = r.volatility();
        // Steps 3 and 4: the estimated variance v and the improvement Δ.
        double vInverse = 0;
        double sum = 0;
        for (Outcome o : outcomes) {
            double muJ = (o.opponent().rating() - CENTRE) / SCALE;
            double gJ = g(o.opponent().deviation() / SCALE);
            double e = expected(mu, muJ, gJ);
            vInverse += gJ * gJ * e * (1 - e);
            sum += gJ * (o.score() - e);
        }
        double v = 1 / vInverse;
        double delta = v * sum;
        // Step 5: the new volatility σ′ by the Illinois algorithm.
        double newSigma = volatility(phi, sigma, v, delta);
        // Step 6: the pre-period deviation, grown by t periods, no more than the ceiling.
        double phiStar = Math.min(maxDeviation / SCALE, Math.sqrt(phi * phi + periods * newSigma * newSigma));
        // Step 7: the new deviation and rating.
        double newPhi = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
        double newMu = mu + newPhi * newPhi * sum;
        // Step 8: back to the Glicko scale.
        return new Rating(newMu * SCALE + CENTRE, clamp(newPhi * SCALE), newSigma);
    }

    /**
     * The expected score of {@code player} against {@code opponent}, E(μ, μⱼ, φⱼ) of step 3, in
     * [0, 1].
     */
    public static double expectedScore(Rating player, Rating opponent) {
        return expected((player.rating() - CENTRE) / SCALE, (opponent.rating() - CENTRE) / SCALE,
                g(opponent.deviation() / SCALE));
    }

    private double volatility(double phi, double sigma, double v, double delta) {
        double a = Math.log(sigma * sigma);
        double tau2 = tau * tau;
        double phi2 = phi * phi;
        double delta2 = delta * delta;
        java.util.function.DoubleUnaryOperator f = x -> {
            double ex = Math.exp(x);
            double d = phi2 + v + ex;
            return ex * (delta2 - phi2 - v - ex) / (2 * d * d) - (x - a) / tau2;
        };
        double bigA = a;
        double bigB;
        if (delta2 > phi2 + v) {
            bigB = Math.log(delta2 - phi2 - v);
        } else {
            int k = 1;
            while (f.applyAsDouble(a - k * tau) < 0) {
                k++;
            }
            bigB = a - k * tau;
        }
        double fA = f.applyAsDouble(bigA);
        double fB = f.applyAsDouble(bigB);
        while (Math.abs(bigB - bigA) > EPSILON) {
            double c = bigA + (bigA - bigB) * fA / (fB - fA);
            double fC = f.applyAsDouble(c);
            if (fC * fB <= 0) {
                bigA = bigB;
                fA = fB;
            } else {
                fA = fA / 2;
            }
            bigB = c;
            fB = fC;
        }
        return Math.exp(bigA / 2);
    }

    private static double g(double phi) {
        return 1 / Math.sqrt(1 + 3 * phi * phi / (Math.PI * Math.PI));
    }

    private static double expected(double mu, double muJ, double gJ) {
        return 1 / (1 + Math.exp(-gJ * (mu - muJ)));
    }

    private double clamp(double deviation) {
        return Math.max(minDeviation, Math.min(maxDeviation, deviation));
    }

    private static void checkPeriods(double periods) {
        if (!(periods >= 0) || !Double.isFinite(periods)) {
            throw new IllegalArgumentException("periods must be finite and at least 0: " + periods);
        }
    }
}
