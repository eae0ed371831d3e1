package dev.cardtable.platform.game;

import dev.cardtable.platform.db.Db;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Optional;
import java.util.UUID;

/**
 * Record fingerprints ({@code game_fingerprints}): at most one per game and one game per
 * fingerprint. The database decides every uniqueness here (insert on conflict), never a prior
 * lookup, so concurrent writers cannot fail on a duplicate.
 */
@Singleton
public class FingerprintStore {

    @Inject
    Db db;

    /** Whether game {@code gameId} holds a fingerprint (an imported game does, from its import on). */
    public boolean holds(UUID gameId) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("select 1 from game_fingerprints where game_id = ?")) {
                ps.setObject(1, gameId);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next();
                }
            }
        });
    }

    /**
     * Gives game {@code gameId} the fingerprint {@code hash}, replacing one it had, unless another
     * game holds it.
     *
     * <p>Two rows make a holding, each keyed so that it would live on one shard: the fingerprint's
     * owner ({@code fingerprints}, keyed by the fingerprint) and the game's link
     * ({@code game_fingerprints}, keyed by the game, removed with the game). An owner row whose
     * game has no link any more (the game was removed) holds nothing and is taken over. Every
     * statement here names one fingerprint or one game.
     *
     * @return empty when {@code gameId} now holds {@code hash}; else the game that holds it
     */
    public Optional<UUID> claim(UUID gameId, String hash) {
        return db.work(c -> {
            try (PreparedStatement del = c.prepareStatement(
                    "delete from game_fingerprints where game_id = ? and hash <> ? returning hash");
                 PreparedStatement owner = c.prepareStatement("delete from fingerprints where hash = ? and game_id = ?")) {
                del.setObject(1, gameId);
                del.setString(2, hash);
                try (ResultSet rs = del.executeQuery()) {
                    while (rs.next()) {
                        owner.setString(1, rs.getString(1));
                        owner.setObject(2, gameId);
                        owner.executeUpdate();
                    }
                }
            }
            try (PreparedStatement ins = c.prepareStatement(
                    "insert into fingerprints (hash, game_id) values (?, ?) on conflict (hash) do nothing")) {
                ins.setString(1, hash);
                ins.setObject(2, gameId);
                if (ins.executeUpdate() == 1) {
                    return link(c, gameId, hash);
                }
            }
            UUID holder;
            try (PreparedStatement sel = c.prepareStatement("select game_id from fingerprints where hash = ?")) {
                sel.setString(1, hash);
                try (ResultSet rs = sel.executeQuery()) {
                    holder = rs.next() ? rs.getObject(1, UUID.class) : null;
                }
            }
            if (holder == null) {
                // Its owner gave it up between the two statements: claim it once more.
                try (PreparedStatement ins = c.prepareStatement(
                        "insert into fingerprints (hash, game_id) values (?, ?) on conflict (hash) do nothing")) {
                    ins.setString(1, hash);
                    ins.setObject(2, gameId);
                    ins.executeUpdate();
                }
                return claimOwned(c, gameId, hash);
            }
            if (holder.equals(gameId)) {
                return link(c, gameId, hash);
            }
            try (PreparedStatement linked = c.prepareStatement("select 1 from game_fingerprints where game_id = ? and hash = ?")) {
                linked.setObject(1, holder);
                linked.setString(2, hash);
                try (ResultSet rs = linked.executeQuery()) {
                    if (rs.next()) {
                        return Optional.of(holder);
                    }
                }
            }
            try (PreparedStatement take = c.prepareStatement("update fingerprints set game_id = ? where hash = ? and game_id = ?")) {
                take.setObject(1, gameId);
                take.setString(2, hash);
                take.setObject(3, holder);
                return take.executeUpdate() == 1 ? link(c, gameId, hash) : Optional.of(holder);
            }
        });
    }

    /** {@link #link}s the fingerprint when game {@code gameId} owns it, else names its owner. */
    private static Optional<UUID> claimOwned(java.sql.Connection c, UUID gameId, String hash) throws java.sql.SQLException {
        try (PreparedStatement sel = c.prepareStatement("select game_id from fingerprints where hash = ?")) {
            sel.setString(1, hash);
            try (ResultSet rs = sel.executeQuery()) {
                UUID holder = rs.next() ? rs.getObject(1, UUID.class) : gameId;
                return holder.equals(gameId) ? link(c, gameId, hash) : Optional.of(holder);
            }
        }
    }

    /** Writes game {@code gameId}'s link to the fingerprint it now owns. */
    private static Optional<UUID> link(java.sql.Connection c, UUID gameId, String hash) throws java.sql.SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                insert into game_fingerprints (game_id, hash) values (?, ?)
                on conflict (game_id) do update set hash = excluded.hash""")) {
            ps.setObject(1, gameId);
            ps.setString(2, hash);
            ps.executeUpdate();
        }
        return Optional.empty();
    }
}
