package dev.cardtable.play;

import dev.cardtable.engine.Ending;
import dev.cardtable.platform.Failure;
import dev.cardtable.platform.GameException;
import dev.cardtable.platform.game.GameRow;
import dev.cardtable.platform.game.GameType;
import dev.cardtable.platform.game.RatingRange;
import dev.cardtable.platform.game.SeatKind;
import dev.cardtable.platform.game.SeatRow;
import dev.cardtable.platform.game.Seating;
import dev.cardtable.ratings.SeatRatings;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.util.Map;

/**
 * What a rated game ({@code docs/ratings.md}) requires of its deal, its seats and, with a rating
 * range, of the players who take its open seat; checked as a game is created or a seat taken.
 */
@Singleton
public class RatedGames {

    @Inject
    SeatRatings seatRatings;

    /**
     * Refuses a rated game ({@code docs/ratings.md}) of a type that is not rated, not dealt from a
     * secret server seed, with no human seat, or with a computer seat at another budget than its
     * level's rating was measured at.
     *
     * <p>A rated Scoundrel game is dealt by the server only ({@code dealt}: a certified deal, the daily
     * deal or a deal drawn near the player's rating); a client's seed or deal is {@code rated-deal}.
     *
     * @throws GameException {@code rated-game-type}, {@code rated-deal}, {@code rated-no-human} (every
     *                       seat a computer's), {@code rated-ai-budget}
     */
    static void checkRated(GameType<?, ?, ?> type, NewGame req, boolean customDeal, ServerDeal dealt) {
        GameAsk.requireRated(type);
        if (againstDeal(type)) {
            // Scoundrel: the player against a deal the server chose (docs/ratings.md, "Scoundrel: players against deals").
            if (req.seed() != null || customDeal || dealt == null) {
                throw new GameException(Failure.RATED_DEAL, "a rated Scoundrel game is played on a deal the server "
                        + "chooses: leave out 'seed' and 'deal' (a deal near your rating), or ask for a certified deal "
                        + "or the daily deal");
            }
            return;
        }
        if (req.seed() != null || customDeal || dealt != null) {
            throw new GameException(Failure.RATED_DEAL, "a rated game is dealt from a secret server seed; leave out "
                    + "'seed' and 'deal'");
        }
        if (req.seats() != null && req.seats().stream().allMatch(s -> s != null && s.ai() != null && !s.isOpen())) {
            throw new GameException(Failure.RATED_NO_HUMAN, "a rated game rates people: give it a human seat (a name, "
                    + "or {\"open\": true}); computer levels have fixed ratings (docs/ratings.md, \"Computer levels\")");
        }
        for (Seating.SeatSpec s : req.seats() == null ? java.util.List.<Seating.SeatSpec>of() : req.seats()) {
            if (s != null && s.aiBudget() != null) {
                throw new GameException(Failure.RATED_AI_BUDGET, "a rated game's computer opponent plays at the budget "
                        + "its rating was measured at (docs/ratings.md, \"Computer levels\"); leave out 'aiBudget'");
            }
        }
    }

    /**
     * Whether a rated game of {@code type} rates its player against its deal (a solo game: Scoundrel)
     * rather than against another seat.
     */
    static boolean againstDeal(GameType<?, ?, ?> type) {
        return type.info().seats() == 1;
    }

    /**
     * Refuses a rating range ({@code docs/ratings.md}, "Rating ranges") on a game that is not rated,
     * or that leaves no seat open for a human to take.
     *
     * @throws GameException {@code rating-range-unrated}, {@code rating-range-no-open-seat}
     */
    static void checkRange(NewGame req) {
        if (!req.rated()) {
            throw new GameException(Failure.RATING_RANGE_UNRATED, "a rating range is for a rated game: add "
                    + "\"rated\": true, or leave out 'ratingRange'");
        }
        if (req.seats().stream().noneMatch(s -> s != null && s.isOpen())) {
            throw new GameException(Failure.RATING_RANGE_NO_OPEN_SEAT, "a rating range says who may take an open "
                    + "seat, and this game has none: add a seat {\"open\": true}, or leave out 'ratingRange'");
        }
    }

    /**
     * Refuses a player whose rating for the game's perf, as its seat would show it (whole points),
     * lies outside the game's rating range.
     *
     * @throws GameException {@code rating-out-of-range}, with the player's {@code rating} and the
     *                       game's {@code ratingRange}
     */
    void checkRange(GameRow g, SeatRow taken) {
        RatingRange range = g.ratingRange();
        if (range == null) {
            return;
        }
        // The rating as every payload shows it, in whole points (docs/api.md, "One vocabulary").
        long rating = Math.round(seatRatings.current(taken.playerId(), g.type(), g.ruleset()));
        if (!range.admits(rating)) {
            throw new GameException(Failure.RATING_OUT_OF_RANGE, "this game admits players rated " + range + " in "
                    + g.type() + "/" + g.ruleset() + "; '" + taken.name() + "' is rated " + rating,
                    Map.of("rating", rating, "ratingRange", range));
        }
    }

    /**
     * Refuses a human seat of a rated game that no registered player holds with its key.
     *
     * @throws GameException {@code rated-seat-unverified}
     */
    static void checkRatedSeat(SeatRow s) {
        if (s.kind() == SeatKind.HUMAN && !s.verified()) {
            throw new GameException(Failure.RATED_SEAT_UNVERIFIED, "seat " + s.seat() + " of a rated game must be "
                    + "taken by a registered player with its key (X-Player-Key)");
        }
    }

    /**
     * Refuses an abort of {@code game}, a game of {@code type}, when it is rated against its deal
     * ({@code docs/ratings.md}, "Who wins"): its first room is dealt face up, so aborting would let
     * a player keep only the deals its rating counts that look easy.
     *
     * @param ending the ending the move asks for, or null for a play
     * @throws GameException {@code illegal-move}
     */
    static void checkAbort(GameType<?, ?, ?> type, GameRow game, Ending.Kind ending) {
        if (ending == Ending.Kind.ABORTED && game.rated() && againstDeal(type)) {
            throw new GameException(Failure.ILLEGAL_MOVE, "a rated Scoundrel game cannot be called off: "
                    + "its first room is already seen (docs/ratings.md, \"Who wins\"); resign instead");
        }
    }
}
