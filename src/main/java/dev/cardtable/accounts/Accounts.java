package dev.cardtable.accounts;

import dev.cardtable.platform.Credentials;
import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.game.PlayerRow;
import dev.cardtable.platform.game.PlayerSessions;
import dev.cardtable.platform.game.RegisteredPlayers;
import dev.cardtable.platform.http.RateLimitProblem;
import dev.cardtable.platform.http.RateLimits;
import dev.cardtable.players.PlayerRevoked;
import io.quarkus.security.webauthn.WebAuthnCredentialRecord;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

/**
 * A registered player's account ({@code docs/api.md}, "Accounts and sessions"): its password,
 * signing in by it, and its sessions. A session is a random token (256 bits) kept by the browser in
 * an {@code HttpOnly} cookie; only its SHA-256 is stored. A session opens what the player key
 * opens, through the one check of a player's credential ({@link RegisteredPlayers#holder}).
 *
 * <p>Signing in is limited per address and per name (registered or not), and a wrong name, a
 * name without a password and a wrong password get one answer, {@code 401 sign-in-failed}, after
 * the same work: one statement and one Argon2id verification (against a dummy hash when there is
 * nothing to verify against). No connection is held while a password is hashed.
 */
@Singleton
public class Accounts {

    /** The longest {@code User-Agent} kept with a session, in characters. */
    static final int USER_AGENT_CHARS = 200;

    private static final String FAILED = "the name or the password is wrong";

    @Inject
    AccountStore store;

    @Inject
    PasskeyStore passkeys;

    @Inject
    RegisteredPlayers players;

    @Inject
    RateLimits limits;

    @Inject
    AccountsConfig config;

    @Inject
    Clock clock;

    /**
     * A session just signed in.
     *
     * @param token  the session token, for the cookie only
     * @param answer what the response body says
     * @param maxAgeSeconds the cookie's lifetime, in seconds
     */
    public record Opened(String token, SignedIn answer, long maxAgeSeconds) {
    }

    /**
     * Signs {@code name} in with {@code password} ({@code POST /api/sessions}).
     *
     * @param address   the client's address, for its limit
     * @param userAgent the {@code User-Agent} header, or null; kept (cut to 200 characters) to tell sessions apart
     * @throws GameException {@code malformed-request} without a name or a password,
     *                       {@code rate-limited} (429, with {@code Retry-After}) past the address's or the name's
     *                       allowance, {@code sign-in-failed} (401) for an unknown name, a name without a password
     *                       or a wrong password, alike
     */
    public Opened signIn(SignInRequest request, String address, String userAgent) {
        if (request == null || request.name() == null || request.password() == null) {
            throw GameException.malformed("a JSON body with 'name' and 'password' is required");
        }
        String name = request.name().trim();
        limit(RateLimits.Route.SIGN_IN, "address:" + address, "this address");
        limit(RateLimits.Route.SIGN_IN_NAME, "name:" + name.toLowerCase(Locale.ROOT), "any address");
        Optional<AccountStore.Credential> found = name.isEmpty() ? Optional.empty() : store.credential(name);
        String hash = found.map(AccountStore.Credential::hash).orElse(null);
        boolean right = Passwords.verify(request.password(), hash == null ? Passwords.DUMMY : hash) && hash != null;
        if (!right) {
            throw new GameException(Failure.SIGN_IN_FAILED, FAILED);
        }
        PlayerRow p = players.byId(found.get().playerId()).orElseThrow(() -> new GameException(Failure.SIGN_IN_FAILED, FAILED));
        return open(p, userAgent);
    }

    /**
     * Counts a passkey sign-in's try against {@code address}'s sign-in allowance, before the
     * passkey is looked at.
     *
     * @throws GameException {@code rate-limited} past it
     */
    public void passkeyTry(String address) {
        limit(RateLimits.Route.SIGN_IN, "address:" + address, "this address");
    }

    /**
     * Signs in the player of {@code passkey}, a passkey the WebAuthn ceremony has just verified
     * ({@code POST /api/sessions/passkey}), and records its signature counter.
     *
     * @throws GameException {@code sign-in-failed} when it belongs to no standing registration
     */
    public Opened signIn(WebAuthnCredentialRecord passkey, String userAgent) {
        PlayerRow p = passkeys.player(passkey.getCredentialID()).flatMap(players::byId)
                .orElseThrow(() -> new GameException(Failure.SIGN_IN_FAILED, "the passkey opens no account"));
        passkeys.counter(passkey.getCredentialID(), passkey.getCounter());
        return open(p, userAgent);
    }

    /**
     * Adds {@code passkey}, just verified by the WebAuthn registration ceremony, to the player
     * whose credential is {@code key} ({@code POST /api/account/passkeys}).
     *
     * @return its id (base64url) and when it was added
     * @throws GameException as {@link #sessions}
     */
    public PasskeyView addPasskey(String key, WebAuthnCredentialRecord passkey) {
        PlayerRow p = player(key);
        Instant now = now();
        passkeys.add(p.id(), passkey, now);
        return new PasskeyView(passkey.getCredentialID(), now);
    }

    /**
     * The passkeys of the player whose credential is {@code key}, newest first.
     *
     * @throws GameException as {@link #sessions}
     */
    public PasskeyList passkeys(String key) {
        return new PasskeyList(passkeys.list(player(key).id()));
    }

    /**
     * Removes passkey {@code id} of the player whose credential is {@code key}: it signs no one in
     * any more (the authenticator may still hold it).
     *
     * @throws GameException as {@link #sessions}; {@code passkey-not-found} (404) when that player has no
     *                       passkey {@code id}
     */
    public void removePasskey(String key, String id) {
        if (!passkeys.remove(player(key).id(), id)) {
            throw new GameException(Failure.PASSKEY_NOT_FOUND, "this player has no passkey '" + id + "'");
        }
    }

    private Opened open(PlayerRow p, String userAgent) {
        String token = Credentials.newToken();
        Instant now = now();
        AccountStore.SessionRow row = new AccountStore.SessionRow(UUID.randomUUID(), Credentials.hash(token), now,
                now.plus(config.sessionLifetime()), userAgent == null ? null
                : userAgent.substring(0, Math.min(userAgent.length(), USER_AGENT_CHARS)));
        store.addSession(p.id(), row);
        return new Opened(token, new SignedIn(p.name(), view(row, row.tokenHash())), config.sessionLifetime().toSeconds());
    }

    /**
     * Sets or changes the password of the player whose credential is {@code key}
     * ({@code POST /api/account/password}), and ends that player's other sessions.
     *
     * @param key the player key, or a session as the edge marks it
     * @throws GameException {@code player-key-required}, {@code player-key-invalid}, {@code session-invalid};
     *                       {@code password-unacceptable} (422) for a password shorter than 8 or longer than 256
     *                       characters; with a session and a password set, {@code password-mismatch} (403) when
     *                       {@code currentPassword} is missing or wrong, and {@code rate-limited} past the name's
     *                       sign-in allowance
     */
    public void setPassword(String key, PasswordRequest request) {
        PlayerRow p = player(key);
        if (request == null) {
            throw GameException.malformed("a JSON body with 'password' is required");
        }
        String problem = Passwords.problem(request.password());
        if (problem != null) {
            throw request.password() == null ? GameException.malformed(problem)
                    : new GameException(Failure.PASSWORD_UNACCEPTABLE, problem);
        }
        if (PlayerSessions.isSession(key)) {
            Optional<String> current = store.password(p.id());
            if (current.isPresent()) {
                limit(RateLimits.Route.SIGN_IN_NAME, "name:" + p.name().toLowerCase(Locale.ROOT), "any address");
                if (request.currentPassword() == null || !Passwords.verify(request.currentPassword(), current.get())) {
                    throw new GameException(Failure.PASSWORD_MISMATCH, "'currentPassword' is missing or is not the "
                            + "current password");
                }
            }
        }
        store.setPassword(p.id(), Passwords.hash(request.password()), now());
        store.endAll(p.id(), sessionHash(key));
    }

    /**
     * The sessions of the player whose credential is {@code key}, newest first; the one {@code key}
     * is (when it is a session) says {@code current}.
     *
     * @throws GameException {@code player-key-required}, {@code player-key-invalid}, {@code session-invalid}
     */
    public SessionList sessions(String key) {
        PlayerRow p = player(key);
        String mine = sessionHash(key);
        List<SessionView> items = store.sessions(p.id(), now()).stream().map(s -> view(s, mine)).toList();
        return new SessionList(items);
    }

    /**
     * Ends session {@code id} of the player whose credential is {@code key}.
     *
     * @throws GameException as {@link #sessions}; {@code session-not-found} (404) when that player has no
     *                       session {@code id}
     */
    public void end(String key, UUID id) {
        PlayerRow p = player(key);
        if (!store.endSession(p.id(), id)) {
            throw new GameException(Failure.SESSION_NOT_FOUND, "this player has no session '" + id + "'");
        }
    }

    /**
     * Ends every session of the player whose credential is {@code key}, the request's own too.
     *
     * @return how many were ended
     * @throws GameException as {@link #sessions}
     */
    public int endAll(String key) {
        return store.endAll(player(key).id(), null);
    }

    /** Signs out: ends the session whose cookie token is {@code token}, if there is one. */
    public void signOut(String token) {
        if (token != null && !token.isBlank()) {
            store.endByToken(Credentials.hash(token.trim()));
        }
    }

    /**
     * Who {@code key} signs in as.
     *
     * @throws GameException as {@link #sessions}
     */
    public AccountView account(String key) {
        PlayerRow p = player(key);
        return new AccountView(p.name(), p.createdAt());
    }

    /** A registration ended: its password, passkeys and sessions go with it, in the same transaction. */
    void revoked(@Observes PlayerRevoked e) {
        store.forget(e.playerId());
        passkeys.forget(e.playerId());
    }

    private PlayerRow player(String key) {
        return players.required(key, "this request needs a signed-in session (its cookie) or '" + RegisteredPlayers.HEADER
                + ": <player key>'");
    }

    private static String sessionHash(String key) {
        return PlayerSessions.isSession(key) ? Credentials.hash(key.substring(PlayerSessions.PREFIX.length()).trim()) : null;
    }

    private static SessionView view(AccountStore.SessionRow s, String currentHash) {
        return new SessionView(s.id(), s.createdAt(), s.expiresAt(), s.userAgent(), s.tokenHash().equals(currentHash));
    }

    private void limit(RateLimits.Route route, String client, String by) {
        if (!limits.enabled()) {
            return;
        }
        RateLimits.Decision d = limits.take(route, client);
        if (!d.allowed()) {
            RateLimitProblem problem = limits.problem(d);
            throw new GameException(Failure.RATE_LIMITED, problem.detail(route.what(), by), problem.extensions());
        }
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }
}
