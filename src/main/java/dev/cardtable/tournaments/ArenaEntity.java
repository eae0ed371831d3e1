package dev.cardtable.tournaments;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.UUID;

/**
 * One row of {@code arenas} (migration V24), read and made by its key. Its event counter
 * ({@code event_seq}) and its {@code final} mark are written by SQL only ({@link ArenaEvents},
 * {@link ArenaPairing}), so they are not mapped here and writing this entity never undoes them.
 */
@Entity
@Table(name = "arenas")
public class ArenaEntity extends PanacheEntityBase {

    @Id
    public UUID id;

    public String name;

    @Column(name = "game_type")
    public String gameType;

    public String ruleset;

    /** The clock settings as JSON. */
    public String clock;

    public boolean rated;

    @Column(name = "min_rating")
    public Integer minRating;

    @Column(name = "min_rated_games")
    public Integer minRatedGames;

    @Column(name = "starts_at")
    public Instant startsAt;

    @Column(name = "ends_at")
    public Instant endsAt;

    @Column(name = "pairing_ends_at")
    public Instant pairingEndsAt;

    @Column(name = "created_by")
    public UUID createdBy;

    @Column(name = "created_by_name")
    public String createdByName;

    @Column(name = "created_at")
    public Instant createdAt;

    @Column(name = "final", insertable = false, updatable = false)
    public boolean isFinal;
}
