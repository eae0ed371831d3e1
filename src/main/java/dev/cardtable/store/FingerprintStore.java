package dev.cardtable.store;

import jakarta.inject.Singleton;
import jakarta.inject.Inject;

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
    GameStore store;

    /** Whether game {@code gameId} holds a fingerprint (an imported game does, from its import on). */
    public boolean holds(UUID gameId) {
        return store.work(c -> {
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
     * @return empty when {@code gameId} now holds {@code hash}; else the game that holds it
     */
    public Optional<UUID> claim(UUID gameId, String hash) {
        return store.work(c -> {
            try (PreparedStatement del = c.prepareStatement("delete from game_fingerprints where game_id = ? and hash <> ?")) {
                del.setObject(1, gameId);
                del.setString(2, hash);
                del.executeUpdate();
            }
            try (PreparedStatement ins = c.prepareStatement("""
                    insert into game_fingerprints (game_id, hash) values (?, ?) on conflict do nothing""")) {
                ins.setObject(1, gameId);
                ins.setString(2, hash);
                if (ins.executeUpdate() == 1) {
                    return Optional.empty();
                }
            }
            try (PreparedStatement sel = c.prepareStatement("select game_id from game_fingerprints where hash = ?")) {
                sel.setString(1, hash);
                try (ResultSet rs = sel.executeQuery()) {
                    UUID holder = rs.next() ? rs.getObject(1, UUID.class) : null;
                    return holder == null || holder.equals(gameId) ? Optional.<UUID>empty() : Optional.of(holder);
                }
            }
        });
    }
}
