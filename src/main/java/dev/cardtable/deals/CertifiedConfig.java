package dev.cardtable.deals;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * The search for certified deals ({@code cardtable.certified.*}; {@link CertifiedDeals},
 * {@code docs/operations.md}, "Configuration"), which the daily deal uses too.
 */
@ConfigMapping(prefix = "cardtable.certified")
public interface CertifiedConfig {

    /** The solver's budget per seed, in positions searched. */
    @WithDefault("20000000")
    long nodes();

    /** Seeds tried before {@code certified-deal-unavailable}. */
    @WithDefault("40")
    int attempts();
}
