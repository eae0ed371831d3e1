package dev.cardtable.analysis;

import io.smallrye.config.ConfigMapping;

import java.util.Optional;

/**
 * Post-game analysis ({@code cardtable.analysis.*}; {@link AnalysisService},
 * {@code docs/operations.md}, "Configuration").
 */
@ConfigMapping(prefix = "cardtable.analysis")
public interface AnalysisConfig {

    /**
     * How many analyses one instance computes at once; past it a request is answered
     * {@code 503 server-busy}. Absent: half the processors, at least one.
     */
    Optional<Integer> maxRunning();
}
