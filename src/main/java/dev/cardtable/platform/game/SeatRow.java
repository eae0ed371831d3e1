package dev.cardtable.platform.game;

/**
 * One row of {@code seats}.
 *
 * @param seat      the seat number, from 0
 * @param kind      who sits there
 * @param name      the player's name for a human seat, else null
 * @param aiLevel   the computer opponent's level for an AI seat, else null
 * @param aiBudget  its thinking budget, or null for the level's default
 * @param tokenHash SHA-256 hex of a human seat's token; the token itself is never stored
 * @param outcome   {@code won}, {@code lost} or {@code drawn} once the game is over, else null
 * @param score     the seat's score once the game is over, else null
 * @param playerId  the registered player who took the seat with a player key (a verified seat),
 *                  else null
 * @param rating    in a rated game, the seat's rating for the game's perf: the player's rating when
 *                  the seat was filled, and once the game is rated the rating its update started
 *                  from; a computer seat's level's rating; else null (written by the ratings
 *                  feature, {@code docs/ratings.md})
 * @param ratingDiff the change the game made to the seat's rating once it was rated, else null
 */
public record SeatRow(int seat, SeatKind kind, String name, String aiLevel, Integer aiBudget, String tokenHash,
                     String outcome, Integer score, java.util.UUID playerId, Double rating, Double ratingDiff) {

    /** A seat without a rating. */
    public SeatRow(int seat, SeatKind kind, String name, String aiLevel, Integer aiBudget, String tokenHash,
                   String outcome, Integer score, java.util.UUID playerId) {
        this(seat, kind, name, aiLevel, aiBudget, tokenHash, outcome, score, playerId, null, null);
    }

    /** A seat no registered player holds (not verified). */
    public SeatRow(int seat, SeatKind kind, String name, String aiLevel, Integer aiBudget, String tokenHash,
                   String outcome, Integer score) {
        this(seat, kind, name, aiLevel, aiBudget, tokenHash, outcome, score, null);
    }

    /** Whether a registered player took this seat with its key. */
    public boolean verified() {
        return playerId != null;
    }

    /** An open seat. */
    public static SeatRow open(int seat) {
        return new SeatRow(seat, SeatKind.OPEN, null, null, null, null, null, null);
    }

    /** This seat with its final {@code outcome} and {@code score}. */
    public SeatRow withStanding(String outcome, Integer score) {
        return new SeatRow(seat, kind, name, aiLevel, aiBudget, tokenHash, outcome, score, playerId, rating, ratingDiff);
    }
}
