package dev.cardtable.platform.events;

import java.time.Instant;
import java.util.Set;
import java.util.UUID;

/**
 * Fired at every heartbeat of the players' event streams ({@code cardtable.events.heartbeat}),
 * outside any transaction: the registered players who have an event stream open on this instance
 * now. Quick pairing keeps their seeks alive by it ({@code docs/api.md}, "Quick pairing").
 *
 * @param players the players with a stream open here
 * @param at      when
 */
public record StreamsOpen(Set<UUID> players, Instant at) {

    public StreamsOpen {
        players = Set.copyOf(players);
    }
}
