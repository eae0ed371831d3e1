package dev.cardtable.store;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * The first response to a move request carrying an {@code Idempotency-Key}, kept so that a retry
 * returns it instead of applying the move again. Table {@code idempotency_keys}.
 */
@Entity
@Table(name = "idempotency_keys")
@IdClass(IdempotencyEntity.Key.class)
public class IdempotencyEntity extends PanacheEntityBase {

    @Id
    @Column(name = "game_id")
    public UUID gameId;

    @Id
    public int seat;

    @Id
    public String key;

    /** SHA-256 hex of the request body, to refuse the same key with another body. */
    @Column(name = "request_hash")
    public String requestHash;

    public int status;

    /** The response body as first sent. */
    public String response;

    @Column(name = "created_at")
    public Instant createdAt;

    /** Composite key (game, seat, key). */
    public static class Key implements Serializable {
        public UUID gameId;
        public int seat;
        public String key;

        public Key() {
        }

        public Key(UUID gameId, int seat, String key) {
            this.gameId = gameId;
            this.seat = seat;
            this.key = key;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.seat == seat && Objects.equals(k.gameId, gameId) && Objects.equals(k.key, key);
        }

        @Override
        public int hashCode() {
            return Objects.hash(gameId, seat, key);
        }
    }
}
