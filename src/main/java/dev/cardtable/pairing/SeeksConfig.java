package dev.cardtable.pairing;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** Quick pairing's rule and limits ({@code cardtable.seeks.*}; {@code docs/api.md}, "Quick pairing"). */
@ConfigMapping(prefix = "cardtable.seeks")
public interface SeeksConfig {

    /**
     * How often each instance pairs open seeks (a duration such as {@code 1s}, the shortest the
     * scheduler keeps, or {@code off}).
     */
    @WithDefault("1s")
    String every();

    /** How long a seek stays open unpaired before it times out. */
    @WithDefault("PT10M")
    Duration timeout();

    /**
     * How long a seek stays open once its owner stops following it: no event stream of the owner
     * open on any instance, and no read of its seeks.
     */
    @WithDefault("PT60S")
    Duration keepAlive();

    /** The rating window, ± rating points, of a seek without a range when it is made. */
    @WithDefault("100")
    int window();

    /** Rating points the window widens by each second the seek waits. */
    @WithDefault("20")
    int widenPerSecond();

    /** The widest window, ± rating points. */
    @WithDefault("600")
    int maxWindow();

    /** The most open seeks one player may have; one more is {@code 429 seek-limit}. */
    @WithDefault("5")
    int maxOpen();

    /** A player in more games waiting or running than this cannot seek ({@code 409 active-games-limit}). */
    @WithDefault("20")
    int maxActiveGames();

    /** The most open seeks one pairing run considers, oldest first. */
    @WithDefault("500")
    int batch();
}
