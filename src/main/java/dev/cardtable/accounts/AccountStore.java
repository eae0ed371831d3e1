package dev.cardtable.accounts;

import dev.cardtable.platform.db.Db;
import dev.cardtable.platform.db.SqlTimes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Passwords and sessions in SQL ({@code account_passwords}, {@code account_sessions}). Every
 * statement stands alone (or joins the caller's transaction), so that no connection is held while
 * a password is hashed.
 */
@Singleton
public class AccountStore {

    /**
     * A standing registration's id and its password's hash (null when it has none).
     *
     * @param playerId the player
     * @param hash     the Argon2id PHC string, or null
     */
    public record Credential(UUID playerId, String hash) {
    }

    /**
     * A stored session.
     *
     * @param id        its id
     * @param tokenHash SHA-256 hex of its token
     * @param createdAt when it was signed in
     * @param expiresAt when it ends by itself
     * @param userAgent the {@code User-Agent} it was signed in with, or null
     */
    public record SessionRow(UUID id, String tokenHash, Instant createdAt, Instant expiresAt, String userAgent) {
    }

    @Inject
    Db db;

    /**
     * The standing registration of {@code name} (any case) with its password hash, in one statement
     * whether the name is registered or not; empty for no standing registration.
     */
    public Optional<Credential> credential(String name) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    select p.id, a.hash from players p left join account_passwords a on a.player_id = p.id
                    where lower(p.name) = lower(?) and p.revoked_at is null""")) {
                ps.setString(1, name);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(new Credential(rs.getObject(1, UUID.class), rs.getString(2))) : Optional.empty();
                }
            }
        });
    }

    /** Player {@code id}'s password hash, or empty when it has none. */
    public Optional<String> password(UUID id) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("select hash from account_passwords where player_id = ?")) {
                ps.setObject(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
                }
            }
        });
    }

    /** Sets (or replaces) player {@code id}'s password hash. */
    public void setPassword(UUID id, String hash, Instant at) {
        db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    insert into account_passwords (player_id, hash, changed_at) values (?, ?, ?)
                    on conflict (player_id) do update set hash = excluded.hash, changed_at = excluded.changed_at""")) {
                ps.setObject(1, id);
                ps.setString(2, hash);
                SqlTimes.setTime(ps, 3, at);
                ps.executeUpdate();
            }
            return null;
        });
    }

    /** Stores a new session of player {@code playerId}, and drops that player's expired ones. */
    public void addSession(UUID playerId, SessionRow s) {
        db.work(c -> {
            try (PreparedStatement del = c.prepareStatement(
                    "delete from account_sessions where player_id = ? and expires_at <= ?")) {
                del.setObject(1, playerId);
                SqlTimes.setTime(del, 2, s.createdAt());
                del.executeUpdate();
            }
            try (PreparedStatement ps = c.prepareStatement("""
                    insert into account_sessions (id, player_id, token_hash, created_at, expires_at, user_agent)
                    values (?, ?, ?, ?, ?, ?)""")) {
                ps.setObject(1, s.id());
                ps.setObject(2, playerId);
                ps.setString(3, s.tokenHash());
                SqlTimes.setTime(ps, 4, s.createdAt());
                SqlTimes.setTime(ps, 5, s.expiresAt());
                ps.setString(6, s.userAgent());
                ps.executeUpdate();
            }
            return null;
        });
    }

    /** The player of the unexpired session whose token hashes to {@code tokenHash}, or empty. */
    public Optional<UUID> sessionPlayer(String tokenHash, Instant now) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "select player_id from account_sessions where token_hash = ? and expires_at > ?")) {
                ps.setString(1, tokenHash);
                SqlTimes.setTime(ps, 2, now);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(rs.getObject(1, UUID.class)) : Optional.empty();
                }
            }
        });
    }

    /** Player {@code playerId}'s unexpired sessions, newest first. */
    public List<SessionRow> sessions(UUID playerId, Instant now) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    select id, token_hash, created_at, expires_at, user_agent from account_sessions
                    where player_id = ? and expires_at > ? order by created_at desc, id""")) {
                ps.setObject(1, playerId);
                SqlTimes.setTime(ps, 2, now);
                List<SessionRow> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new SessionRow(rs.getObject(1, UUID.class), rs.getString(2), SqlTimes.time(rs, 3),
                                SqlTimes.time(rs, 4), rs.getString(5)));
                    }
                }
                return out;
            }
        });
    }

    /** Ends player {@code playerId}'s session {@code id}; false when it has none of that id. */
    public boolean endSession(UUID playerId, UUID id) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("delete from account_sessions where player_id = ? and id = ?")) {
                ps.setObject(1, playerId);
                ps.setObject(2, id);
                return ps.executeUpdate() == 1;
            }
        });
    }

    /** Ends the session whose token hashes to {@code tokenHash}, if there is one. */
    public void endByToken(String tokenHash) {
        db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("delete from account_sessions where token_hash = ?")) {
                ps.setString(1, tokenHash);
                ps.executeUpdate();
            }
            return null;
        });
    }

    /**
     * Ends every session of player {@code playerId} but the one whose token hashes to
     * {@code keepHash} (null: ends them all).
     *
     * @return how many were ended
     */
    public int endAll(UUID playerId, String keepHash) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "delete from account_sessions where player_id = ? and token_hash is distinct from ?")) {
                ps.setObject(1, playerId);
                ps.setString(2, keepHash);
                return ps.executeUpdate();
            }
        });
    }

    /** Forgets player {@code playerId}'s password and sessions (its registration ended). */
    public void forget(UUID playerId) {
        db.work(c -> {
            try (PreparedStatement s = c.prepareStatement("delete from account_sessions where player_id = ?");
                 PreparedStatement p = c.prepareStatement("delete from account_passwords where player_id = ?")) {
                s.setObject(1, playerId);
                s.executeUpdate();
                p.setObject(1, playerId);
                p.executeUpdate();
            }
            return null;
        });
    }
}
