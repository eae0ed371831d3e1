package dev.cardtable.accounts;

import dev.cardtable.platform.Credentials;
import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.game.PlayerRow;
import dev.cardtable.platform.game.PlayerTokens;
import dev.cardtable.platform.http.Scope;
import dev.cardtable.players.PlayerRevoked;
import io.quarkus.arc.Arc;
import jakarta.enterprise.context.RequestScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

/**
 * Scoped access tokens ({@code docs/api.md}, "Tokens and OAuth"): made by a player for a script
 * (personal tokens, {@code ctp_…}) or granted to another front end by OAuth ({@code cto_…}), shown
 * once and stored as their SHA-256, listed and revoked by the player key or a session. The core's
 * view of them ({@link PlayerTokens}) reads the database once per request, so a token revoked on
 * one instance stops working on every instance at once.
 */
@Singleton
public class Tokens implements PlayerTokens {

    /** The longest a token may live: a year, after lichess's OAuth tokens. */
    public static final Duration LONGEST = Duration.ofDays(366);

    @Inject
    TokenStore store;

    @Inject
    Clock clock;

    @Inject
    Uses uses;

    @Inject
    jakarta.enterprise.event.Event<Revoked> revoked;

    @Override
    public Optional<Grant> grant(String token) {
        if (token == null || !PlayerTokens.looksLikeToken(token.trim())) {
            return Optional.empty();
        }
        String hash = Credentials.hash(token.trim());
        if (Arc.container().requestContext().isActive()) {
            return uses.of(hash, this::look);
        }
        return look(hash);
    }

    private Optional<Grant> look(String hash) {
        return store.use(hash, now()).map(u -> new Grant(u.id(), u.playerId(), u.scopes()));
    }

    /**
     * Makes a token for player {@code playerId}.
     *
     * @param scopes    its scopes, each a grantable {@link Scope}'s name; at least one
     * @param expiresAt when it stops working, at most {@link #LONGEST} away; null for never (personal tokens only)
     * @param clientId  the OAuth client it is granted to (its URL), or null for a personal token
     * @throws GameException {@code token-request-invalid} (422) for no scope, an unknown one, a
     *                       blank or long description, or an expiry in the past or too far away
     */
    public IssuedToken issue(UUID playerId, String description, List<String> scopes, Instant expiresAt, String clientId) {
        Instant now = now();
        Set<String> granted = scopes(scopes);
        if (description == null || description.isBlank() || description.codePointCount(0, description.length()) > 200) {
            throw invalid("'description' must be 1 to 200 characters");
        }
        if (expiresAt != null && !expiresAt.isAfter(now)) {
            throw invalid("'expiresAt' must be in the future");
        }
        if (expiresAt != null && expiresAt.isAfter(now.plus(LONGEST))) {
            throw invalid("'expiresAt' must be at most " + LONGEST.toDays() + " days away");
        }
        String token = (clientId == null ? PERSONAL : OAUTH) + Credentials.newToken();
        TokenStore.TokenRow row = new TokenStore.TokenRow(UUID.randomUUID(), playerId, description.strip(), granted,
                clientId, now, expiresAt == null ? null : expiresAt.truncatedTo(ChronoUnit.MILLIS), null);
        store.add(row, Credentials.hash(token));
        return new IssuedToken(token, view(row));
    }

    /** The scopes named, checked: at least one, each grantable. */
    static Set<String> scopes(List<String> scopes) {
        if (scopes == null || scopes.isEmpty()) {
            throw invalid("'scopes' must name at least one scope");
        }
        Set<String> out = new TreeSet<>();
        for (String s : scopes) {
            out.add(Scope.grantable(s).orElseThrow(() -> invalid("unknown scope '" + s + "': the scopes are "
                    + String.join(", ", grantableNames()))).text());
        }
        return out;
    }

    /** The names of the scopes a token may hold, in the table's order. */
    public static List<String> grantableNames() {
        return java.util.Arrays.stream(Scope.values()).filter(Scope::grantable).map(Scope::text).toList();
    }

    /** Player {@code key}'s unexpired tokens, newest first. */
    public TokenList list(PlayerRow p) {
        return new TokenList(store.tokens(p.id(), now()).stream().map(Tokens::view).toList());
    }

    /**
     * Revokes player {@code p}'s token {@code id}.
     *
     * @throws GameException {@code token-not-found} (404) when the player has no such token
     */
    public void revoke(PlayerRow p, UUID id) {
        if (!store.revoke(p.id(), id)) {
            throw new GameException(Failure.TOKEN_NOT_FOUND, "the player has no token " + id);
        }
        revoked.fire(new Revoked(p.id()));
    }

    @Override
    public boolean stands(UUID tokenId, UUID player) {
        return store.stands(tokenId, player, now());
    }

    /** Revokes the token {@code token} whoever holds it (RFC 7009); false when none has that text. */
    public boolean revokeText(String token) {
        if (token == null) {
            return false;
        }
        Optional<UUID> player = store.revokeByHash(Credentials.hash(token.trim()));
        player.ifPresent(p -> revoked.fire(new Revoked(p)));
        return player.isPresent();
    }

    /** A registration ended: its tokens and codes go with it, in the same transaction. */
    void revoked(@Observes PlayerRevoked e) {
        store.forget(e.playerId());
    }

    static TokenView view(TokenStore.TokenRow t) {
        return new TokenView(t.id(), t.description(), List.copyOf(t.scopes()), t.clientId(), t.createdAt(),
                t.expiresAt(), t.lastUsedAt());
    }

    private static GameException invalid(String detail) {
        return new GameException(Failure.TOKEN_REQUEST_INVALID, detail);
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }

    /**
     * The tokens one request has looked up, so that the edge and the handler read each once.
     * Reached through its client proxy: only by its method, since the proxy's own fields are not
     * the request's.
     */
    @RequestScoped
    public static class Uses {
        private final Map<String, Optional<Grant>> seen = new HashMap<>();

        /** The grant of the token hashing to {@code hash}, looked up by {@code look} once per request. */
        Optional<Grant> of(String hash, java.util.function.Function<String, Optional<Grant>> look) {
            return seen.computeIfAbsent(hash, look);
        }
    }
}
