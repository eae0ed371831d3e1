package dev.cardtable.challenges;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.UUID;

/**
 * One row of {@code challenges} (migration V14): a plain row read and written by its key, so it is
 * mapped as an entity ({@code docs/architecture.md}, "Why the stores speak SQL").
 */
@Entity
@Table(name = "challenges")
public class ChallengeEntity extends PanacheEntityBase {

    @Id
    public UUID id;

    @Column(name = "challenger_id")
    public UUID challengerId;

    @Column(name = "challenger_name")
    public String challengerName;

    @Column(name = "dest_id")
    public UUID destId;

    @Column(name = "dest_name")
    public String destName;

    @Column(name = "game_type")
    public String gameType;

    /** The ruleset. */
    public String ruleset;

    /** The option values as a JSON object, or null. */
    public String options;

    /** The clock settings as JSON, or null for none. */
    public String clock;

    public boolean rated;

    /** The seat the challenger takes, or null for one drawn at acceptance. */
    @Column(name = "challenger_seat")
    public Integer challengerSeat;

    /**
     * {@code pending}, {@code accepted}, {@code declined}, {@code canceled} or {@code expired}, as
     * stored; clients read {@code cancelled} ({@link ChallengeViews#status}).
     */
    public String status;

    @Column(name = "decline_reason")
    public String declineReason;

    /** The game an accepted challenge made, else null. */
    @Column(name = "game_id")
    public UUID gameId;

    @Column(name = "created_at")
    public Instant createdAt;

    @Column(name = "expires_at")
    public Instant expiresAt;

    @Column(name = "ended_at")
    public Instant endedAt;
}
