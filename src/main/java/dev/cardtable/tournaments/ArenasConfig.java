package dev.cardtable.tournaments;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** Arenas' pairing and limits ({@code cardtable.arenas.*}; {@code docs/tournaments.md}). */
@ConfigMapping(prefix = "cardtable.arenas")
public interface ArenasConfig {

    /**
     * How often each instance pairs the free players of running arenas and finishes the arenas that
     * ended (a duration such as {@code 1s}, or {@code off}).
     */
    @WithDefault("1s")
    String every();

    /**
     * How long the instance that ends an arena game waits, once the ending commits, before it
     * pairs that arena (gathering the other endings of that moment into one run). Nothing is
     * paired this way where {@link #every()} is {@code off}.
     */
    @WithDefault("PT0.1S")
    Duration gather();

    /** How long before an arena's end no new game is paired. */
    @WithDefault("PT20S")
    Duration closing();

    /**
     * The shortest arena one may make, in minutes ({@code docs/tournaments.md}: 5; the longest is
     * 1440). Lowered only to test a whole arena in less time.
     */
    @WithDefault("5")
    int shortestMinutes();

    /** How many pairs of one arena a pairing run makes at once, each in its own transaction. */
    @WithDefault("4")
    int parallel();

    /** The most free players one pairing run considers in one arena, best placed first. */
    @WithDefault("2000")
    int batch();
}
