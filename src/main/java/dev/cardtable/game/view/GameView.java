package dev.cardtable.game.view;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.cardtable.game.Clocks;

import java.time.Instant;
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
 * @param version        every change counted: seats taken and moves ({@code docs/api.md}, "Versions")
 * @param moveCount      moves applied so far (the last log seq; 0 after the deal)
 * @param seats          every seat
 * @param toAct          the seats that may move now
 * @param seedCommitment SHA-256 of {@code "commit:" + seed}; null for a custom deal
 * @param seed           the seed once the game is over (for a daily deal: once its day is over), else null
 * @param certified      whether the game was dealt from a secret seed the solver proved winnable
 * @param daily          the UTC day whose daily deal the game plays, or null
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
                           String seed, boolean certified, java.time.LocalDate daily, DealCertificate certificate, Instant createdAt, Instant updatedAt, Instant finishedAt, Integer viewer,
                           Object view, List<Map<String, Object>> legalMoves, GameResult result,
                           Clocks.ClockView clock, UUID rematchOf, UUID rematch,
                           @JsonInclude(JsonInclude.Include.NON_NULL) List<Credential> credentials,
                           @JsonInclude(JsonInclude.Include.NON_NULL) List<LogItem> applied) {

    /** This response with {@code credentials} set. */
    public GameView withCredentials(List<Credential> creds) {
        return new GameView(id, type, ruleset, rulesetVersion, options, status, version, moveCount, seats, toAct,
                seedCommitment, seed, certified, daily, certificate, createdAt, updatedAt, finishedAt, viewer, view, legalMoves, result, clock,
                rematchOf, rematch, creds, applied);
    }

    /** This response with {@code applied} set. */
    public GameView withApplied(List<LogItem> entries) {
        return new GameView(id, type, ruleset, rulesetVersion, options, status, version, moveCount, seats, toAct,
                seedCommitment, seed, certified, daily, certificate, createdAt, updatedAt, finishedAt, viewer, view, legalMoves, result, clock,
                rematchOf, rematch, credentials, entries);
    }
}
