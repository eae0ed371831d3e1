package dev.cardtable.game;

import dev.cardtable.engine.GameInfo;
import dev.cardtable.engine.Rules;
import dev.cardtable.engine.dazzle.DazzleRules;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The game types this server offers: type name → rules. */
@ApplicationScoped
public class GameCatalog {

    private final Map<String, Rules<?, ?, ?>> rules = new LinkedHashMap<>();

    public GameCatalog() {
        register(new ScoundrelRules());
        register(new DazzleRules());
    }

    private void register(Rules<?, ?, ?> r) {
        rules.put(r.info().type(), r);
    }

    /**
     * The rules of {@code type}.
     *
     * @throws GameException {@code malformed-request} for an unknown type
     */
    public Rules<?, ?, ?> rules(String type) {
        Rules<?, ?, ?> r = type == null ? null : rules.get(type);
        if (r == null) {
            throw new GameException(Failure.MALFORMED_REQUEST,
                    "unknown game type '" + type + "'; expected one of " + rules.keySet());
        }
        return r;
    }

    /** Every type's description, in registration order. */
    public List<GameInfo> types() {
        return rules.values().stream().map(Rules::info).toList();
    }
}
