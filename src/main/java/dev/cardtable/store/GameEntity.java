package dev.cardtable.store;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.time.Instant;
import java.util.UUID;

/**
 * One game as Hibernate maps {@code games}, read by the history listing. The move path writes
 * games through {@link GameStore}.
 */
@Entity
@Table(name = "games")
public class GameEntity extends PanacheEntityBase {

    @Id
    public UUID id;

    public String type;

    public String ruleset;

    @Column(name = "ruleset_version")
    public int rulesetVersion;

    /** Validated options, JSON object. */
    @JdbcTypeCode(SqlTypes.JSON)
    public String options;

    /** The seed; null for a custom deal. Never sent to a client before the game is over. */
    public String seed;

    /** The custom deal as given (JSON), or null for a seeded deal. Hidden until the end. */
    @Column(name = "custom_deal")
    @JdbcTypeCode(SqlTypes.JSON)
    public String customDeal;

    @Column(name = "seed_commitment")
    public String seedCommitment;

    /** {@code waiting}, {@code active} or {@code finished}. */
    public String status;

    /** Moves applied so far. */
    public int version;

    /** The full current state (hidden information included), JSON; a cache of the replay. */
    @JdbcTypeCode(SqlTypes.JSON)
    public String state;

    /** The game's result (JSON) once finished. */
    @JdbcTypeCode(SqlTypes.JSON)
    public String result;

    @Column(name = "created_at")
    public Instant createdAt;

    @Column(name = "updated_at")
    public Instant updatedAt;

    @Column(name = "finished_at")
    public Instant finishedAt;

    /** The clock settings (JSON), or null for no clock. */
    @JdbcTypeCode(SqlTypes.JSON)
    public String clock;

    /** When the seat to act runs out of time, or null: a history read ends a game that is due. */
    public Instant deadline;

    /** The rematch this game was made from, or null. */
    @Column(name = "rematch_of")
    public UUID rematchOf;
    /** Open seats taken since the game was created. */
    @Column(name = "seats_taken")
    public int seatsTaken;

    /** Whether the deal was certified winnable. */
    public boolean certified;

    /** The day of the daily deal this game plays, or null. */
    public java.time.LocalDate daily;

    /** This game as a row with {@code seats}. */
    public GameRow toRow(java.util.List<SeatRow> seats) {
        return GameRow.builder().id(id).type(type).ruleset(ruleset).rulesetVersion(rulesetVersion).options(options)
                .seed(seed).customDeal(customDeal).seedCommitment(seedCommitment).status(Status.of(status))
                .version(version).state(state).result(result).createdAt(createdAt).updatedAt(updatedAt)
                .finishedAt(finishedAt).seats(seats).seatsTaken(seatsTaken)
                .table(new GameRow.Table(clock, null, deadline, rematchOf, null))
                .origin(new GameRow.Origin(certified, daily)).build();
    }
}
