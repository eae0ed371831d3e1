package dev.cardtable.engine;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The moves that end a game early, shared by every game's move JSON ({@link Ending.Kind}): read
 * and written here so that each game's {@code parseMove} and {@code writeMove} treat them alike.
 */
public final class EndMove {

    private EndMove() {
    }

    /**
     * The ending kind of a move's JSON form ({@code {"action":"resign"}} and the like), or null
     * when the action is none of them.
     *
     * @throws MalformedInput when such a move carries any field besides {@code action}
     */
    public static Ending.Kind parse(Map<String, ?> json) {
        Ending.Kind kind = json == null ? null : Ending.Kind.ofAction(json.get("action"));
        if (kind != null) {
            MoveJson.onlyFields(json, kind.action(), Set.of());
        }
        return kind;
    }

    /** The JSON form {@code {"action":…}} of the move that ends a game as {@code kind}. */
    public static Map<String, Object> write(Ending.Kind kind) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("action", kind.action());
        return out;
    }
}
