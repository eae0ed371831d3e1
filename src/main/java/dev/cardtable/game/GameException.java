package dev.cardtable.game;

import java.util.Map;

/**
 * A request the server refuses. Thrown inside a transaction, it rolls everything back, so a
 * rejected request changes nothing. The detail is shown to the caller and must never name hidden
 * information.
 */
public class GameException extends RuntimeException {

    private final Failure failure;
    private final Map<String, Object> extensions;

    /**
     * @param failure    the kind of failure (status and code)
     * @param detail     what exactly went wrong, for people
     * @param extensions extra problem members, e.g. {@code currentVersion}
     */
    public GameException(Failure failure, String detail, Map<String, Object> extensions) {
        super(detail, null, false, false);
        this.failure = failure;
        this.extensions = Map.copyOf(extensions);
    }

    public GameException(Failure failure, String detail) {
        this(failure, detail, Map.of());
    }

    public Failure failure() {
        return failure;
    }

    public Map<String, Object> extensions() {
        return extensions;
    }
}
