package dev.cardtable.accounts;

import dev.cardtable.platform.db.Db;
import dev.cardtable.platform.db.SqlTimes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.sql.Array;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

/**
 * Scoped access tokens in SQL ({@code access_tokens}). Every statement stands alone (or joins the
 * caller's transaction).
 */
@Singleton
public class TokenStore {

    /**
     * A stored token.
     *
     * @param id          its id
     * @param playerId    the player it acts for
     * @param description what the player called it, or the OAuth client's URL
     * @param scopes      its scopes, by name
     * @param clientId    the OAuth client it was granted to, or null for a personal token
     * @param createdAt   when it was made
     * @param expiresAt   when it stops working by itself, or null for never
     * @param lastUsedAt  when it was last used (to the minute), or null for never
     */
    public record TokenRow(UUID id, UUID playerId, String description, Set<String> scopes, String clientId,
                           Instant createdAt, Instant expiresAt, Instant lastUsedAt) {
    }

    /**
     * What a token in use grants.
     *
     * @param id       the token's id
     * @param playerId its player
     * @param scopes   its scopes
     */
    public record Use(UUID id, UUID playerId, Set<String> scopes) {
    }

    @Inject
    Db db;

    /** Stores a new token whose text hashes to {@code tokenHash}. */
    public void add(TokenRow t, String tokenHash) {
        db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    insert into access_tokens (id, player_id, token_hash, description, scopes, client_id, created_at, expires_at)
                    values (?, ?, ?, ?, ?, ?, ?, ?)""")) {
                ps.setObject(1, t.id());
                ps.setObject(2, t.playerId());
                ps.setString(3, tokenHash);
                ps.setString(4, t.description());
                ps.setArray(5, c.createArrayOf("text", t.scopes().toArray()));
                ps.setString(6, t.clientId());
                SqlTimes.setTime(ps, 7, t.createdAt());
                SqlTimes.setTime(ps, 8, t.expiresAt());
                ps.executeUpdate();
            }
            return null;
        });
    }

    /**
     * What the unexpired token whose text hashes to {@code tokenHash} grants, if its player's
     * registration stands; in the same statement, marks it used at {@code now} when its last use is
     * older than a minute (so that a token in steady use costs no write per request).
     */
    public Optional<Use> use(String tokenHash, Instant now) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    with t as (
                        select a.id, a.player_id, a.scopes, a.last_used_at from access_tokens a
                        join players p on p.id = a.player_id and p.revoked_at is null
                        where a.token_hash = ? and (a.expires_at is null or a.expires_at > ?)),
                    u as (
                        update access_tokens set last_used_at = ?
                        where id = (select id from t where last_used_at is null or last_used_at < ?)
                        returning id)
                    select id, player_id, scopes from t""")) {
                ps.setString(1, tokenHash);
                SqlTimes.setTime(ps, 2, now);
                SqlTimes.setTime(ps, 3, now);
                SqlTimes.setTime(ps, 4, now.minusSeconds(60));
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(new Use(rs.getObject(1, UUID.class), rs.getObject(2, UUID.class),
                            scopes(rs.getArray(3)))) : Optional.empty();
                }
            }
        });
    }

    /** Player {@code playerId}'s unexpired tokens, newest first. */
    public List<TokenRow> tokens(UUID playerId, Instant now) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    select id, player_id, description, scopes, client_id, created_at, expires_at, last_used_at
                    from access_tokens where player_id = ? and (expires_at is null or expires_at > ?)
                    order by created_at desc, id""")) {
                ps.setObject(1, playerId);
                SqlTimes.setTime(ps, 2, now);
                List<TokenRow> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new TokenRow(rs.getObject(1, UUID.class), rs.getObject(2, UUID.class), rs.getString(3),
                                scopes(rs.getArray(4)), rs.getString(5), SqlTimes.time(rs, 6), SqlTimes.time(rs, 7),
                                SqlTimes.time(rs, 8)));
                    }
                }
                return out;
            }
        });
    }

    /** Whether token {@code id} of player {@code playerId} is unexpired at {@code now} and its registration stands. */
    public boolean stands(UUID id, UUID playerId, Instant now) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    select 1 from access_tokens a join players p on p.id = a.player_id and p.revoked_at is null
                    where a.id = ? and a.player_id = ? and (a.expires_at is null or a.expires_at > ?)""")) {
                ps.setObject(1, id);
                ps.setObject(2, playerId);
                SqlTimes.setTime(ps, 3, now);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next();
                }
            }
        });
    }

    /** Revokes player {@code playerId}'s token {@code id}; false when it has none of that id. */
    public boolean revoke(UUID playerId, UUID id) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("delete from access_tokens where player_id = ? and id = ?")) {
                ps.setObject(1, playerId);
                ps.setObject(2, id);
                return ps.executeUpdate() == 1;
            }
        });
    }

    /** Revokes the token whose text hashes to {@code tokenHash}, if there is one; its player, or empty when there was none. */
    public Optional<UUID> revokeByHash(String tokenHash) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("delete from access_tokens where token_hash = ? returning player_id")) {
                ps.setString(1, tokenHash);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(rs.getObject(1, UUID.class)) : Optional.empty();
                }
            }
        });
    }

    /** Forgets player {@code playerId}'s tokens and codes (its registration ended). */
    public void forget(UUID playerId) {
        db.work(c -> {
            try (PreparedStatement t = c.prepareStatement("delete from access_tokens where player_id = ?");
                 PreparedStatement o = c.prepareStatement("delete from oauth_codes where player_id = ?")) {
                t.setObject(1, playerId);
                t.executeUpdate();
                o.setObject(1, playerId);
                o.executeUpdate();
            }
            return null;
        });
    }

    private static Set<String> scopes(Array a) throws SQLException {
        Set<String> out = new TreeSet<>();
        for (Object o : (Object[]) a.getArray()) {
            out.add((String) o);
        }
        return out;
    }
}
