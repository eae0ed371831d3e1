package dev.cardtable.engine.scoundrel.solver;

/**
 * How much a {@link ScoundrelSolver} may search before it answers {@link Verdict#UNKNOWN}.
 *
 * @param maxNodes  the most positions the search may expand, at least 1
 * @param maxMillis the most wall-clock milliseconds it may take, or 0 for no time limit; a time
 *                  limit makes the answer depend on the machine, so tests and certification use
 *                  node budgets only
 */
public record Budget(long maxNodes, long maxMillis) {

    /** The node budget used when the caller names none: enough for almost every full deal. */
    public static final long DEFAULT_NODES = 20_000_000L;

    /** @throws IllegalArgumentException for {@code maxNodes < 1} or {@code maxMillis < 0} */
    public Budget {
        if (maxNodes < 1 || maxMillis < 0) {
            throw new IllegalArgumentException("a budget needs maxNodes >= 1 and maxMillis >= 0");
        }
    }

    /** At most {@code maxNodes} positions, no time limit. */
    public static Budget nodes(long maxNodes) {
        return new Budget(maxNodes, 0);
    }

    /** At most {@code maxNodes} positions and {@code maxMillis} milliseconds. */
    public static Budget of(long maxNodes, long maxMillis) {
        return new Budget(maxNodes, maxMillis);
    }

    /** {@link #DEFAULT_NODES} positions, no time limit. */
    public static Budget standard() {
        return nodes(DEFAULT_NODES);
    }
}
