package dev.cardtable.engine;

import java.util.Collection;

/**
 * The one wording of a name a request may not use ({@code docs/api.md}, "Errors"), whether it is a
 * field of a body, a query parameter, an option or a move's action: {@code unknown option 'x';
 * expected one of: a, b}, or {@code …; none is taken here} when nothing is.
 */
public final class Unknown {

    private Unknown() {
    }

    /**
     * The refusal's detail for {@code name}.
     *
     * @param what     what the name is: field, query parameter, option, action
     * @param expected the names that are taken, in the order to list them
     */
    public static String name(String what, String name, Collection<String> expected) {
        return "unknown " + what + " '" + name + "'; "
                + (expected.isEmpty() ? "none is taken here" : "expected one of: " + String.join(", ", expected));
    }
}
