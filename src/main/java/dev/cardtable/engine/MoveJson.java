package dev.cardtable.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * How every game reads a move's JSON form ({@code {"action": …, …}}), so that one mistake is
 * worded one way in every game ({@code docs/api.md}, "Errors"): an unknown action or field as
 * {@link Unknown#name}, and a missing action with the list of actions.
 */
public final class MoveJson {

    private MoveJson() {
    }

    /**
     * The action of move {@code json}: one of the game's {@code actions}, or an ending (those a
     * player may play, {@code resign} and {@code abort}, are the ones a refusal lists).
     *
     * @throws MalformedInput for no object, a missing or non-text action, or an unknown one
     */
    public static String action(Map<String, ?> json, List<String> actions) {
        List<String> all = new ArrayList<>(actions);
        for (Ending.Kind k : Ending.Kind.values()) {
            if (k.byPlayer()) {
                all.add(k.action());
            }
        }
        Object action = json == null ? null : json.get("action");
        if (!(action instanceof String a)) {
            throw new MalformedInput("a move is a JSON object with 'action', one of: " + String.join(", ", all));
        }
        // The endings the server writes (timeout, abandon) read back too; a player who sends one is
        // refused by the server, as an illegal move.
        if (!all.contains(a) && Ending.Kind.ofAction(a) == null) {
            throw new MalformedInput(Unknown.name("action", a, all));
        }
        return a;
    }

    /**
     * Checks that move {@code json} of action {@code action} has no field but {@code action} and
     * {@code fields}.
     *
     * @throws MalformedInput for any other field
     */
    public static void onlyFields(Map<String, ?> json, String action, Set<String> fields) {
        for (String key : json.keySet()) {
            if (!key.equals("action") && !fields.contains(key)) {
                throw new MalformedInput(Unknown.name("field", key, new TreeSet<>(fields)) + " (action '" + action + "')");
            }
        }
    }
}
