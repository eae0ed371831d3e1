package dev.cardtable.engine;

import java.util.Collection;

/**
 * The one wording of a name a request may not use ({@code docs/api.md}, "Errors"), whether it is a
 * field of a body, a query parameter, an option or a move's action: {@code unknown option 'x';
 * expected one of: a, b}, or {@code …; none is taken here} when nothing is; a name absent or
 * JSON {@code null} is {@code no game type given; expected one of: …}.
 */
public final class Unknown {

    private Unknown() {
    }

    /**
     * The refusal's detail for {@code name}.
     *
     * @param what     what the name is: field, query parameter, option, action
     * @param name     the name sent, or null when none was
     * @param expected the names that are taken, in the order to list them
     */
    public static String name(String what, String name, Collection<String> expected) {
        return (name == null ? "no " + what + " given" : "unknown " + what + " '" + name + "'") + "; "
                + (expected.isEmpty() ? "none is taken here" : "expected one of: " + String.join(", ", expected));
    }
}
