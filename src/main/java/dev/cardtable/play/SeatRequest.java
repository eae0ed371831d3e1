package dev.cardtable.play;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * One seat of a new game: exactly one of {@code name} (a human), {@code ai} (a computer opponent,
 * optionally with {@code aiBudget}) or {@code open: true} (taken later).
 */
@Schema(name = "SeatRequest")
public record SeatRequest(
        @Schema(examples = "alice", pattern = "^[A-Za-z0-9_.-]{1,40}$") String name,
        @Schema(examples = "ismcts") String ai,
        @Schema(description = "Thinking budget of a search level (iterations)") Integer aiBudget,
        Boolean open) {
}
