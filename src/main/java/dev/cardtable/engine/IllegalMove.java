package dev.cardtable.engine;

/**
 * A well-formed move that the rules forbid in the current state. The message names the rule that
 * was broken and is safe to show to the mover: it never names a card the mover cannot see.
 */
public class IllegalMove extends RuntimeException {

    public IllegalMove(String rule) {
        super(rule, null, false, false);
    }
}
