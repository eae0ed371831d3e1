package dev.cardtable.pairing;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.UUID;

/**
 * One row of {@code seeks} (migration V16): a plain row read and written by its key, so it is
 * mapped as an entity ({@code docs/architecture.md}, "Why the stores speak SQL"); pairing locks the
 * rows it pairs with a native {@code FOR UPDATE SKIP LOCKED}.
 */
@Entity
@Table(name = "seeks")
public class SeekEntity extends PanacheEntityBase {

    @Id
    public UUID id;

    @Column(name = "player_id")
    public UUID playerId;

    @Column(name = "player_name")
    public String playerName;

    @Column(name = "game_type")
    public String gameType;

    public String ruleset;

    /** The clock settings as JSON, or null for none. */
    public String clock;

    public boolean rated;

    /** The player's rating in the perf when it seeked. */
    public double rating;

    @Column(name = "rating_min")
    public Integer ratingMin;

    @Column(name = "rating_max")
    public Integer ratingMax;

    /** {@code open}, {@code paired}, {@code cancelled}, {@code expired} or {@code abandoned}. */
    public String status;

    @Column(name = "game_id")
    public UUID gameId;

    @Column(name = "created_at")
    public Instant createdAt;

    @Column(name = "expires_at")
    public Instant expiresAt;

    @Column(name = "seen_at")
    public Instant seenAt;

    @Column(name = "ended_at")
    public Instant endedAt;
}
