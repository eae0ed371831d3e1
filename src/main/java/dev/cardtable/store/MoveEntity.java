package dev.cardtable.store;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.io.Serializable;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/** One entry of a game's append-only move log. Table {@code moves}. */
@Entity
@Table(name = "moves")
@IdClass(MoveEntity.Key.class)
public class MoveEntity extends PanacheEntityBase {

    @Id
    @Column(name = "game_id")
    public UUID gameId;

    /** 1, 2, 3 … without gaps. */
    @Id
    public int seq;

    public int seat;

    /** The move's JSON form as the game's notation writes it. */
    @JdbcTypeCode(SqlTypes.JSON)
    public String move;

    public Instant at;

    /** The whole log of {@code gameId}, in order. */
    public static List<MoveEntity> ofGame(UUID gameId) {
        return list("gameId = ?1 order by seq", gameId);
    }

    /** Composite key (game, seq). */
    public static class Key implements Serializable {
        public UUID gameId;
        public int seq;

        public Key() {
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.seq == seq && Objects.equals(k.gameId, gameId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(gameId, seq);
        }
    }
}
