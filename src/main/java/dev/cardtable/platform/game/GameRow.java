package dev.cardtable.platform.game;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * One row of {@code games} with its seats, as read or written in one transaction. JSON columns
 * are kept as text: this layer neither parses nor builds them.
 *
 * @param id             the game id
 * @param type           the game type, e.g. {@code scoundrel}
 * @param ruleset        the ruleset name
 * @param rulesetVersion the ruleset's version
 * @param options        the resolved options, a JSON object of strings
 * @param seed           the seed; null for a custom deal. Hidden from clients until the game is over
 * @param customDeal     the custom deal as given (JSON), or null for a seeded deal
 * @param seedCommitment SHA-256 commitment of the seed, or null
 * @param status         the status
 * @param version        moves applied so far
 * @param state          the full current state (JSON): a cache that replaying the log reproduces
 * @param result         the result (JSON) once finished, else null
 * @param createdAt      creation time
 * @param updatedAt      time of the last change
 * @param finishedAt     time the game ended, or null
 * @param seats          the seats by number
 * @param seatsTaken     open seats taken since the game was created
 * @param table          the clock and the rematch links
 * @param origin         whether the deal is certified, and the day of the daily deal it plays
 * @param rated          whether the game was created rated ({@code docs/ratings.md})
 * @param ratingRange    the ratings an open rated game admits to its open seat, or null for any
 *                       ({@code docs/ratings.md}, "Rating ranges")
 */
public record GameRow(UUID id, String type, String ruleset, int rulesetVersion, String options, String seed,
                      String customDeal, String seedCommitment, Status status, int version, String state,
                      String result, Instant createdAt, Instant updatedAt, Instant finishedAt,
                      List<SeatRow> seats, int seatsTaken, Table table, Origin origin, boolean rated,
                      RatingRange ratingRange) {

    public GameRow {
        seats = List.copyOf(seats);
        table = table == null ? Table.NONE : table;
        origin = origin == null ? Origin.NONE : origin;
    }

    /** A game built by name: no seats, no clock or rematch links, an ordinary deal until set. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding every component of this game, to change some by name. */
    public Builder toBuilder() {
        return new Builder().id(id).type(type).ruleset(ruleset).rulesetVersion(rulesetVersion).options(options)
                .seed(seed).customDeal(customDeal).seedCommitment(seedCommitment).status(status).version(version)
                .state(state).result(result).createdAt(createdAt).updatedAt(updatedAt).finishedAt(finishedAt)
                .seats(seats).seatsTaken(seatsTaken).table(table).origin(origin).rated(rated).ratingRange(ratingRange);
    }

    /** Builds a {@link GameRow} by name; each setter sets the component of the same name. */
    public static final class Builder {
        private UUID id;
        private String type;
        private String ruleset;
        private int rulesetVersion;
        private String options;
        private String seed;
        private String customDeal;
        private String seedCommitment;
        private Status status;
        private int version;
        private String state;
        private String result;
        private Instant createdAt;
        private Instant updatedAt;
        private Instant finishedAt;
        private List<SeatRow> seats = List.of();
        private int seatsTaken;
        private Table table = Table.NONE;
        private Origin origin = Origin.NONE;
        private boolean rated;
        private RatingRange ratingRange;

        private Builder() {
        }

        public Builder rated(boolean rated) {
            this.rated = rated;
            return this;
        }

        public Builder ratingRange(RatingRange ratingRange) {
            this.ratingRange = ratingRange;
            return this;
        }

        public Builder id(UUID id) {
            this.id = id;
            return this;
        }

        public Builder type(String type) {
            this.type = type;
            return this;
        }

        public Builder ruleset(String ruleset) {
            this.ruleset = ruleset;
            return this;
        }

        public Builder rulesetVersion(int rulesetVersion) {
            this.rulesetVersion = rulesetVersion;
            return this;
        }

        public Builder options(String options) {
            this.options = options;
            return this;
        }

        public Builder seed(String seed) {
            this.seed = seed;
            return this;
        }

        public Builder customDeal(String customDeal) {
            this.customDeal = customDeal;
            return this;
        }

        public Builder seedCommitment(String seedCommitment) {
            this.seedCommitment = seedCommitment;
            return this;
        }

        public Builder status(Status status) {
            this.status = status;
            return this;
        }

        public Builder version(int version) {
            this.version = version;
            return this;
        }

        public Builder state(String state) {
            this.state = state;
            return this;
        }

        public Builder result(String result) {
            this.result = result;
            return this;
        }

        public Builder createdAt(Instant createdAt) {
            this.createdAt = createdAt;
            return this;
        }

        public Builder updatedAt(Instant updatedAt) {
            this.updatedAt = updatedAt;
            return this;
        }

        public Builder finishedAt(Instant finishedAt) {
            this.finishedAt = finishedAt;
            return this;
        }

        public Builder seats(List<SeatRow> seats) {
            this.seats = seats;
            return this;
        }

        public Builder seatsTaken(int seatsTaken) {
            this.seatsTaken = seatsTaken;
            return this;
        }

        public Builder table(Table table) {
            this.table = table;
            return this;
        }

        public Builder origin(Origin origin) {
            this.origin = origin;
            return this;
        }

        public GameRow build() {
            return new GameRow(id, type, ruleset, rulesetVersion, options, seed, customDeal, seedCommitment, status,
                    version, state, result, createdAt, updatedAt, finishedAt, seats, seatsTaken, table, origin, rated,
                    ratingRange);
        }
    }

    /**
     * Where the deal came from (migrations V9, V9_1).
     *
     * @param certified whether the deal was dealt from a secret seed the solver proved winnable
     * @param daily     the UTC day whose daily deal this game plays, or null
     */
    public record Origin(boolean certified, java.time.LocalDate daily) {

        /** An ordinary deal. */
        public static final Origin NONE = new Origin(false, null);
    }

    /**
     * What is played around the game: its clock and rematch links (migration V8).
     *
     * @param clock      the clock settings, or null for no clock
     * @param clockState each seat's remaining time and when the turn began, or null before the
     *                   game starts or without a clock
     * @param deadline   when the seat to act runs out of time, or null when no clock runs
     * @param rematchOf  the game this one is a rematch of, or null
     * @param rematch    the rematch made from this game, or null
     */
    public record Table(Clocks.ClockSettings clock, Clocks.State clockState, Instant deadline, UUID rematchOf,
                        UUID rematch) {

        /** No clock, no rematch. */
        public static final Table NONE = new Table(null, null, null, null, null);

        /** This table with the clock at {@code clockState} and {@code deadline}. */
        public Table running(Clocks.State clockState, Instant deadline) {
            return new Table(clock, clockState, deadline, rematchOf, rematch);
        }
    }

    /** This game after {@code u}, with {@code seats}. */
    public GameRow after(GameUpdate u, List<SeatRow> seats) {
        return toBuilder().status(u.status()).version(u.version()).state(u.state()).result(u.result())
                .updatedAt(u.updatedAt()).finishedAt(u.finishedAt()).seats(seats)
                .table(table.running(u.clockState(), u.deadline())).build();
    }

    /** This game with one more open seat taken, {@code seats} its seats now, changed at {@code at}. */
    public GameRow seatTaken(List<SeatRow> seats, Instant at) {
        return toBuilder().updatedAt(at).seats(seats).seatsTaken(seatsTaken + 1).build();
    }

    /**
     * The game's version as clients see it ({@code docs/api.md}, "Versions"): every change counted,
     * each move, each open seat taken and the rematch made from it; {@link #version()} counts moves only.
     */
    public int changes() {
        return version + seatsTaken + (table.rematch() == null ? 0 : 1);
    }

    /** The columns a move, a seat taken or the end of the game changes. */
    public GameUpdate update() {
        return new GameUpdate(status, version, state, result, updatedAt, finishedAt, table.clockState(),
                table.deadline());
    }

    /**
     * The changeable columns of a game.
     *
     * @param status     the status
     * @param version    moves applied
     * @param state      the full state (JSON)
     * @param result     the result (JSON) or null
     * @param updatedAt  time of this change
     * @param finishedAt end time or null
     * @param clockState the clock's state or null
     * @param deadline   when the seat to act runs out of time, or null
     */
    public record GameUpdate(Status status, int version, String state, String result, Instant updatedAt,
                             Instant finishedAt, Clocks.State clockState, Instant deadline) {

        /** This update with {@code status}, changed at {@code at}. */
        public GameUpdate withStatus(Status status, Instant at) {
            return new GameUpdate(status, version, state, result, at, finishedAt, clockState, deadline);
        }

        /** This update with the clock at {@code clockState} and {@code deadline}. */
        public GameUpdate withClock(Clocks.State clockState, Instant deadline) {
            return new GameUpdate(status, version, state, result, updatedAt, finishedAt, clockState, deadline);
        }
    }
}
