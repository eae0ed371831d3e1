package dev.cardtable.ratings;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

import java.io.Serializable;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * One row of {@code rating_history} (migration V12): a rated player's rating after one rated game.
 * Read by key and by player as an entity; written by {@link RatingsStore#apply} with
 * {@code INSERT … ON CONFLICT DO NOTHING} on its unique key {@code (game_id, player_id)}, which is
 * what applies a game's update at most once.
 */
@Entity
@Table(name = "rating_history")
@IdClass(RatingPointEntity.Key.class)
public class RatingPointEntity extends PanacheEntityBase {

    /** The unique key: game, player. */
    public static class Key implements Serializable {
        public UUID gameId;
        public UUID playerId;

        /** Required by JPA. */
        public Key() {
        }

        public Key(UUID gameId, UUID playerId) {
            this.gameId = gameId;
            this.playerId = playerId;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Objects.equals(gameId, k.gameId) && Objects.equals(playerId, k.playerId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(gameId, playerId);
        }
    }

    @Id
    @Column(name = "game_id")
    public UUID gameId;

    @Id
    @Column(name = "player_id")
    public UUID playerId;

    @Column(name = "game_type")
    public String gameType;

    public String ruleset;

    /** When the game ended. */
    public Instant at;

    /** The rating the update started from. */
    @Column(name = "rating_before")
    public double ratingBefore;

    /** r after the game. */
    public double rating;

    /** RD after the game. */
    public double deviation;

    /** σ after the game. */
    public double volatility;

    /** {@code rating − ratingBefore}. */
    public double diff;

    /**
     * A page of {@code playerId}'s points of one perf, newest first ({@code at}, then game id),
     * after the point {@code (at, gameId)} when given; {@code limit} rows at most.
     */
    static List<RatingPointEntity> page(UUID playerId, String gameType, String ruleset, Instant at, UUID gameId,
                                        int limit) {
        String order = " order by at desc, gameId desc";
        if (at == null) {
            return RatingPointEntity.<RatingPointEntity>find("playerId = ?1 and gameType = ?2 and ruleset = ?3" + order,
                    playerId, gameType, ruleset).page(0, limit).list();
        }
        return RatingPointEntity.<RatingPointEntity>find("playerId = ?1 and gameType = ?2 and ruleset = ?3"
                        + " and (at < ?4 or (at = ?4 and gameId < ?5))" + order,
                playerId, gameType, ruleset, at, gameId).page(0, limit).list();
    }
}
