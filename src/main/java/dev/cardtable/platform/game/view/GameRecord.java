package dev.cardtable.platform.game.view;


import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import dev.cardtable.platform.game.Clocks;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The portable record of a game, format {@code cardtable-record} version {@value #VERSION}: everything needed to
 * replay and verify it. While the game runs, {@code seed} and {@code deal} are null (they would
 * reveal hidden cards); once it is over they are filled in.
 *
 * @param format         always {@code cardtable-record}
 * @param formatVersion  {@value #VERSION} for this shape (2: the same without {@code clock}; 1: also
 *                       {@code result} in the game's own shape)
 * @param type           game type
 * @param ruleset        ruleset name
 * @param rulesetVersion ruleset version
 * @param options        every option with its value
 * @param seats          the seats
 * @param clock          the clock chosen at creation ({@code docs/api.md}, "Clocks"), or null for none
 * @param seedCommitment SHA-256 hex of {@code "commit:" + seed}, null for a custom deal
 * @param seed           the seed (finished games), else null
 * @param deal           the custom deal (finished games dealt from one), else null
 * @param moves          every move in order
 * @param status         the game's status when exported
 * @param result         the result once finished ({@code docs/api.md}, "Results"), else null
 * @param createdAt      creation time
 * @param finishedAt     end time, else null
 */
@JsonPropertyOrder({"format", "formatVersion", "type", "ruleset", "rulesetVersion", "options", "seats", "clock",
        "seedCommitment", "seed", "deal", "moves", "status", "result", "createdAt", "finishedAt"})
public record GameRecord(String format, Integer formatVersion, String type, String ruleset,
                         Integer rulesetVersion, Map<String, String> options, List<Seat> seats,
                         Clocks.ClockSettings clock, String seedCommitment, String seed, JsonNode deal, List<Move> moves,
                         String status, JsonNode result, Instant createdAt, Instant finishedAt) {

    /** The format name. */
    public static final String FORMAT = "cardtable-record";

    /** The format version written. */
    public static final int VERSION = 3;

    /**
     * A seat of the record.
     *
     * @param seat     seat number
     * @param kind     {@code human}, {@code ai} or {@code open}
     * @param name     the human's name
     * @param ai       the computer level
     * @param aiBudget its budget, if one was given
     * @param rating   in a rated game, the seat's rating before it ({@code docs/ratings.md}), else
     *                 null; an import ignores it
     * @param ratingDiff the change the game made to it, once rated, else null; an import ignores it
     */
    public record Seat(int seat, String kind, String name, String ai, Integer aiBudget, Double rating,
                       Double ratingDiff) {

        /** A seat without a rating. */
        public Seat(int seat, String kind, String name, String ai, Integer aiBudget) {
            this(seat, kind, name, ai, aiBudget, null, null);
        }
    }

    /**
     * A move of the record.
     *
     * @param seq  1, 2, 3 …
     * @param seat the mover
     * @param move the move's JSON form
     * @param at   when it was applied
     */
    public record Move(int seq, int seat, Map<String, Object> move, Instant at) {
    }
}
