package dev.cardtable.platform.http;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;

import java.time.Duration;
import java.util.List;

/**
 * Per-client rate limits ({@code cardtable.rate-limit.*}): how many requests of each limited kind
 * one client (an address, or a registered player for requests with its key) may make per
 * {@link #period()}. A client may use a whole period's allowance at
 * once; it is then refilled evenly over the period.
 */
@ConfigMapping(prefix = "cardtable.rate-limit")
public interface RateLimitConfig {

    /** Whether any limit applies. */
    @WithDefault("true")
    boolean enabled();

    /** The period the limits below count over. */
    @WithDefault("60s")
    Duration period();

    /** Games created ({@code POST /api/games}) per period. */
    @WithDefault("60")
    long create();

    /** Open seats taken ({@code POST /api/games/{id}/seats/{seat}}) per period. */
    @WithDefault("60")
    long seat();

    /** Records imported ({@code POST /api/games/import}) per period. */
    @WithName("import")
    @WithDefault("30")
    long importRecord();

    /** Moves submitted ({@code POST /api/games/{id}/moves}) per period. */
    @WithDefault("600")
    long move();

    /** Names registered ({@code POST /api/players}) per period, per address. */
    @WithDefault("10")
    long register();

    /** Challenges made ({@code POST /api/challenges}) per period. */
    @WithDefault("30")
    long challenge();

    /** Seeks made ({@code POST /api/seeks}) per period. */
    @WithDefault("30")
    long seek();

    /**
     * The routes ({@code create}, {@code seat}, {@code import}, {@code move}, {@code register}) counted in
     * PostgreSQL, so that their limits hold across every instance on the database; the others
     * are counted in each instance's memory. {@code none} counts every route per instance.
     */
    @WithDefault("create,seat,import,register,challenge,seek")
    List<String> shared();
}
