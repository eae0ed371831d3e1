package dev.cardtable.platform.game.view;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.cardtable.platform.game.Clocks;
import dev.cardtable.platform.game.RatingRange;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A game as the caller may see it ({@code docs/api.md}, "The game as a caller sees it").
 *
 * @param id             game id
 * @param type           game type
 * @param ruleset        ruleset name
 * @param rulesetVersion ruleset version the game was dealt and played under
 * @param options        every option with its value
 * @param status         {@code waiting}, {@code active} or {@code finished}
 * @param version        every change counted: seats taken, moves and a rematch made ({@code docs/api.md}, "Versions")
 * @param moveCount      moves applied so far (the last log seq; 0 after the deal)
 * @param seats          every seat
 * @param toAct          the seats that may move now
 * @param seedCommitment SHA-256 of {@code "commit:" + seed}; null for a custom deal
 * @param seed           the seed once the game is over (for a daily deal: once its day is over), else null
 * @param certified      whether the game was dealt from a secret seed the solver proved winnable
 * @param rated          whether the game is rated ({@code docs/ratings.md})
 * @param ratingRange    the ratings an open rated game admits to its open seat, or null for any
 *                       ({@code docs/ratings.md}, "Rating ranges")
 * @param daily          the UTC day whose daily deal the game plays, or null
 * @param dealRating     for a Scoundrel game whose deal is rated ({@code docs/ratings.md}, "Scoundrel: players
 *                       against deals"), the deal's rating and rated attempts, shown with the seed; else null
 * @param certificate    for a certified or daily game, how hard its deal is, shown with the seed
 *                       (once the game is over; a daily game: once its day is over); else null
 * @param createdAt      creation time
 * @param updatedAt      time of the last change
 * @param finishedAt     time the game ended, or null
 * @param viewer         the caller's seat, or null for a spectator
 * @param view           the game-specific view for the caller
 * @param legalMoves     the caller's legal moves when it is the caller's turn, else empty
 * @param result         the result once finished, else null
 * @param clock          the clock with each seat's remaining time and the deadline, or null for
 *                       a game without a clock
 * @param rematchOf      the finished game this one is a rematch of, or null
 * @param rematch        the rematch made from this game, or null
 * @param credentials    on creation and seat taking only: the new tokens
 * @param applied        on move submission only: the log entries this request added
 */
public record GameView(UUID id, String type, String ruleset, int rulesetVersion,
                           Map<String, String> options, String status, int version, int moveCount,
                           List<SeatView> seats, List<Integer> toAct, String seedCommitment,
                           String seed, boolean certified, boolean rated, RatingRange ratingRange, LocalDate daily,
                           DealCertificate certificate, DealStanding dealRating,
                           Instant createdAt, Instant updatedAt, Instant finishedAt, Integer viewer,
                           Object view, List<Map<String, Object>> legalMoves, GameResult result,
                           Clocks.ClockView clock, UUID rematchOf, UUID rematch,
                           @JsonInclude(JsonInclude.Include.NON_NULL) List<Credential> credentials,
                           @JsonInclude(JsonInclude.Include.NON_NULL) List<LogItem> applied) {

    /** This response with {@code credentials} set. */
    public GameView withCredentials(List<Credential> creds) {
        return toBuilder().credentials(creds).build();
    }

    /** This response with {@code applied} set. */
    public GameView withApplied(List<LogItem> entries) {
        return toBuilder().applied(entries).build();
    }

    /** A view built by name; what is not set is null (false, 0). */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding every component of this view, to change some by name. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.id = id;
        b.type = type;
        b.ruleset = ruleset;
        b.rulesetVersion = rulesetVersion;
        b.options = options;
        b.status = status;
        b.version = version;
        b.moveCount = moveCount;
        b.seats = seats;
        b.toAct = toAct;
        b.seedCommitment = seedCommitment;
        b.seed = seed;
        b.certified = certified;
        b.rated = rated;
        b.ratingRange = ratingRange;
        b.daily = daily;
        b.certificate = certificate;
        b.dealRating = dealRating;
        b.createdAt = createdAt;
        b.updatedAt = updatedAt;
        b.finishedAt = finishedAt;
        b.viewer = viewer;
        b.view = view;
        b.legalMoves = legalMoves;
        b.result = result;
        b.clock = clock;
        b.rematchOf = rematchOf;
        b.rematch = rematch;
        b.credentials = credentials;
        b.applied = applied;
        return b;
    }

    /** Builds a {@link GameView} by name; each setter sets the component of the same name. */
    public static final class Builder {
        private UUID id;
        private String type;
        private String ruleset;
        private int rulesetVersion;
        private Map<String, String> options;
        private String status;
        private int version;
        private int moveCount;
        private List<SeatView> seats;
        private List<Integer> toAct;
        private String seedCommitment;
        private String seed;
        private boolean certified;
        private boolean rated;
        private RatingRange ratingRange;
        private LocalDate daily;
        private DealCertificate certificate;
        private DealStanding dealRating;
        private Instant createdAt;
        private Instant updatedAt;
        private Instant finishedAt;
        private Integer viewer;
        private Object view;
        private List<Map<String, Object>> legalMoves;
        private GameResult result;
        private Clocks.ClockView clock;
        private UUID rematchOf;
        private UUID rematch;
        private List<Credential> credentials;
        private List<LogItem> applied;

        private Builder() {
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

        public Builder options(Map<String, String> options) {
            this.options = options;
            return this;
        }

        public Builder status(String status) {
            this.status = status;
            return this;
        }

        public Builder version(int version) {
            this.version = version;
            return this;
        }

        public Builder moveCount(int moveCount) {
            this.moveCount = moveCount;
            return this;
        }

        public Builder seats(List<SeatView> seats) {
            this.seats = seats;
            return this;
        }

        public Builder toAct(List<Integer> toAct) {
            this.toAct = toAct;
            return this;
        }

        public Builder seedCommitment(String seedCommitment) {
            this.seedCommitment = seedCommitment;
            return this;
        }

        public Builder seed(String seed) {
            this.seed = seed;
            return this;
        }

        public Builder rated(boolean rated) {
            this.rated = rated;
            return this;
        }

        public Builder ratingRange(RatingRange ratingRange) {
            this.ratingRange = ratingRange;
            return this;
        }

        public Builder certified(boolean certified) {
            this.certified = certified;
            return this;
        }

        public Builder daily(LocalDate daily) {
            this.daily = daily;
            return this;
        }

        public Builder certificate(DealCertificate certificate) {
            this.certificate = certificate;
            return this;
        }

        public Builder dealRating(DealStanding dealRating) {
            this.dealRating = dealRating;
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

        public Builder viewer(Integer viewer) {
            this.viewer = viewer;
            return this;
        }

        public Builder view(Object view) {
            this.view = view;
            return this;
        }

        public Builder legalMoves(List<Map<String, Object>> legalMoves) {
            this.legalMoves = legalMoves;
            return this;
        }

        public Builder result(GameResult result) {
            this.result = result;
            return this;
        }

        public Builder clock(Clocks.ClockView clock) {
            this.clock = clock;
            return this;
        }

        public Builder rematchOf(UUID rematchOf) {
            this.rematchOf = rematchOf;
            return this;
        }

        public Builder rematch(UUID rematch) {
            this.rematch = rematch;
            return this;
        }

        public Builder credentials(List<Credential> credentials) {
            this.credentials = credentials;
            return this;
        }

        public Builder applied(List<LogItem> applied) {
            this.applied = applied;
            return this;
        }

        public GameView build() {
            return new GameView(id, type, ruleset, rulesetVersion, options, status, version, moveCount, seats, toAct,
                    seedCommitment, seed, certified, rated, ratingRange, daily, certificate, dealRating, createdAt, updatedAt, finishedAt, viewer, view,
                    legalMoves, result, clock, rematchOf, rematch, credentials, applied);
        }
    }
}
