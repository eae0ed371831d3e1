package dev.cardtable.platform;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.UUID;

/**
 * Pages of a list ({@code docs/api.md}, "Conventions", "Paging"): the limit every list accepts and the opaque
 * keyset cursor that continues it. A cursor is base64url (no padding) of its parts joined by
 * {@code |}; clients only hand back what they were given. Used by the history, the lobby and the
 * daily deal's boards.
 */
public final class Paging {

    /** The largest page of any list. */
    public static final int MAX_LIMIT = 100;

    private static final Instant MIN = Instant.parse("0001-01-01T00:00:00Z");
    private static final Instant MAX = Instant.parse("9999-12-31T23:59:59Z");

    private Paging() {
    }

    /**
     * Checks a page size.
     *
     * @throws GameException {@code malformed-request} unless {@code limit} is 1 to {@value #MAX_LIMIT}
     */
    public static void checkLimit(int limit) {
        if (limit < 1 || limit > MAX_LIMIT) {
            throw GameException.malformed("'limit' must be 1 to " + MAX_LIMIT);
        }
    }

    /** A cursor of {@code parts} (their {@code toString}, none containing {@code |}). */
    public static String encode(Object... parts) {
        StringBuilder sb = new StringBuilder();
        for (Object p : parts) {
            sb.append(sb.isEmpty() ? "" : "|").append(p);
        }
        return Base64.getUrlEncoder().withoutPadding().encodeToString(sb.toString().getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The {@code parts} parts of {@code cursor}.
     *
     * @throws GameException {@code malformed-request} when it is not a cursor of that many parts
     */
    public static String[] decode(String cursor, int parts) {
        try {
            String[] p = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8).split("\\|", -1);
            if (p.length != parts) {
                throw new IllegalArgumentException();
            }
            return p;
        } catch (IllegalArgumentException e) {
            throw badCursor();
        }
    }

    /** The refusal of a cursor the server did not make: {@code malformed-request}. */
    public static GameException badCursor() {
        return GameException.malformed("'cursor' is not a cursor this server made");
    }

    /** {@code t}, when PostgreSQL's timestamptz can hold it; else IllegalArgumentException. */
    public static Instant inRange(Instant t) {
        if (t.isBefore(MIN) || t.isAfter(MAX)) {
            throw new IllegalArgumentException("out of range");
        }
        return t;
    }

    /** The position after the last game of a page ordered by creation time, then id. */
    public record Cursor(Instant createdAt, UUID id) {

        /** This position as an opaque cursor. */
        public String encode() {
            return Paging.encode(createdAt, id);
        }

        /**
         * A position from a cursor {@link #encode()} made.
         *
         * @throws GameException {@code malformed-request} for anything else
         */
        public static Cursor decode(String text) {
            String[] p = Paging.decode(text, 2);
            try {
                return new Cursor(inRange(Instant.parse(p[0])), UUID.fromString(p[1]));
            } catch (RuntimeException e) {
                throw badCursor();
            }
        }
    }

    /**
     * The move log's position named by a cursor ({@code docs/api.md}, "Paging"): the seq of the
     * last entry already seen, 0 for none (also for a null or empty cursor).
     *
     * @param name the parameter's name, for the error
     * @throws GameException {@code malformed-request} unless it is a decimal integer from 0
     */
    public static int logCursor(String cursor, String name) {
        if (cursor == null || cursor.isEmpty()) {
            return 0;
        }
        if (!cursor.matches("[0-9]{1,9}")) {
            throw GameException.malformed("'" + name + "' must be a move number from 0 to 999999999");
        }
        return Integer.parseInt(cursor);
    }
}
