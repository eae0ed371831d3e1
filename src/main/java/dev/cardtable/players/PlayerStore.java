package dev.cardtable.players;

import dev.cardtable.platform.db.Db;
import dev.cardtable.platform.db.SqlTimes;
import dev.cardtable.platform.game.PlayerRow;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * The SQL of registered players ({@code players}, migration V9). Only a key's SHA-256 is ever
 * written or compared; a name is unique case-insensitively among registrations that stand. Must be
 * called inside a transaction.
 */
@Singleton
public class PlayerStore {

    @Inject
    Db db;

    /**
     * Registers {@code name} with the key hash {@code keyHash}.
     *
     * @return the new registration, or empty when a standing registration holds the name already
     *         (in any case)
     */
    public Optional<PlayerRow> register(String name, String keyHash, Instant at) {
        return db.work(c -> {
            UUID id = UUID.randomUUID();
            try (PreparedStatement ps = c.prepareStatement("""
                    insert into players (id, name, key_hash, created_at) values (?, ?, ?, ?)
                    on conflict (lower(name)) where revoked_at is null do nothing""")) {
                ps.setObject(1, id);
                ps.setString(2, name);
                ps.setString(3, keyHash);
                SqlTimes.setTime(ps, 4, at);
                return ps.executeUpdate() == 1 ? Optional.of(new PlayerRow(id, name, at)) : Optional.empty();
            }
        });
    }

    /** The standing registration whose key hashes to {@code keyHash}, or empty. */
    public Optional<PlayerRow> byKey(String keyHash) {
        return one("select id, name, created_at from players where key_hash = ? and revoked_at is null", keyHash);
    }

    /** The standing registration of {@code name}, compared case-insensitively, or empty. */
    public Optional<PlayerRow> byName(String name) {
        return one("select id, name, created_at from players where lower(name) = lower(?) and revoked_at is null", name);
    }

    /** Replaces the key hash of player {@code id}; false when it no longer stands. */
    public boolean rotate(UUID id, String keyHash, Instant at) {
        return update("update players set key_hash = ?, rotated_at = ? where id = ? and revoked_at is null",
                keyHash, at, id);
    }

    /** Ends the registration of player {@code id}: its key opens nothing and its name is free again. */
    public boolean revoke(UUID id, Instant at) {
        return update("update players set key_hash = null, revoked_at = ? where id = ? and revoked_at is null",
                null, at, id);
    }

    private boolean update(String sql, String keyHash, Instant at, UUID id) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                int i = 1;
                if (keyHash != null) {
                    ps.setString(i++, keyHash);
                }
                SqlTimes.setTime(ps, i++, at);
                ps.setObject(i, id);
                return ps.executeUpdate() == 1;
            }
        });
    }

    private Optional<PlayerRow> one(String sql, String arg) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                ps.setString(1, arg);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(row(rs)) : Optional.empty();
                }
            }
        });
    }

    private static PlayerRow row(ResultSet rs) throws SQLException {
        return new PlayerRow(rs.getObject(1, UUID.class), rs.getString(2), SqlTimes.time(rs, 3));
    }
}
