package dev.cardtable.game.view;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.time.Instant;
import java.util.Map;

/**
 * One move log entry, projected for the caller: the move plus what it revealed that the caller
 * may see (e.g. Scoundrel's {@code drawn} cards), flattened into the entry.
 *
 * @param seq      1, 2, 3 … without gaps
 * @param seat     the mover
 * @param move     the move's JSON form
 * @param at       when it was applied (RFC 3339 UTC)
 * @param revealed extra members, game-specific
 */
@JsonPropertyOrder({"seq", "seat", "move", "at"})
public record LogItem(int seq, int seat, Map<String, Object> move, Instant at,
                       @JsonIgnore Map<String, Object> revealed) {

    @JsonAnyGetter
    public Map<String, Object> revealedMembers() {
        return revealed;
    }
}
