package dev.cardtable.platform;

import dev.cardtable.platform.game.Status;

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

    /** {@code malformed-request} with {@code detail}. */
    public static GameException malformed(String detail) {
        return new GameException(Failure.MALFORMED_REQUEST, detail);
    }

    /** {@code game-not-found}. */
    public static GameException gameNotFound() {
        return new GameException(Failure.GAME_NOT_FOUND, "no such game");
    }

    /** {@code invalid-record} with {@code detail}, naming the first bad move when {@code seq} is not null. */
    public static GameException invalidRecord(String detail, Integer seq) {
        return new GameException(Failure.INVALID_RECORD, detail, seq == null ? Map.of() : Map.of("move", seq));
    }

    public Failure failure() {
        return failure;
    }

    public Map<String, Object> extensions() {
        return extensions;
    }

    /**
     * Refuses a game that is not being played: {@code game-not-started} while it waits for
     * players, {@code game-over} once it is finished.
     */
    public static void requireActive(Status status) {
        switch (status) {
            case WAITING -> throw new GameException(Failure.GAME_NOT_STARTED, "the game is waiting for players");
            case FINISHED -> throw new GameException(Failure.GAME_OVER, "the game is over");
            case ACTIVE -> {
            }
        }
    }
}
