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

    /** Arenas created ({@code POST /api/arenas}) per period. */
    @WithDefault("5")
    long arena();

    /**
     * The routes ({@code create}, {@code seat}, {@code import}, {@code move}, {@code register}) counted in
     * PostgreSQL, so that their limits hold across every instance on the database; the others
     * are counted in each instance's memory. {@code none} counts every route per instance.
     */
    /** Sign-ins per period from one address, whatever the name ({@code POST /api/sessions}). */
    @WithName("sign-in")
    @WithDefault("30")
    long signIn();

    /** Sign-ins per period to one name, registered or not, from any address. */
    @WithName("sign-in-name")
    @WithDefault("10")
    long signInName();

    @WithDefault("create,seat,import,register,challenge,seek,arena,sign-in,sign-in-name,budget")
    List<String> shared();

    /**
     * How long the answer to a request refused from memory (a client already known to be over its
     * budget or a route's allowance) is held back, at most until its {@code Retry-After}: a client
     * that does not wait then sends few requests, each costing the server a timer. 0 answers at once.
     */
    @WithDefault("1s")
    Duration refusalDelay();

    /**
     * The request budget: tokens per period that one client may spend on {@code /api} requests of
     * every kind, each request costing its {@link #weight() weight} ({@code docs/operations.md},
     * "Fair share").
     */
    Budget budget();

    /** What each kind of request costs from the {@link #budget()}, in tokens. */
    Weights weight();

    /** Budgets per period, by who is counted. */
    interface Budget {

        /** An address (a request without a valid player key). */
        @WithDefault("3000")
        long address();

        /** A registered player (a request with its valid {@code X-Player-Key}). */
        @WithDefault("6000")
        long player();

        /**
         * All addresses together, per instance: what clients without a player key may spend on one
         * instance per period, so that many addresses cannot take the processors from registered
         * players. Counted in each instance's memory, since it guards that instance's processors.
         */
        @WithDefault("6000")
        long addresses();

        /**
         * How much of a budget may be spent at once, as the time it takes to come back: a budget
         * of 3000 per 60 s with a burst of 20 s holds at most 1000 tokens. At most the period.
         */
        @WithDefault("20s")
        Duration burst();

        /** A registered player named in {@link #bots()}. */
        @WithDefault("30000")
        long bot();

        /** Registered players' names (case-insensitive) that get the {@link #bot()} budget; {@code none} for none. */
        @WithDefault("none")
        List<String> bots();

        /**
         * How many tokens an instance may spend from a shared budget before it writes them to
         * PostgreSQL (at the latest after {@link #syncEvery()}); 0 writes every request.
         */
        @WithDefault("50")
        long unsyncedTokens();

        /** The longest an instance keeps spent tokens of a shared budget unwritten. */
        @WithDefault("1s")
        java.time.Duration syncEvery();
    }

    /** Token costs by kind of request ({@code docs/operations.md}, "Fair share", has the measurements). */
    interface Weights {

        /** A plain read ({@code GET}) not named below. */
        @WithDefault("1")
        long read();

        /** A page of {@code GET /api/games} with a filter (any parameter but {@code limit} and {@code cursor}). */
        @WithDefault("4")
        long history();

        /** A move or cancel ({@code POST /api/games/{id}/moves}, {@code …/cancel}). */
        @WithDefault("2")
        long move();

        /** Taking a seat. */
        @WithDefault("4")
        long seat();

        /** Creating a game (also a rematch or a daily attempt), before any computer seat thinks. */
        @WithDefault("10")
        long create();

        /** Importing a record. */
        @WithName("import")
        @WithDefault("20")
        long importRecord();

        /** A hint ({@code GET /api/games/{id}/hint}). */
        @WithDefault("20")
        long hint();

        /** A post-game analysis ({@code GET /api/games/{id}/analysis}). */
        @WithDefault("20")
        long analysis();

        /** A stream ticket ({@code POST /api/games/{id}/stream-tickets}). */
        @WithDefault("4")
        long ticket();

        /** Registering a name. */
        @WithDefault("10")
        long register();

        /** Any other write ({@code POST}, {@code DELETE}). */
        @WithDefault("4")
        long write();

        /**
         * What a searching computer seat's decisions cost, per 1000 search iterations (an
         * {@code ismcts} decision at its default budget of 10,000 costs 10 times this), charged to
         * the client whose request made the computer move; levels that do not search cost nothing.
         */
        @WithDefault("2")
        long computer();
    }
}
