package dev.cardtable.play;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Body of {@code POST /api/games/{id}/seats/{seat}}: the name of the player taking the seat. */
@Schema(name = "TakeSeat")
public record TakeSeatRequest(@Schema(required = true, examples = "bob") String name) {
}
