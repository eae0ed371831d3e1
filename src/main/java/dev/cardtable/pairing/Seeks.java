package dev.cardtable.pairing;

import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.JsonText;
import dev.cardtable.platform.events.StreamsOpen;
import dev.cardtable.platform.game.Clocks;
import dev.cardtable.platform.game.GameCatalog;
import dev.cardtable.platform.game.GameType;
import dev.cardtable.platform.game.GameWriter;
import dev.cardtable.platform.game.PlayerRow;
import dev.cardtable.platform.game.RegisteredPlayers;
import dev.cardtable.play.GameAsk;
import dev.cardtable.players.PlayerRevoked;
import dev.cardtable.ratings.SeatRatings;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Seeks for quick pairing ({@code docs/api.md}, "Quick pairing"): made, read, cancelled, kept
 * alive while their player follows them, and ended with their player's registration. Pairing them
 * is {@link Pairing}'s.
 */
@ApplicationScoped
public class Seeks implements SeekReads {

    /** The greatest rating a range may name. */
    static final int MAX_RATING = 4000;

    /**
     * How many games waiting or running a player (?1) is seated in, from the {@code player_games}
     * read model by {@code player_games_running_idx}, which holds only games not yet ended.
     */
    static final String ACTIVE_GAMES = """
            select count(*) from player_games
            where player_id = ?1 and status in ('waiting', 'active')""";

    @Inject
    RegisteredPlayers players;

    @Inject
    GameCatalog catalog;

    @Inject
    SeatRatings ratings;

    @Inject
    SeeksConfig config;

    @Inject
    GameWriter writer;

    @Inject
    JsonText json;

    @Inject
    EntityManager em;

    /**
     * Makes a seek for the player whose key is {@code key} ({@code POST /api/seeks}).
     *
     * @throws GameException {@code player-key-required}, {@code player-key-invalid};
     *                       {@code malformed-request} for a missing body or type, an unknown type or
     *                       ruleset, a bad clock or range; {@code two-player-game-type};
     *                       {@code rated-game-type}; {@code active-games-limit}; {@code seek-limit}
     */
    @Transactional
    public SeekView create(String key, SeekRequest req) {
        PlayerRow me = holder(key);
        if (req == null) {
            throw GameException.malformed("a JSON body is required");
        }
        if (req.type() == null) {
            throw GameException.malformed("'type' is required: a two-player game type");
        }
        GameType<?, ?, ?> type = catalog.type(req.type());
        GameAsk ask = GameAsk.checked(type, req.ruleset(), null, null, req.clock(), Boolean.TRUE.equals(req.rated()));
        String ruleset = ask.ruleset().name();
        Clocks.ClockSettings clockSettings = ask.clock();
        boolean rated = ask.rated();
        SeekView.Range range = checked(req.ratingRange());
        // One player's seeks are made one at a time, so that the caps hold.
        em.createNativeQuery("select id from players where id = ?1 for update").setParameter(1, me.id()).getResultList();
        Instant now = now();
        Number active = (Number) em.createNativeQuery(ACTIVE_GAMES).setParameter(1, me.id()).getSingleResult();
        if (active.intValue() >= config.maxActiveGames()) {
            throw new GameException(Failure.ACTIVE_GAMES_LIMIT, "a player in " + config.maxActiveGames()
                    + " games waiting or running cannot seek another; finish one first", Map.of("limit", config.maxActiveGames()));
        }
        long open = SeekEntity.count("playerId = ?1 and status = 'open'", me.id());
        if (open >= config.maxOpen()) {
            throw new GameException(Failure.SEEK_LIMIT, "a player may have " + config.maxOpen()
                    + " open seeks at once; cancel one or wait for a pairing", Map.of("limit", config.maxOpen()));
        }
        SeekEntity s = new SeekEntity();
        s.id = UUID.randomUUID();
        s.playerId = me.id();
        s.playerName = me.name();
        s.gameType = type.name();
        s.ruleset = ruleset;
        s.clock = clockSettings == null ? null : json.write(clockSettings);
        s.rated = rated;
        s.rating = ratings.current(me.id(), type.name(), ruleset);
        s.ratingMin = range == null ? null : range.min();
        s.ratingMax = range == null ? null : range.max();
        s.status = "open";
        s.createdAt = now;
        s.expiresAt = now.plus(config.timeout());
        s.seenAt = now;
        s.persist();
        return view(s);
    }

    /**
     * The open seeks of the player whose key is {@code key}; reading them keeps them alive.
     *
     * @throws GameException {@code player-key-required}, {@code player-key-invalid}
     */
    @Transactional
    public SeekList list(String key) {
        PlayerRow me = holder(key);
        Instant now = now();
        SeekEntity.update("seenAt = ?1 where playerId = ?2 and status = 'open'", now, me.id());
        return openOf(me.id());
    }

    @Override
    @Transactional
    public SeekList openOf(UUID playerId) {
        return new SeekList(SeekEntity.<SeekEntity>list("playerId = ?1 and status = 'open' order by createdAt", playerId)
                .stream().map(this::view).toList());
    }

    /**
     * Seek {@code id} of the player whose key is {@code key}; reading an open one keeps it alive.
     *
     * @throws GameException {@code player-key-required}, {@code player-key-invalid},
     *                       {@code seek-not-found} (also for another player's seek)
     */
    @Transactional
    public SeekView get(UUID id, String key) {
        PlayerRow me = holder(key);
        SeekEntity s = mine(id, me, LockModeType.NONE);
        if ("open".equals(s.status)) {
            // A bulk update of the one column, on a seek still open: writing the entity back would
            // write every column, undoing a pairing that committed since it was read.
            SeekEntity.update("seenAt = ?1 where id = ?2 and status = 'open'", now(), id);
        }
        return view(s);
    }

    /**
     * Cancels open seek {@code id} ({@code DELETE /api/seeks/{id}}).
     *
     * @throws GameException as {@link #get}; {@code seek-not-open} (with {@code seekStatus} and,
     *                       once paired, {@code gameId})
     */
    @Transactional
    public SeekView cancel(UUID id, String key) {
        PlayerRow me = holder(key);
        SeekEntity s = mine(id, me, LockModeType.PESSIMISTIC_WRITE);
        if (!"open".equals(s.status)) {
            Map<String, Object> ext = new LinkedHashMap<>();
            ext.put("seekStatus", s.status);
            if (s.gameId != null) {
                ext.put("gameId", s.gameId.toString());
            }
            throw new GameException(Failure.SEEK_NOT_OPEN, "the seek is " + s.status
                    + (s.gameId != null ? "; its game is " + s.gameId : ""), ext);
        }
        s.status = "cancelled";
        s.endedAt = now();
        return view(s);
    }

    /** The seeks of players with an event stream open on this instance stay alive. */
    void streamsOpen(@Observes StreamsOpen event) {
        if (event.players().isEmpty()) {
            return;
        }
        QuarkusTransaction.requiringNew().run(() -> SeekEntity.update(
                "seenAt = ?1 where playerId in ?2 and status = 'open'", now(), List.copyOf(event.players())));
    }

    /** A revoked player's open seeks end with its registration. */
    void revoked(@Observes PlayerRevoked event) {
        SeekEntity.update("status = 'cancelled', endedAt = ?1 where playerId = ?2 and status = 'open'", event.at(),
                event.playerId());
    }

    private SeekEntity mine(UUID id, PlayerRow me, LockModeType lock) {
        SeekEntity s = SeekEntity.findById(id, lock);
        if (s == null || !s.playerId.equals(me.id())) {
            throw new GameException(Failure.SEEK_NOT_FOUND, "no seek with this id was made by this player");
        }
        return s;
    }

    private static SeekView.Range checked(SeekView.Range r) {
        if (r == null) {
            return null;
        }
        if (r.min() == null && r.max() == null) {
            throw GameException.malformed("'ratingRange' needs 'min', 'max' or both");
        }
        for (Integer v : new Integer[] {r.min(), r.max()}) {
            if (v != null && (v < 0 || v > MAX_RATING)) {
                throw GameException.malformed("'ratingRange' bounds must be 0 to " + MAX_RATING);
            }
        }
        if (r.min() != null && r.max() != null && r.min() > r.max()) {
            throw GameException.malformed("'ratingRange.min' must not be above 'ratingRange.max'");
        }
        return r;
    }

    private PlayerRow holder(String key) {
        return players.required(key, "seeks are for registered players: send the player's key as 'X-Player-Key'");
    }

    SeekView view(SeekEntity s) {
        return new SeekView(s.id, s.playerName, s.gameType, s.ruleset, clock(s), s.rated, s.rating,
                s.ratingMin == null && s.ratingMax == null ? null : new SeekView.Range(s.ratingMin, s.ratingMax),
                s.status, s.gameId, s.createdAt, s.expiresAt);
    }

    Clocks.ClockSettings clock(SeekEntity s) {
        return s.clock == null ? null : json.read(s.clock, Clocks.ClockSettings.class);
    }

    Instant now() {
        return writer.now();
    }
}
