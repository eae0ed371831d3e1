package dev.cardtable.players;

import dev.cardtable.platform.game.PlayerRow;
import jakarta.inject.Singleton;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.UUID;

/**
 * Registered players ({@code players}, migration V9), through {@link PlayerEntity}. Only a key's
 * SHA-256 is ever written or compared; a name is unique case-insensitively among registrations
 * that stand. Must be called inside a transaction.
 */
@Singleton
public class PlayerStore {

    /**
     * Registers {@code name} with the key hash {@code keyHash}: one native statement, whose
     * {@code ON CONFLICT} on the standing names' unique index decides a race between two
     * registrations of one name in the database.
     *
     * @return the new registration, or empty when a standing registration holds the name already
     *         (in any case)
     */
    public Optional<PlayerRow> register(String name, String keyHash, Instant at) {
        UUID id = UUID.randomUUID();
        int inserted = PlayerEntity.getEntityManager().createNativeQuery("""
                        insert into players (id, name, key_hash, created_at) values (?1, ?2, ?3, ?4)
                        on conflict (lower(name)) where revoked_at is null do nothing""")
                .setParameter(1, id).setParameter(2, name).setParameter(3, keyHash)
                .setParameter(4, OffsetDateTime.ofInstant(at, ZoneOffset.UTC)).executeUpdate();
        return inserted == 1 ? Optional.of(new PlayerRow(id, name, at)) : Optional.empty();
    }

    /** The standing registration whose key hashes to {@code keyHash}, or empty. */
    public Optional<PlayerRow> byKey(String keyHash) {
        return PlayerEntity.byKey(keyHash).map(PlayerStore::row);
    }

    /** The standing registration of {@code name}, compared case-insensitively, or empty. */
    public Optional<PlayerRow> byName(String name) {
        return PlayerEntity.byName(name).map(PlayerStore::row);
    }

    /** The standing registration of player {@code id}, or empty. */
    public Optional<PlayerRow> byId(UUID id) {
        return PlayerEntity.<PlayerEntity>findByIdOptional(id).filter(p -> p.revokedAt == null).map(PlayerStore::row);
    }

    /** The key hash of player {@code id} while its registration stands, or empty. */
    public Optional<String> keyHash(UUID id) {
        return PlayerEntity.<PlayerEntity>findByIdOptional(id).filter(p -> p.revokedAt == null).map(p -> p.keyHash);
    }

    /**
     * Replaces the key hash of player {@code id} under its row's lock; false when it no longer
     * stands or its key no longer hashes to {@code currentHash} (rotated meanwhile).
     */
    public boolean rotate(UUID id, String currentHash, String keyHash, Instant at) {
        return PlayerEntity.lockStanding(id).filter(p -> currentHash.equals(p.keyHash)).map(p -> {
            p.keyHash = keyHash;
            p.rotatedAt = at;
            PlayerEntity.getEntityManager().flush();
            return true;
        }).orElse(false);
    }

    /**
     * Ends the registration of player {@code id} under its row's lock: its key opens nothing (every
     * lookup by key asks for a standing registration) and its name is free again. False when it no
     * longer stands or its key no longer hashes to {@code currentHash}.
     * <p>
     * Only {@code revoked_at} changes. The key hash stays, because changing a column with a unique
     * index would take the row's {@code FOR UPDATE} lock, which waits for every transaction that
     * holds {@code FOR KEY SHARE} on it through a foreign key: a challenge being accepted inserts
     * its game's seats, and would in turn wait for the challenge rows this revocation cancels.
     * {@code FOR NO KEY UPDATE} waits for none of them.
     */
    public boolean revoke(UUID id, String currentHash, Instant at) {
        return PlayerEntity.lockStanding(id).filter(p -> currentHash.equals(p.keyHash)).map(p -> {
            p.revokedAt = at;
            // Written now, not at commit: what follows in the transaction (plain SQL) sees it.
            PlayerEntity.getEntityManager().flush();
            return true;
        }).orElse(false);
    }

    private static PlayerRow row(PlayerEntity p) {
        return new PlayerRow(p.id, p.name, p.createdAt);
    }
}
