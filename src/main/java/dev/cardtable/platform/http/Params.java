package dev.cardtable.platform.http;

import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;

import java.util.UUID;

/**
 * Path and query parameters as every resource reads them: taken as text and parsed here, so that
 * a bad one is a problem with a code ({@code docs/api.md}, "Errors"), not a bare {@code 404}.
 */
public final class Params {

    private Params() {
    }

    /**
     * A game id from the path.
     *
     * @throws GameException {@code game-not-found} for text that is no UUID: it names no game, so it
     *                       is a 404 like an unknown one
     */
    public static UUID gameId(String id) {
        try {
            return UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw GameException.gameNotFound();
        }
    }

    /**
     * A move number: 0 for the deal, then each move's; it names a position whether or not the game
     * has reached it (the service tells which).
     *
     * @throws GameException {@code malformed-request} for anything but a decimal number from 0
     */
    public static long moveNumber(String value, String name) {
        if (value == null || !value.matches("[0-9]{1,18}")) {
            boolean huge = value != null && value.matches("[0-9]+");
            if (huge) {
                return Long.MAX_VALUE;
            }
            throw new GameException(Failure.MALFORMED_REQUEST, "'" + name + "' must be a move number: 0 (the deal) or more");
        }
        return Long.parseLong(value);
    }

    /**
     * An integer parameter named {@code name}: ASCII decimal digits, with a leading {@code -} for a
     * negative one. A number beyond a 32-bit integer reads as the nearest one ({@link
     * Integer#MAX_VALUE} or {@link Integer#MIN_VALUE}), so that the caller's own range check names
     * the range that parameter allows.
     *
     * @throws GameException {@code malformed-request} unless it is such a number
     */
    public static int integer(String value, String name) {
        if (value == null || !value.matches("-?[0-9]{1,1000}")) {
            throw new GameException(Failure.MALFORMED_REQUEST, "'" + name + "' must be an integer (ASCII digits)");
        }
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            return value.startsWith("-") ? Integer.MIN_VALUE : Integer.MAX_VALUE;
        }
    }
}
