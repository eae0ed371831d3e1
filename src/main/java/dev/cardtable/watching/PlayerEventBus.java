package dev.cardtable.watching;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardtable.challenges.ChallengeChanged;
import dev.cardtable.challenges.ChallengeView;
import dev.cardtable.platform.events.Broadcast;
import dev.cardtable.platform.game.GameChanged;
import dev.cardtable.platform.game.SeatKind;
import dev.cardtable.platform.game.SeatRow;
import dev.cardtable.players.PlayerRevoked;
import dev.cardtable.players.PlayerRotated;
import dev.cardtable.tournaments.ArenaGameStarted;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Registered players' events ({@code docs/api.md}, "A player's event stream"): derived from the
 * core's {@link GameChanged} and the challenges' {@link ChallengeChanged} inside the transaction of
 * the change, stored in {@code player_events}, and announced on {@value #CHANNEL} (payload: the
 * player's id) so that every instance wakes that player's streams once the change commits. A
 * rotated or revoked key is announced as {@code "end:<player id>"}: every instance closes that
 * player's streams.
 *
 * <p>Events: {@code gameStart} (a game with the player's verified seat started: its seat),
 * {@code yourTurn} (its seat is to act: game, version as clients see it, deadline), {@code gameFinish} (the game
 * ended: outcome, score, rating change), {@code challenge} (made, to or by the player),
 * {@code challengeDeclined}, {@code challengeCancelled} (stored as {@code challengeCanceled}:
 * {@link PlayerEventStore#current}), {@code challengeExpired}. Nothing is
 * stored while live events are off ({@code cardtable.events.enabled}).
 */
@ApplicationScoped
public class PlayerEventBus extends Broadcast<PlayerEventBus.Subscriber> {

    /** The notification channel of players' events; payload the player's id. */
    public static final String CHANNEL = "cardtable_player_events";

    /** A live stream of one player's events on this instance. */
    public interface Subscriber extends Broadcast.Subscriber {

        /** The player whose events it follows. */
        UUID player();

        /** New events of its player may be stored: it reads and sends them. Safe from any thread. */
        void wake();

        /** Its player's key was rotated or revoked: it closes. Safe from any thread. */
        void end();
    }

    /** The prefix of a payload that ends a player's streams: {@code "end:<player id>"}. */
    static final String END = "end:";

    @Inject
    PlayerEventStore store;

    @Inject
    ObjectMapper json;

    @Inject
    jakarta.enterprise.event.Event<dev.cardtable.platform.events.StreamsOpen> streamsOpen;

    @Override
    public String name() {
        return CHANNEL;
    }

    void onGame(@Observes GameChanged c) {
        if (!enabled()) {
            return;
        }
        List<String> names = new ArrayList<>();
        for (SeatRow s : c.seats()) {
            names.add(s.kind() == SeatKind.HUMAN ? s.name() : s.kind() == SeatKind.AI ? s.aiLevel() : null);
        }
        for (SeatRow s : c.seats()) {
            if (s.playerId() == null) {
                continue;
            }
            if (c.started()) {
                Map<String, Object> d = game(c, s);
                d.put("players", names);
                record(s.playerId(), "gameStart", c.gameId(), null, null, d, c.updatedAt());
            }
            if (c.toAct().contains(s.seat())) {
                Map<String, Object> d = game(c, s);
                d.put("version", c.changes());
                d.put("deadline", c.deadline());
                record(s.playerId(), "yourTurn", c.gameId(), c.changes(), null, d, c.updatedAt());
            }
            if (c.ended()) {
                Map<String, Object> d = game(c, s);
                d.put("version", c.changes());
                d.put("outcome", s.outcome());
                d.put("score", s.score());
                record(s.playerId(), "gameFinish", c.gameId(), null, null, d, c.updatedAt());
            }
        }
    }

    void onChallenge(@Observes ChallengeChanged c) {
        if (!enabled()) {
            return;
        }
        String kind = switch (c.challenge().status()) {
            case "pending" -> "challenge";
            case "declined" -> "challengeDeclined";
            case "cancelled" -> PlayerEventStore.STORED_CHALLENGE_CANCELLED;
            case "expired" -> "challengeExpired";
            default -> null; // accepted: the game's gameStart tells both players
        };
        if (kind == null) {
            return;
        }
        ChallengeView v = c.challenge();
        Instant at = Instant.now();
        // Stored in the words the release before this one reads (it may serve the row); a stream
        // of this release sends them in today's (PlayerEventStore.current).
        Map<String, Object> stored = json.convertValue(v, new com.fasterxml.jackson.core.type.TypeReference<>() {
        });
        if ("cancelled".equals(v.status())) {
            stored.put("status", "canceled");
        }
        if (v.options().isEmpty()) {
            stored.put("options", null);
        }
        for (UUID player : List.of(c.challengerId(), c.challengedId())) {
            record(player, kind, null, null, v.id(), stored, at);
        }
    }

    /**
     * An arena game's players were told {@code gameStart} in this transaction, by {@link #onGame}:
     * that event names the arena ({@code "arena":"<id>"}) before it commits.
     */
    void onArenaGame(@Observes ArenaGameStarted a) {
        if (!enabled()) {
            return;
        }
        for (UUID player : a.players()) {
            store.nameArena(player, a.gameId(), a.arenaId());
        }
    }

    private static Map<String, Object> game(GameChanged c, SeatRow s) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("gameId", c.gameId());
        d.put("type", c.type());
        d.put("ruleset", c.ruleset());
        d.put("rated", c.rated());
        d.put("seat", s.seat());
        return d;
    }

    private void record(UUID player, String kind, UUID gameId, Integer version, UUID challengeId, Object data, Instant at) {
        String text;
        try {
            text = json.writeValueAsString(data);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        if (store.insert(player, kind, gameId, version, challengeId, text, at) >= 0) {
            announce(player.toString());
        }
    }

    /**
     * A rotated key ends the player's streams on every instance once the rotation commits, and so
     * does a revoked one: what the old key (or a ticket taken with it) opened closes, and a client
     * reconnects with the new key.
     */
    void onRotated(@Observes PlayerRotated r) {
        announce(END + r.playerId());
    }

    /** As {@link #onRotated}, for a token revoked: the streams it may have opened end (clients reconnect with another credential). */
    void onTokenRevoked(@Observes dev.cardtable.platform.game.PlayerTokens.Revoked r) {
        announce(END + r.player());
    }

    /** As {@link #onRotated}, for a registration that ended. */
    void onRevoked(@Observes PlayerRevoked r) {
        announce(END + r.playerId());
    }

    /** Drops streams whose clients have gone, then tells which players still follow theirs here. */
    @Override
    public void heartbeat() {
        super.heartbeat();
        java.util.Set<UUID> following = new java.util.HashSet<>();
        forEach(sub -> following.add(sub.player()));
        try {
            streamsOpen.fire(new dev.cardtable.platform.events.StreamsOpen(following, Instant.now()));
        } catch (RuntimeException e) {
            org.jboss.logging.Logger.getLogger(PlayerEventBus.class).warn("keeping seeks alive failed: " + e.getMessage());
        }
    }

    @Override
    public void receive(String payload) {
        if (payload.startsWith(END)) {
            UUID player = UUID.fromString(payload.substring(END.length()));
            deliver(sub -> sub.player().equals(player), Subscriber::end);
            return;
        }
        UUID player = UUID.fromString(payload);
        deliver(sub -> sub.player().equals(player), Subscriber::wake);
    }
}
