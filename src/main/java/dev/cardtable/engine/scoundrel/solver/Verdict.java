package dev.cardtable.engine.scoundrel.solver;

/** What a {@link ScoundrelSolver} proved about a position. */
public enum Verdict {
    /** Some line of play wins ({@code scoundrel.md}, "End of the game"); the solution carries one. */
    WINNABLE,
    /** Every line of play loses. */
    UNWINNABLE,
    /** The budget ran out before the search could decide. */
    UNKNOWN
}
