package dev.cardtable.platform;

import java.util.regex.Pattern;

/**
 * Player names: 1 to 40 ASCII letters, digits, {@code _}, {@code -} or {@code .}, but not {@code .} or
 * {@code ..}, which a URL path would normalise away: every name must survive a round trip through
 * {@code /api/players/{name}/stats}.
 */
public final class Names {

    /** The characters and length of a name. */
    public static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,40}");

    private Names() {
    }

    /** Whether {@code name} is a valid player name. */
    public static boolean valid(String name) {
        return name != null && NAME.matcher(name).matches() && !name.equals(".") && !name.equals("..");
    }

    /**
     * {@code name}, when valid.
     *
     * @throws GameException {@code malformed-request} naming the rule
     */
    public static String check(String name) {
        if (!valid(name)) {
            throw GameException.malformed("a name is 1 to 40 ASCII letters, digits, '_', '-' or '.', and not '.' or '..'");
        }
        return name;
    }
}
