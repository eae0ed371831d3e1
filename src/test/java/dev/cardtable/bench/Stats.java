package dev.cardtable.bench;

/** Statistics shared by the bench tools. */
public final class Stats {

    private Stats() {
    }

    /** The 95% Wilson score interval of {@code wins} successes in {@code n} trials, as {low, high}. */
    public static double[] wilson(int wins, int n) {
        if (n == 0) {
            return new double[]{0, 1};
        }
        double z = 1.959964, p = (double) wins / n, z2 = z * z;
        double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
        double half = z * Math.sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) / (1 + z2 / n);
        return new double[]{centre - half, centre + half};
    }
}
