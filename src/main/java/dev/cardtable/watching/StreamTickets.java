package dev.cardtable.watching;

import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.db.ServerSecret;
import dev.cardtable.platform.events.EventsConfig;
import dev.cardtable.platform.game.GameRow;
import dev.cardtable.platform.game.GameStore;
import dev.cardtable.platform.game.SeatCredential;
import dev.cardtable.platform.game.Seating;
import dev.cardtable.platform.game.view.StreamTicket;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.transaction.Transactional;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.UUID;

/**
 * Event-stream tickets ({@code docs/api.md}, "Stream tickets"): a seat token buys a short-lived
 * ticket that opens that seat's event stream of that game and nothing else, so that a browser's
 * {@code EventSource} (which cannot send headers) never puts the seat token in a URL.
 *
 * <p>A ticket is {@code base64url(payload) "." base64url(HMAC-SHA256(secret, payload))}, the
 * payload {@code "<game id>:<seat>:<expiry, epoch seconds>"} (a player's ticket:
 * {@code "player:<player id>:<key tag>:<expiry>"}), the secret the database's
 * ({@link ServerSecret}). Nothing per ticket is stored, so every instance of one database checks
 * the tickets of every other.
 */
@Singleton
public class StreamTickets {

    private static final Base64.Encoder ENCODE = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODE = Base64.getUrlDecoder();

    @Inject
    GameStore store;

    @Inject
    ServerSecret secret;

    @Inject
    EventsConfig config;

    /**
     * A ticket for the seat whose token {@code credential} carries.
     *
     * @throws GameException {@code game-not-found}; {@code unauthenticated} without a token or for
     *                       a token that matches no seat of the game
     */
    @Transactional
    public StreamTicket issue(UUID gameId, SeatCredential credential) {
        GameRow g = store.find(gameId).orElseThrow(GameException::gameNotFound);
        int seat = Seating.authenticate(g, credential, true);
        Instant expires = Instant.now().plus(config.ticketTtl()).truncatedTo(ChronoUnit.SECONDS);
        String payload = ENCODE.encodeToString((gameId + ":" + seat + ":" + expires.getEpochSecond())
                .getBytes(StandardCharsets.US_ASCII));
        return new StreamTicket(payload + "." + ENCODE.encodeToString(sign(payload)), seat, expires);
    }

    /**
     * The seat a ticket opens the stream of, for game {@code gameId}.
     *
     * @throws GameException {@code unauthenticated} for a malformed, forged or expired ticket, or one
     *                       for another game
     */
    @Transactional
    public int seat(UUID gameId, String ticket) {
        String[] parts = verified(ticket);
        if (!parts[0].equals(gameId.toString())) {
            throw refused(parts[0].equals("player") ? "the ticket is a player's, not a seat's" : "the ticket is for another game");
        }
        return Integer.parseInt(parts[1]);
    }

    /**
     * A ticket that opens the event stream of registered player {@code playerId}
     * ({@code docs/api.md}, "A player's event stream"), taken with the key whose SHA-256 is
     * {@code keyHash}: payload {@code "player:<id>:<key tag>:<expiry>"}, the key tag a keyed digest
     * of the key's hash ({@link #keyTag}), so that the ticket opens nothing once the key is rotated.
     */
    public PlayerTicket issuePlayer(UUID playerId, String keyHash) {
        return issuePlayerTagged(playerId, keyTag(keyHash));
    }

    /**
     * A ticket as {@link #issuePlayer}, taken with the scoped token {@code tokenId}: its tag names
     * the token ({@code t<id>}, the payload being signed), so that the ticket opens nothing once
     * the token is revoked or expires ({@link #token}).
     */
    public PlayerTicket issuePlayerForToken(UUID playerId, UUID tokenId) {
        return issuePlayerTagged(playerId, "t" + tokenId);
    }

    /** The token a player ticket was taken with, or null for one taken with the key. */
    public UUID token(PlayerClaim claim) {
        if (!claim.keyTag().startsWith("t")) {
            return null;
        }
        try {
            return UUID.fromString(claim.keyTag().substring(1));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private PlayerTicket issuePlayerTagged(UUID playerId, String tag) {
        Instant expires = Instant.now().plus(config.ticketTtl()).truncatedTo(ChronoUnit.SECONDS);
        String payload = ENCODE.encodeToString(("player:" + playerId + ":" + tag + ":" + expires.getEpochSecond())
                .getBytes(StandardCharsets.US_ASCII));
        return new PlayerTicket(
                payload + "." + ENCODE.encodeToString(sign(payload)), expires);
    }

    /**
     * What a player ticket claims: the player whose stream it opens, and the tag of the key it was
     * taken with ({@link #takenWith}).
     */
    public record PlayerClaim(UUID playerId, String keyTag) {
    }

    /**
     * What a player ticket claims.
     *
     * @throws GameException {@code unauthenticated} for a malformed, forged or expired ticket, or a
     *                       seat's ticket
     */
    public PlayerClaim player(String ticket) {
        String[] parts = verified(ticket);
        if (!parts[0].equals("player")) {
            throw refused("the ticket is a seat's, not a player's");
        }
        if (parts.length != 4) {
            throw refused("the ticket is malformed");
        }
        try {
            return new PlayerClaim(UUID.fromString(parts[1]), parts[2]);
        } catch (IllegalArgumentException e) {
            throw refused("the ticket is malformed");
        }
    }

    /** Whether the ticket of {@code claim} was taken with the key whose SHA-256 is {@code keyHash}. */
    public boolean takenWith(PlayerClaim claim, String keyHash) {
        return MessageDigest.isEqual(keyTag(keyHash).getBytes(StandardCharsets.US_ASCII),
                claim.keyTag().getBytes(StandardCharsets.US_ASCII));
    }

    /** 16 characters of the HMAC of a key's hash: it tells keys apart and says nothing of them. */
    private String keyTag(String keyHash) {
        return ENCODE.encodeToString(sign("key:" + keyHash)).substring(0, 16);
    }

    /** The parts of a ticket signed by this database and not expired. */
    private String[] verified(String ticket) {
        int dot = ticket.indexOf('.');
        if (dot < 0) {
            throw refused("the ticket is malformed");
        }
        String payload = ticket.substring(0, dot);
        byte[] given;
        String[] parts;
        try {
            given = DECODE.decode(ticket.substring(dot + 1));
            parts = new String(DECODE.decode(payload), StandardCharsets.US_ASCII).split(":", -1);
        } catch (IllegalArgumentException e) {
            throw refused("the ticket is malformed");
        }
        if (!secret.verify(payload, given) || parts.length < 3 || parts.length > 4) {
            throw refused("the ticket is not valid");
        }
        long expiry;
        try {
            expiry = Long.parseLong(parts[parts.length - 1]);
        } catch (NumberFormatException e) {
            throw refused("the ticket is malformed");
        }
        if (Instant.now().getEpochSecond() >= expiry) {
            throw refused("the ticket has expired; ask for a new one");
        }
        return parts;
    }

    private static GameException refused(String why) {
        return new GameException(Failure.UNAUTHENTICATED, why);
    }

    private byte[] sign(String payload) {
        return secret.mac(payload);
    }
}
