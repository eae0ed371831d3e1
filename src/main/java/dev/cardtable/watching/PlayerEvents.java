package dev.cardtable.watching;

import dev.cardtable.challenges.ChallengeList;
import dev.cardtable.challenges.ChallengeReads;
import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.game.GameCatalog;
import dev.cardtable.platform.game.GameRow;
import dev.cardtable.platform.game.GameStore;
import dev.cardtable.platform.game.GameWriter;
import dev.cardtable.platform.game.PlayerRow;
import dev.cardtable.platform.game.PlayerTokens;
import dev.cardtable.platform.game.RegisteredPlayers;
import dev.cardtable.platform.game.Status;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import org.jboss.logging.Logger;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * What a player's event stream needs besides the bus ({@code docs/api.md}, "A player's event
 * stream"): who may open it, the snapshot it starts with, and the pruning of old events.
 */
@ApplicationScoped
public class PlayerEvents {

    private static final Logger LOG = Logger.getLogger(PlayerEvents.class);

    /** The most games a snapshot lists. */
    static final int MAX_SNAPSHOT_GAMES = 200;

    @Inject
    RegisteredPlayers players;

    @Inject
    StreamTickets tickets;

    @Inject
    PlayerTokens tokens;

    @Inject
    PlayerEventStore store;

    @Inject
    ChallengeReads challenges;

    @Inject
    dev.cardtable.pairing.SeekReads seeks;

    @Inject
    GameStore games;

    @Inject
    GameCatalog catalog;

    @Inject
    GameWriter writer;

    @Inject
    PlayerEventsConfig config;

    @Inject
    Clock clock;

    private volatile boolean stopping;

    /**
     * The registered player called {@code name}, when {@code key} is its key.
     *
     * @throws GameException {@code player-key-required} without a key, {@code player-key-invalid},
     *                       {@code player-not-found} for a name with no standing registration,
     *                       {@code player-key-mismatch} for another player's key
     */
    @Transactional
    public PlayerRow owner(String name, String key) {
        PlayerRow holder = players.required(key, "a player's events need its key as 'X-Player-Key' (or a ticket taken with it)");
        return check(name, holder.id());
    }

    /**
     * The registered player called {@code name}, whose stream the key or ticket opens: one of the
     * two must be sent.
     *
     * @throws GameException as {@link #owner}; {@code unauthenticated} for a bad ticket;
     *                       {@code malformed-request} for both
     */
    @Transactional
    public PlayerRow streamOwner(String name, String key, String ticket) {
        if (ticket == null) {
            return owner(name, key);
        }
        if (key != null && !key.isBlank()) {
            throw GameException.malformed("send either 'ticket' or 'X-Player-Key', not both");
        }
        StreamTickets.PlayerClaim claim = tickets.player(ticket);
        PlayerRow p = check(name, claim.playerId());
        UUID token = tickets.token(claim);
        if (token != null) {
            if (!tokens.stands(token, p.id())) {
                throw new GameException(Failure.UNAUTHENTICATED, "the ticket was taken with a token that has been "
                        + "revoked or has expired since; take a new one with a standing credential");
            }
            return p;
        }
        if (!players.keyHash(p.id()).map(h -> tickets.takenWith(claim, h)).orElse(false)) {
            throw new GameException(Failure.UNAUTHENTICATED, "the ticket was taken with a key that has been rotated "
                    + "since; take a new one with the current key");
        }
        return p;
    }

    /**
     * A ticket for player {@code p}'s stream, bound to the credential {@code key} it was asked with:
     * a scoped token's ticket ends with the token, a key's (or a session's) with the key.
     */
    public dev.cardtable.watching.PlayerTicket ticket(PlayerRow p, String key) {
        if (PlayerTokens.isToken(key)) {
            PlayerTokens.Grant grant = tokens.grant(key.substring(PlayerTokens.PREFIX.length()))
                    .orElseThrow(() -> new GameException(Failure.TOKEN_INVALID, "the token is unknown, revoked or expired"));
            return tickets.issuePlayerForToken(p.id(), grant.tokenId());
        }
        return tickets.issuePlayer(p.id(), players.keyHash(p.id()).orElseThrow());
    }

    private PlayerRow check(String name, UUID playerId) {
        PlayerRow p = players.registered(name).orElseThrow(() -> new GameException(Failure.PLAYER_NOT_FOUND,
                "no registered player is called '" + name + "'"));
        if (!p.id().equals(playerId)) {
            throw new GameException(Failure.PLAYER_KEY_MISMATCH, "the key or ticket is another player's");
        }
        return p;
    }

    /**
     * The snapshot a stream opens with: the player's pending challenges, in and out, its open seeks, and its games
     * waiting or running (at most {@value #MAX_SNAPSHOT_GAMES}), each with its seat, whose turn it
     * is and whether it is the player's.
     */
    @Transactional
    public Map<String, Object> snapshot(UUID playerId) {
        ChallengeList pending = challenges.pendingOf(playerId);
        List<Map<String, Object>> list = new ArrayList<>();
        for (PlayerEventStore.Seated s : store.unfinished(playerId, MAX_SNAPSHOT_GAMES)) {
            GameRow g = games.find(s.gameId()).orElse(null);
            if (g == null) {
                continue;
            }
            List<Integer> toAct = g.status() == Status.ACTIVE
                    ? writer.open(catalog.type(g.type()), g).toAct().stream().map(dev.cardtable.engine.Seat::number).toList()
                    : List.of();
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("gameId", g.id());
            m.put("type", g.type());
            m.put("ruleset", g.ruleset());
            m.put("rated", g.rated());
            m.put("status", g.status().name().toLowerCase());
            m.put("seat", s.seat());
            m.put("version", g.changes());
            m.put("toAct", toAct);
            m.put("yourTurn", toAct.contains(s.seat()));
            m.put("deadline", g.status() == Status.ACTIVE ? g.table().deadline() : null);
            list.add(m);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("challenges", pending);
        out.put("seeks", seeks.openOf(playerId).items());
        out.put("games", list);
        return out;
    }

    void stop(@Observes ShutdownEvent event) {
        stopping = true;
    }

    @Scheduled(every = "${cardtable.player-events.prune-every:10m}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduledPrune() {
        if (stopping) {
            return;
        }
        try {
            prune();
        } catch (RuntimeException e) {
            if (!stopping) {
                LOG.warn("pruning players' events failed; the next run retries: " + e.getMessage());
            }
        }
    }

    /** Deletes events older than {@code cardtable.player-events.retention}; how many. */
    public int prune() {
        return store.prune(Instant.now(clock).minus(config.retention()));
    }
}
