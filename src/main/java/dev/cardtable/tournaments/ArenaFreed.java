package dev.cardtable.tournaments;

import java.util.UUID;

/**
 * Told inside the transaction that ends an arena game of arena {@code arena}: once it commits,
 * its two players are free, and {@link ArenaPairing} pairs the arena without waiting for its next
 * scheduled run. Internal to the module.
 *
 * @param arena the arena whose game ended
 */
record ArenaFreed(UUID arena) {
}
