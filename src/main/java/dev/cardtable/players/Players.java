package dev.cardtable.players;

import dev.cardtable.platform.Credentials;
import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.Names;
import dev.cardtable.platform.game.GameWriter;
import dev.cardtable.platform.game.PlayerRow;
import dev.cardtable.platform.game.PlayerSessions;
import dev.cardtable.platform.game.PlayerTokens;
import dev.cardtable.platform.game.RegisteredPlayers;
import dev.cardtable.platform.game.SeatKind;
import dev.cardtable.platform.game.SeatRow;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.transaction.Transactional;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Registered players and their keys ({@code docs/api.md}, "Players and keys"). Registering a name
 * hands out a player key once; only its SHA-256 is stored ({@link Credentials}). The key, sent as
 * {@code X-Player-Key}, verifies the seats its holder creates or takes; a registered name cannot be
 * seated without it. Rotating replaces the key; revoking ends the registration.
 */
@Singleton
public class Players implements RegisteredPlayers {

    @Inject
    Event<PlayerRevoked> revoked;

    @Inject
    Event<PlayerRotated> rotated;

    @Inject
    PlayerStore store;

    @Inject
    PlayerSessions sessions;

    @Inject
    PlayerTokens tokens;

    @Inject
    GameWriter writer;

    /**
     * Registers {@code name} ({@code POST /api/players}).
     *
     * @return the name and its key, shown this once
     * @throws GameException {@code malformed-request} for an invalid name, {@code name-taken} when
     *                       a standing registration holds the name in any case
     */
    @Transactional
    public PlayerKey register(String name) {
        if (name == null) {
            throw GameException.malformed("a JSON body with 'name' is required");
        }
        Names.check(name);
        String key = Credentials.newToken();
        PlayerRow p = store.register(name, Credentials.hash(key), writer.now()).orElseThrow(() ->
                new GameException(Failure.NAME_TAKEN, "the name '" + name + "' is registered already (names are compared "
                        + "without regard to case)"));
        return new PlayerKey(p.name(), key, p.createdAt());
    }

    /**
     * Replaces {@code name}'s key ({@code POST /api/players/{name}/key}); the old key stops working.
     * Fires {@link PlayerRotated} in the same transaction.
     *
     * @throws GameException {@code player-key-required} without a key; {@code player-key-invalid}
     *                       for a key that opens no registration, also when another request rotated
     *                       or revoked it meanwhile (of two racing with one key, one wins);
     *                       {@code player-key-mismatch} (403) for another player's standing key
     */
    @Transactional
    public PlayerKey rotate(String name, String key) {
        PlayerRow p = owner(name, key);
        String fresh = Credentials.newToken();
        java.time.Instant now = writer.now();
        if (!store.rotate(p.id(), currentHash(p, key), Credentials.hash(fresh), now)) {
            throw stale();
        }
        rotated.fire(new PlayerRotated(p.id(), now));
        return new PlayerKey(p.name(), fresh, p.createdAt());
    }

    /**
     * Revokes {@code name}'s key and ends its registration ({@code DELETE /api/players/{name}/key}):
     * the key opens nothing any more, and the name may be registered again, as a new player. Fires
     * {@link PlayerRevoked} in the same transaction.
     *
     * @throws GameException as {@link #rotate}
     */
    @Transactional
    public void revoke(String name, String key) {
        PlayerRow p = owner(name, key);
        java.time.Instant now = writer.now();
        if (!store.revoke(p.id(), currentHash(p, key), now)) {
            throw stale();
        }
        revoked.fire(new PlayerRevoked(p.id(), now));
    }

    /**
     * The key was good when read but was rotated or revoked before this request locked its
     * registration: two requests with one key raced, and this one lost.
     */
    private static GameException stale() {
        return new GameException(Failure.PLAYER_KEY_INVALID, "the player key was rotated or revoked by another request "
                + "meanwhile");
    }

    /**
     * The hash the key must still have when the registration is locked: the key's own, or, for a
     * request signed in by a session (which holds no key), the key as it was when the session was
     * checked, so that a session recovers a lost key ({@code docs/api.md}, "Accounts and sessions").
     */
    private String currentHash(PlayerRow p, String key) {
        return PlayerSessions.isSession(key) || PlayerTokens.isToken(key) ? store.keyHash(p.id()).orElseThrow(Players::stale)
                : Credentials.hash(key.trim());
    }

    private PlayerRow owner(String name, String key) {
        PlayerRow p = required(key, "this request needs '" + HEADER + ": <player key>'");
        if (!p.name().equalsIgnoreCase(name)) { // a registered name is one name in any case
            // A standing key of another player: known, and not allowed here (as everywhere: 403).
            throw new GameException(Failure.PLAYER_KEY_MISMATCH, "the player key is the key of '" + p.name()
                    + "', not of '" + name + "'");
        }
        return p;
    }

    /**
     * The registered player whose key {@code key} is; empty for no key (null or blank). This is the
     * one check of a player's credential: a session's token marked by the edge
     * ({@link PlayerSessions#PREFIX}) is checked here too. Must be called inside a transaction.
     *
     * @throws GameException {@code player-key-invalid} for a key that opens no standing registration,
     *                       {@code session-invalid} for a session that is unknown, ended or expired
     */
    public Optional<PlayerRow> holder(String key) {
        if (key == null || key.isBlank()) {
            return Optional.empty();
        }
        if (PlayerSessions.isSession(key)) {
            return Optional.of(sessionHolder(key).orElseThrow(() -> new GameException(Failure.SESSION_INVALID,
                    "the session is unknown, ended or expired: sign in again")));
        }
        if (PlayerTokens.isToken(key)) {
            return Optional.of(tokenHolder(key).orElseThrow(() -> new GameException(Failure.TOKEN_INVALID,
                    "the token is unknown, revoked or expired")));
        }
        return Optional.of(store.byKey(Credentials.hash(key.trim())).orElseThrow(() ->
                new GameException(Failure.PLAYER_KEY_INVALID, PlayerTokens.meantAsToken(key.trim())
                        ? "that is a token, not a player key: send it as 'Authorization: Bearer <token>'"
                        : "the player key is unknown, rotated or revoked")));
    }

    private Optional<PlayerRow> sessionHolder(String marked) {
        return sessions.player(marked.substring(PlayerSessions.PREFIX.length())).flatMap(store::byId);
    }

    private Optional<PlayerRow> tokenHolder(String marked) {
        return tokens.grant(marked.substring(PlayerTokens.PREFIX.length())).map(PlayerTokens.Grant::player)
                .flatMap(store::byId);
    }

    @Override
    @Transactional
    public Optional<java.util.UUID> playerOf(String key) {
        if (key == null || key.isBlank()) {
            return Optional.empty();
        }
        if (PlayerSessions.isSession(key)) {
            return sessionHolder(key).map(PlayerRow::id);
        }
        if (PlayerTokens.isToken(key)) {
            return tokens.grant(key.substring(PlayerTokens.PREFIX.length())).map(PlayerTokens.Grant::player);
        }
        return store.byKey(Credentials.hash(key.trim())).map(PlayerRow::id);
    }

    @Override
    public Optional<PlayerRow> registered(String name) {
        return store.byName(name);
    }

    @Override
    public Optional<String> keyHash(java.util.UUID id) {
        return store.keyHash(id);
    }

    @Override
    public Optional<PlayerRow> byId(java.util.UUID id) {
        return store.byId(id);
    }

    /**
     * {@code seats} with the seat of {@code holder} verified: the human seat whose name is the
     * holder's registered name names the player. Every other human seat must not use a registered
     * name. Must be called inside a transaction.
     *
     * @param holder the player whose key came with the request, or null
     * @throws GameException {@code player-key-mismatch} when no human seat has the holder's name,
     *                       {@code name-registered} for another seat under a registered name
     */
    public List<SeatRow> verify(List<SeatRow> seats, PlayerRow holder) {
        if (holder != null && seats.stream().noneMatch(s -> s.kind() == SeatKind.HUMAN
                && holder.name().equalsIgnoreCase(s.name()))) {
            // The key's own seat is missing: that is the mistake to report, before any other seat's name.
            throw mismatch(holder, seats.stream().filter(s -> s.kind() == SeatKind.HUMAN).map(SeatRow::name).toList());
        }
        List<SeatRow> out = new ArrayList<>(seats.size());
        boolean used = false;
        for (SeatRow s : seats) {
            if (s.kind() == SeatKind.HUMAN && holder != null && !used && holder.name().equals(s.name())) {
                out.add(verified(s, holder));
                used = true;
            } else if (s.kind() == SeatKind.HUMAN && holder != null && used && holder.name().equals(s.name())) {
                throw new GameException(Failure.NAME_REGISTERED, "'" + s.name() + "' is named on two seats: a registered "
                        + "player holds at most one seat of a game");
            } else if (s.kind() == SeatKind.HUMAN && holder != null && holder.name().equalsIgnoreCase(s.name())) {
                throw spelling(holder, s.name());
            } else {
                out.add(unverified(s));
            }
        }
        return out;
    }

    /**
     * A newly taken seat for {@code name}, verified when {@code holder} is the player of that name.
     *
     * @throws GameException {@code player-key-mismatch}, {@code name-registered}
     */
    public SeatRow verifySeat(SeatRow seat, PlayerRow holder) {
        if (holder == null) {
            return unverified(seat);
        }
        if (holder.name().equalsIgnoreCase(seat.name()) && !holder.name().equals(seat.name())) {
            throw spelling(holder, seat.name());
        }
        if (!holder.name().equals(seat.name())) {
            throw mismatch(holder, List.of(seat.name()));
        }
        return verified(seat, holder);
    }

    private static SeatRow verified(SeatRow s, PlayerRow p) {
        return new SeatRow(s.seat(), s.kind(), s.name(), s.aiLevel(), s.aiBudget(), s.tokenHash(), s.outcome(), s.score(),
                p.id());
    }

    private SeatRow unverified(SeatRow s) {
        if (s.kind() == SeatKind.HUMAN && s.playerId() == null) {
            store.byName(s.name()).ifPresent(p -> {
                throw new GameException(Failure.NAME_REGISTERED, "the name '" + s.name() + "' is registered: only its "
                        + "player's key in '" + HEADER + "' seats it (an import takes no key), so send the key or choose "
                        + "another name");
            });
        }
        return s;
    }

    /** The key's player, seated under its name spelt in another case: a verified seat shows the registered spelling. */
    private static GameException spelling(PlayerRow holder, String seatName) {
        return new GameException(Failure.PLAYER_KEY_MISMATCH, "the player key is the key of '" + holder.name()
                + "': a verified seat carries the name as registered, not '" + seatName + "'");
    }

    private static GameException mismatch(PlayerRow holder, List<String> names) {
        return new GameException(Failure.PLAYER_KEY_MISMATCH, "the player key is the key of '" + holder.name()
                + "', but the seat names " + (names.isEmpty() ? "no player" : String.join(", ", names.stream()
                .map(n -> "'" + n + "'").toList())));
    }
}
