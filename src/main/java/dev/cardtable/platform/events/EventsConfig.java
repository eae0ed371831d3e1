package dev.cardtable.platform.events;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.Optional;

/**
 * Live events' settings ({@code cardtable.events.*}; {@code docs/operations.md}, "Configuration"),
 * read by the event bus (the listening connection), the HTTP layer (the stream caps) and the
 * service (catch-up reads, stream tickets).
 */
@ConfigMapping(prefix = "cardtable.events")
public interface EventsConfig {

    /** Whether live events are served, and moves of watched games notified. */
    @WithDefault("true")
    boolean enabled();

    /** How often each stream gets a keep-alive comment, and each channel its clean-up. */
    @WithDefault("15s")
    Duration heartbeat();

    /**
     * The listening connection's own JDBC URL, bypassing a pooler in transaction mode
     * ({@code docs/scaling.md}); empty for the datasource's URL.
     */
    Optional<String> listenUrl();

    /** Open event streams (of every kind) per instance. */
    @WithDefault("4096")
    int maxStreams();

    /** Open event streams (of every kind) per client address, per instance. */
    @WithDefault("32")
    int maxStreamsPerClient();

    /** Catch-up reads of live events running at once per instance (1 at least). */
    @WithDefault("8")
    int catchUpConnections();

    /** How long a stream ticket opens a seat's event stream. */
    @WithDefault("5m")
    Duration ticketTtl();
}
