package dev.cardtable.platform.game;

import dev.cardtable.engine.GameInfo;
import dev.cardtable.engine.Opponents;
import dev.cardtable.engine.Unknown;
import dev.cardtable.engine.dazzle.DazzleRules;
import dev.cardtable.engine.dazzle.ai.DazzleOpponents;
import dev.cardtable.engine.scoundrel.ScoundrelRules;
import dev.cardtable.platform.GameException;
import jakarta.inject.Singleton;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The game types this server offers: type name → rules and computer opponents. */
@Singleton
public class GameCatalog {

    private final Map<String, GameType<?, ?, ?>> types = new LinkedHashMap<>();

    public GameCatalog() {
        register(new GameType<>(new ScoundrelRules(), Opponents.none(ScoundrelRules.TYPE),
                EnumSet.allOf(GameType.Ability.class)));
        register(new GameType<>(new DazzleRules(), new DazzleOpponents(), EnumSet.of(GameType.Ability.RATED)));
    }

    private void register(GameType<?, ?, ?> t) {
        types.put(t.name(), t);
    }

    /**
     * The game type called {@code type}.
     *
     * @throws GameException {@code malformed-request} for an unknown type
     */
    public GameType<?, ?, ?> type(String type) {
        GameType<?, ?, ?> t = type == null ? null : types.get(type);
        if (t == null) {
            throw GameException.malformed(Unknown.name("game type", type, List.copyOf(types.keySet())));
        }
        return t;
    }

    /** The game type of the daily deal: the first that offers it. */
    public GameType<?, ?, ?> daily() {
        return types.values().stream().filter(t -> t.offers(GameType.Ability.DAILY_DEAL)).findFirst().orElseThrow();
    }

    /** The names of the game types offered, in the order {@link #types} lists them. */
    public List<String> names() {
        return List.copyOf(types.keySet());
    }

    /** Every type's description, in registration order. */
    public List<GameInfo> types() {
        return types.values().stream().map(GameType::info).toList();
    }
}
