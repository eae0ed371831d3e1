package dev.cardtable.platform.db;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/**
 * Reads from a standby ({@code cardtable.replica.*}; {@link Replica}, {@code docs/scaling.md},
 * "Reads from a standby"). The standby itself is the datasource {@code quarkus.datasource."replica"}.
 */
@ConfigMapping(prefix = "cardtable.replica")
public interface ReplicaConfig {

    /** How long a read carrying a consistency token waits for the standby to replay past it. */
    @WithDefault("250ms")
    Duration maxWait();

    /** How often the standby is asked meanwhile. */
    @WithDefault("5ms")
    Duration poll();
}
