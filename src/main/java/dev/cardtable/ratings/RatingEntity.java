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
 * One row of {@code ratings} (migration V12): a registered player's Glicko-2 rating for one perf
 * (game type and ruleset). A plain row read by its key, so it is mapped as an entity
 * ({@code docs/architecture.md}, "Why the stores speak SQL"); it is created, locked and updated in
 * the transaction that ends a rated game by {@link RatingsStore#lock} and {@link RatingsStore#apply},
 * as part of the move path's SQL.
 */
@Entity
@Table(name = "ratings")
@IdClass(RatingEntity.Key.class)
public class RatingEntity extends PanacheEntityBase {

    /** The primary key: player, game type, ruleset. */
    public static class Key implements Serializable {
        public UUID playerId;
        public String gameType;
        public String ruleset;

        /** Required by JPA. */
        public Key() {
        }

        public Key(UUID playerId, String gameType, String ruleset) {
            this.playerId = playerId;
            this.gameType = gameType;
            this.ruleset = ruleset;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Objects.equals(playerId, k.playerId) && Objects.equals(gameType, k.gameType)
                    && Objects.equals(ruleset, k.ruleset);
        }

        @Override
        public int hashCode() {
            return Objects.hash(playerId, gameType, ruleset);
        }
    }

    @Id
    @Column(name = "player_id")
    public UUID playerId;

    @Id
    @Column(name = "game_type")
    public String gameType;

    @Id
    public String ruleset;

    /** r, in rating points. */
    public double rating;

    /** RD, in rating points, as of the last rated game. */
    public double deviation;

    /** σ. */
    public double volatility;

    /** Rated games of the perf. */
    public int games;

    /** When the last rated game of the perf ended; null before the first. */
    @Column(name = "last_played")
    public Instant lastPlayed;

    /** Every perf's rating of {@code playerId}, by game type and ruleset. */
    static List<RatingEntity> of(UUID playerId) {
        return RatingEntity.list("playerId = ?1 order by gameType, ruleset", playerId);
    }
}
