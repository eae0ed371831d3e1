package dev.cardtable.engine;

/**
 * Input that cannot be read as a move, card, deal or option of the game at all (unknown action,
 * unknown card code, wrong shape). Distinct from {@link IllegalMove}, which is a well-formed move
 * that the rules forbid. The message is safe to show to the caller: it never names hidden cards.
 */
public class MalformedInput extends RuntimeException {

    public MalformedInput(String message) {
        super(message, null, false, false);
    }
}
