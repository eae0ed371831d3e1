package dev.cardtable.players;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.LockModeType;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * One row of {@code players} (migrations V9, V11_1): a registration, standing until it is revoked.
 * A plain row read and written by its key, so it is mapped as an entity ({@code docs/architecture.md},
 * "Why the stores speak SQL"); only a registration is written in SQL ({@link PlayerStore#register}),
 * as {@code INSERT … ON CONFLICT DO NOTHING} on the standing names' unique index, which the ORM
 * cannot say. Must be used inside a transaction.
 */
@Entity
@Table(name = "players")
public class PlayerEntity extends PanacheEntityBase {

    @Id
    public UUID id;

    /** The name as registered; unique case-insensitively among standing registrations. */
    public String name;

    /** SHA-256 hex of the player key; null once revoked. */
    @Column(name = "key_hash")
    public String keyHash;

    @Column(name = "created_at")
    public Instant createdAt;

    /** When the key was last replaced, or null. */
    @Column(name = "rotated_at")
    public Instant rotatedAt;

    /** When the registration ended, or null while it stands. */
    @Column(name = "revoked_at")
    public Instant revokedAt;

    /** The standing registration whose key hashes to {@code keyHash}, or empty. */
    static Optional<PlayerEntity> byKey(String keyHash) {
        return find("keyHash = ?1 and revokedAt is null", keyHash).firstResultOptional();
    }

    /**
     * The standing registration of {@code name}, compared case-insensitively (the partial index
     * {@code players_name_idx} on {@code lower(name)}), or empty.
     */
    static Optional<PlayerEntity> byName(String name) {
        return find("lower(name) = lower(?1) and revokedAt is null", name).firstResultOptional();
    }

    /**
     * Registration {@code id}, its row locked ({@code SELECT … FOR UPDATE}) until the transaction
     * ends and read again under the lock, so a rotation or revocation that committed meanwhile is
     * seen; empty when it is gone or no longer stands.
     */
    static Optional<PlayerEntity> lockStanding(UUID id) {
        PlayerEntity p = findById(id);
        if (p == null) {
            return Optional.empty();
        }
        // Refreshed, not only locked: an entity read earlier in this transaction may be stale.
        getEntityManager().refresh(p, LockModeType.PESSIMISTIC_WRITE);
        return p.revokedAt == null ? Optional.of(p) : Optional.empty();
    }
}
