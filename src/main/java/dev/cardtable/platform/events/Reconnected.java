package dev.cardtable.platform.events;

/**
 * The listening connection to PostgreSQL was lost and is open again ({@link Listener}): the
 * database may have changed meanwhile (a failover may even have made another server the primary),
 * so what was kept of it proves nothing, and notifications sent meanwhile were missed. Fired on
 * the listening thread, before any {@link Channel} catches up.
 */
public record Reconnected() {
}
