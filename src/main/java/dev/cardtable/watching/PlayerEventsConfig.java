package dev.cardtable.watching;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** Players' event streams ({@code cardtable.player-events.*}; {@code docs/api.md}, "A player's event stream"). */
@ConfigMapping(prefix = "cardtable.player-events")
public interface PlayerEventsConfig {

    /** How long a player's events are kept for a stream to resume after them with {@code Last-Event-ID}. */
    @WithDefault("PT24H")
    Duration retention();

    /** How often each instance deletes events older than the retention ({@code off} for never). */
    @WithDefault("10m")
    String pruneEvery();
}
