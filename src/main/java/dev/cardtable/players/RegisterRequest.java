package dev.cardtable.players;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Body of {@code POST /api/players}: the name to register. */
@Schema(name = "RegisterPlayer")
public record RegisterRequest(@Schema(required = true, examples = "alice", pattern = "^[A-Za-z0-9_.-]{1,40}$") String name) {
}
