package dev.cardtable.challenges;

import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.JsonText;
import dev.cardtable.platform.Names;
import dev.cardtable.platform.game.GameCatalog;
import dev.cardtable.platform.game.GameType;
import dev.cardtable.platform.game.GameWriter;
import dev.cardtable.platform.game.PlayerRow;
import dev.cardtable.platform.game.RegisteredPlayers;
import dev.cardtable.platform.game.view.GameView;
import dev.cardtable.play.GameAsk;
import dev.cardtable.play.NewGames;
import dev.cardtable.play.NewMatch;
import dev.cardtable.players.PlayerRevoked;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
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
 * Challenges between registered players ({@code docs/api.md}, "Challenges"): made,
 * accepted into a game with both seats verified, declined with a reason, cancelled, and expired
 * after {@code cardtable.challenges.timeout}. Every change fires a {@link ChallengeChanged}.
 *
 * <p>A pending challenge whose time has passed answers as {@code expired} at once; the sweep
 * ({@link ChallengeSweep}) writes it so, and tells both players, within
 * {@code cardtable.challenges.sweep-every}. Listing and reading them is {@link ChallengeQueries}.
 */
@ApplicationScoped
public class Challenges {

    @Inject
    RegisteredPlayers players;

    @Inject
    NewGames games;

    @Inject
    GameCatalog catalog;

    @Inject
    ChallengesConfig config;

    @Inject
    GameWriter writer;

    @Inject
    JsonText json;

    @Inject
    ChallengeViews views;

    @Inject
    EntityManager em;

    @Inject
    Event<ChallengeChanged> changes;

    /**
     * Makes a challenge from the player whose key is {@code key} ({@code POST /api/challenges}).
     *
     * @throws GameException {@code player-key-required}, {@code player-key-invalid};
     *                       {@code malformed-request} for a missing body, name or type, an unknown
     *                       type, ruleset or option, a bad clock or seat; {@code player-not-found}
     *                       for a name with no standing registration; {@code challenge-self};
     *                       {@code two-player-game-type}; {@code rated-game-type};
     *                       {@code challenge-limit} past {@code cardtable.challenges.max-pending}
     */
    @Transactional
    public ChallengeView create(String key, ChallengeRequest req) {
        PlayerRow me = holder(key);
        if (req == null) {
            throw GameException.malformed("a JSON body is required");
        }
        if (req.player() == null) {
            throw GameException.malformed("'player' is required: the registered name of the player to challenge");
        }
        if (req.type() == null) {
            throw GameException.malformed("'type' is required: a two-player game type");
        }
        Names.check(req.player());
        GameType<?, ?, ?> type = catalog.type(req.type());
        PlayerRow dest = players.registered(req.player()).orElseThrow(() -> new GameException(Failure.PLAYER_NOT_FOUND,
                "no registered player is called '" + req.player() + "'"));
        if (dest.id().equals(me.id())) {
            throw new GameException(Failure.CHALLENGE_SELF, "a player cannot challenge itself");
        }
        GameAsk ask = GameAsk.checked(type, req.ruleset(), req.options(), null, req.clock(), Boolean.TRUE.equals(req.rated()));
        if (req.challengerSeat() != null && (req.challengerSeat() < 0 || req.challengerSeat() > 1)) {
            throw GameException.malformed("'challengerSeat' must be 0 or 1, or left out for a seat drawn at acceptance");
        }
        // One player's challenges are made one at a time, so that the cap holds.
        em.createNativeQuery("select id from players where id = ?1 for update").setParameter(1, me.id()).getResultList();
        Instant now = now();
        long pending = ChallengeEntity.count("challengerId = ?1 and status = 'pending' and expiresAt > ?2", me.id(), now);
        if (pending >= config.maxPending()) {
            throw new GameException(Failure.CHALLENGE_LIMIT, "a player may have " + config.maxPending()
                    + " pending challenges at once; cancel one or wait for an answer",
                    Map.of("limit", config.maxPending()));
        }
        ChallengeEntity c = new ChallengeEntity();
        c.id = UUID.randomUUID();
        c.challengerId = me.id();
        c.challengerName = me.name();
        c.destId = dest.id();
        c.destName = dest.name();
        c.gameType = type.name();
        c.ruleset = ask.ruleset().name();
        c.options = req.options() == null || req.options().isEmpty() ? null : json.write(req.options());
        c.clock = ask.clock() == null ? null : json.write(ask.clock());
        c.rated = ask.rated();
        c.challengerSeat = req.challengerSeat();
        c.status = "pending";
        c.createdAt = now;
        c.expiresAt = now.plus(config.timeout());
        c.persist();
        return changed(c);
    }

    /**
     * Accepts challenge {@code id} as its challenged player: creates its game with both seats
     * verified, the challenger in its chosen seat (or one drawn at random), and starts it.
     * The challenge's row is locked first, so one challenge makes at most one game however many
     * instances accept it at once.
     *
     * @throws GameException {@code player-key-required}, {@code player-key-invalid},
     *                       {@code challenge-not-found}, {@code player-key-mismatch} for the
     *                       challenger, {@code challenge-not-pending} (with {@code challengeStatus}
     *                       and, once accepted, {@code gameId})
     */
    @Transactional
    public Accepted accept(UUID id, String key) {
        PlayerRow me = holder(key);
        Instant now = now();
        ChallengeEntity c = pendingFor(id, me, true, "accepts", now);
        PlayerRow challenger = players.byId(c.challengerId)
                .orElseThrow(() -> new GameException(Failure.CHALLENGE_NOT_PENDING, "the challenger's registration has ended",
                        Map.of("challengeStatus", ChallengeViews.CANCELLED)));
        GameView game = games.start(new NewMatch(c.gameType, c.ruleset, views.options(c), views.clock(c), c.rated, challenger,
                c.challengerSeat, me));
        c.status = "accepted";
        c.gameId = game.id();
        c.endedAt = now;
        return new Accepted(changed(c), game);
    }

    /**
     * Declines challenge {@code id} as its challenged player.
     *
     * @param reason one of {@link DeclineReasons#ALL}, or null for {@code generic}
     * @throws GameException as {@link #accept}; {@code malformed-request} for another reason
     */
    @Transactional
    public ChallengeView decline(UUID id, String key, String reason) {
        PlayerRow me = holder(key);
        String r = reason == null ? "generic" : reason;
        if (!DeclineReasons.ALL.contains(r)) {
            throw GameException.malformed("'reason' must be one of " + String.join(", ", DeclineReasons.ALL));
        }
        Instant now = now();
        ChallengeEntity c = pendingFor(id, me, true, "declines", now);
        c.status = "declined";
        c.declineReason = r;
        c.endedAt = now;
        return changed(c);
    }

    /**
     * Cancels challenge {@code id} as its challenger.
     *
     * @throws GameException as {@link #accept}, {@code player-key-mismatch} for the challenged player
     */
    @Transactional
    public ChallengeView cancel(UUID id, String key) {
        PlayerRow me = holder(key);
        Instant now = now();
        ChallengeEntity c = pendingFor(id, me, false, "cancels", now);
        c.status = ChallengeViews.STORED_CANCELLED;
        c.endedAt = now;
        return changed(c);
    }

    /** A revoked player's pending challenges, made and received, are cancelled with its registration. */
    void revoked(@Observes PlayerRevoked event) {
        // Locked as read: a challenge being accepted meanwhile is read again once accepted, and left out.
        List<ChallengeEntity> mine = ChallengeEntity.<ChallengeEntity>find(
                "(challengerId = ?1 or destId = ?1) and status = 'pending'", event.playerId())
                .withLock(LockModeType.PESSIMISTIC_WRITE).list();
        for (ChallengeEntity c : mine) {
            c.status = ChallengeViews.STORED_CANCELLED;
            c.endedAt = event.at();
            changed(c);
        }
    }

    /**
     * Challenge {@code id}, locked, pending, and answered by the side that may: its challenged player
     * ({@code challenged}) or its challenger.
     */
    private ChallengeEntity pendingFor(UUID id, PlayerRow me, boolean challenged, String verb, Instant now) {
        ChallengeEntity c = locked(id, me);
        if (!me.id().equals(challenged ? c.destId : c.challengerId)) {
            throw new GameException(Failure.PLAYER_KEY_MISMATCH, challenged
                    ? "only the challenged player, " + c.destName + ", " + verb + " a challenge; its challenger may cancel it"
                    : "only the challenger, " + c.challengerName + ", " + verb + " a challenge; the challenged player declines it");
        }
        requirePending(c, now);
        return c;
    }

    private ChallengeEntity locked(UUID id, PlayerRow me) {
        ChallengeEntity c = ChallengeEntity.findById(id, LockModeType.PESSIMISTIC_WRITE);
        if (c == null || !(me.id().equals(c.challengerId) || me.id().equals(c.destId))) {
            throw notFound();
        }
        return c;
    }

    private static void requirePending(ChallengeEntity c, Instant now) {
        String status = ChallengeViews.status(c, now);
        if (!"pending".equals(status)) {
            Map<String, Object> ext = new LinkedHashMap<>();
            ext.put("challengeStatus", status);
            if (c.gameId != null) {
                ext.put("gameId", c.gameId.toString());
            }
            throw new GameException(Failure.CHALLENGE_NOT_PENDING, "the challenge is " + status
                    + (c.gameId != null ? "; its game is " + c.gameId : ""), ext);
        }
    }

    /** What a challenge call without a player's key is told. */
    static final String KEY_REQUIRED = "challenges are between registered players: send the player's key as 'X-Player-Key'";

    private PlayerRow holder(String key) {
        return players.required(key, KEY_REQUIRED);
    }

    static GameException notFound() {
        return new GameException(Failure.CHALLENGE_NOT_FOUND, "no challenge with this id was made by or to this player");
    }

    private ChallengeView changed(ChallengeEntity c) {
        ChallengeView v = views.view(c, now());
        changes.fire(new ChallengeChanged(v, c.challengerId, c.destId));
        return v;
    }

    private Instant now() {
        return writer.now();
    }
}
