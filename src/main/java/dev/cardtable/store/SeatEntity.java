package dev.cardtable.store;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

import java.io.Serializable;
import java.util.Objects;
import java.util.UUID;

/** One seat of a game: who sits there and, once finished, how it ended. Table {@code seats}. */
@Entity
@Table(name = "seats")
@IdClass(SeatEntity.Key.class)
public class SeatEntity extends PanacheEntityBase {

    @Id
    @Column(name = "game_id")
    public UUID gameId;

    @Id
    public int seat;

    /** The game's type, copied here so a player's history reads from seats alone. */
    @Column(name = "game_type")
    public String gameType;

    /** The game's creation time, copied for the same reason. */
    @Column(name = "created_at")
    public java.time.Instant createdAt;

    /** {@code human}, {@code ai} or {@code open}. */
    public String kind;

    public String name;

    @Column(name = "ai_level")
    public String aiLevel;

    @Column(name = "ai_budget")
    public Integer aiBudget;

    /** SHA-256 hex of the seat's token; the token itself is never stored. */
    @Column(name = "token_hash")
    public String tokenHash;

    /** {@code won}, {@code lost} or {@code drawn} once the game is finished. */
    public String outcome;

    public Integer score;

    /** The registered player who took the seat with a key, or null. */
    @Column(name = "player_id")
    public UUID playerId;

    /** This seat as a row. */
    public SeatRow toRow() {
        return new SeatRow(seat, SeatKind.of(kind), name, aiLevel, aiBudget, tokenHash, outcome, score, playerId);
    }

    /** Composite key (game, seat). */
    public static class Key implements Serializable {
        public UUID gameId;
        public int seat;

        public Key() {
        }

        public Key(UUID gameId, int seat) {
            this.gameId = gameId;
            this.seat = seat;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.seat == seat && Objects.equals(k.gameId, gameId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(gameId, seat);
        }
    }
}
