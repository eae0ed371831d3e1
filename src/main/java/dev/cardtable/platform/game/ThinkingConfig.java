package dev.cardtable.platform.game;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.Optional;

/**
 * The bound on costly computations, hints and searching computer seats ({@code cardtable.thinking.*};
 * {@link Thinking}, {@code docs/operations.md}, "Fair share").
 */
@ConfigMapping(prefix = "cardtable.thinking")
public interface ThinkingConfig {

    /** How many computations run at once on an instance. Absent: the number of processors. */
    Optional<Integer> threads();

    /**
     * How many more may wait for one of them (each holding a worker thread, for at most
     * {@link #maxWait()}). Absent: 16 times {@link #threads()}.
     */
    Optional<Integer> queue();

    /**
     * The share of the running and waiting places one client may hold at once (at least one place);
     * past it, or past the queue, a request is answered {@code 503 server-busy}.
     */
    @WithDefault("0.5")
    double clientShare();

    /** The longest a computation waits for a thread before it is answered {@code 503 server-busy}. */
    @WithDefault("10s")
    Duration maxWait();
}
