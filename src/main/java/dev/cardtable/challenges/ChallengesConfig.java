package dev.cardtable.challenges;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** The limits of challenges ({@code cardtable.challenges.*}; {@code docs/api.md}, "Challenges"). */
@ConfigMapping(prefix = "cardtable.challenges")
public interface ChallengesConfig {

    /** How long a challenge stays pending before it expires. */
    @WithDefault("PT10M")
    Duration timeout();

    /** The most pending challenges one player may have made; one more is refused with {@code 429 challenge-limit}. */
    @WithDefault("10")
    int maxPending();

    /**
     * How often each instance looks for pending challenges past their time and expires them (a
     * duration such as {@code 5s}, or {@code off}).
     */
    @WithDefault("5s")
    String sweepEvery();
}
