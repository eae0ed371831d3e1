package dev.cardtable.platform.http;

import io.github.bucket4j.Bucket;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TokensInheritanceStrategy;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.jdbc.PrimaryKeyMapper;
import io.github.bucket4j.postgresql.Bucket4jPostgreSQL;
import io.github.bucket4j.postgresql.PostgreSQLSelectForUpdateBasedProxyManager;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;

/**
 * The token buckets behind {@link RateLimitFilter}: one per limited {@link Route} and client
 * (an address, or a registered player where the request carries its key), and each client's request
 * budget ({@link RequestBudgets}), from which every {@code /api} request spends its weight
 * ({@code docs/operations.md}, "Fair share"). Refusals are remembered ({@link Refusals}) so that a
 * refused client's requests meanwhile are answered from memory. The routes named by {@code cardtable.rate-limit.shared} (by default every route but moves,
 * and the budget) are counted in PostgreSQL ({@code rate_limit_buckets}, with Bucket4j's select-for-update
 * proxy manager) so that their limits hold across every instance on the database; the others
 * (moves) in each instance's memory (see docs/operations.md, "Rate limits", for why). Buckets of clients that went quiet are dropped once they would be full again.
 */
@ApplicationScoped
public class RateLimits {

    private static final Logger LOG = Logger.getLogger(RateLimits.class);

    /** The kinds of request that are limited. */
    public enum Route {
        CREATE("game creations"), SEAT("seats taken"), IMPORT("record imports"), MOVE("moves"),
        REGISTER("name registrations"), CHALLENGE("challenges"), SEEK("seeks"), ARENA("arena creations"),
        /** Sign-ins from one address, whatever the name. */
        SIGN_IN("sign-ins"),
        /** Sign-ins to one name (registered or not), from any address. */
        SIGN_IN_NAME("sign-ins to this name");

        private final String what;

        Route(String what) {
            this.what = what;
        }

        /** What the route's requests are, for messages: "game creations". */
        public String what() {
            return what;
        }

        /** The route's name in keys and settings: "create", "sign-in-name". */
        public String key() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * The answer for one request.
     *
     * @param allowed       whether it may proceed
     * @param limit         the route's allowance, or the client's budget, per period
     * @param retryAfterSec when refused, the whole seconds until a token is free again (at least 1)
     * @param name          the limit's name: a route's ({@code create}) or {@value #BUDGET}
     */
    public record Decision(boolean allowed, long limit, long retryAfterSec, String name) {
    }

    /** The name of the request budget, in keys, settings and problems. */
    public static final String BUDGET = "budget";

    /** Who a budget is for: its size is configured per tier. */
    public enum Tier {
        ADDRESS, PLAYER, BOT
    }

    @Inject
    RateLimitConfig config;

    @Inject
    DataSource dataSource;

    private PostgreSQLSelectForUpdateBasedProxyManager<String> shared;
    private final Set<Route> sharedRoutes = EnumSet.noneOf(Route.class);
    private final Map<String, Local> local = new ConcurrentHashMap<>();
    private final Refusals refusals = new Refusals();
    private RequestBudgets budgets;
    private ScheduledExecutorService sweeper;

    private record Local(Bucket bucket, AtomicLong lastUsed) {
    }

    /** The name of the joint budget of all addresses on an instance, in problems. */
    public static final String ADDRESSES = "addresses";

    void start(@Observes StartupEvent e) {
        if (!config.enabled()) {
            return;
        }
        boolean budgetShared = false;
        for (String name : config.shared()) {
            String n = name.trim().toLowerCase(Locale.ROOT);
            if (n.equals("none") || n.isEmpty()) {
                continue;
            }
            if (n.equals(BUDGET)) {
                budgetShared = true;
                continue;
            }
            sharedRoutes.add(Arrays.stream(Route.values()).filter(r -> r.key().equals(n)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("cardtable.rate-limit.shared: unknown route '" + name
                            + "' (one of " + Arrays.stream(Route.values()).map(Route::key).toList() + ", budget or none)")));
        }
        if (!sharedRoutes.isEmpty() || budgetShared) {
            shared = Bucket4jPostgreSQL.selectForUpdateBasedBuilder(dataSource)
                    .primaryKeyMapper(PrimaryKeyMapper.STRING)
                    .table("rate_limit_buckets").idColumn("id").stateColumn("state").expiresAtColumn("expires_at")
                    .expirationAfterWrite(ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(Duration.ofSeconds(10)))
                    .build();
        }
        budgets = new RequestBudgets(config, budgetShared ? shared : null, refusals);
        sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "rate-limit-sweeper");
            t.setDaemon(true);
            return t;
        });
        long every = Math.max(1, config.period().toSeconds());
        sweeper.scheduleWithFixedDelay(this::sweep, every, every, TimeUnit.SECONDS);
    }

    void stop(@Observes ShutdownEvent e) {
        if (sweeper != null) {
            sweeper.shutdownNow();
        }
    }

    /** Whether limits apply at all. */
    public boolean enabled() {
        return config.enabled();
    }

    /**
     * Takes one token for {@code client} on {@code route}.
     *
     * @throws RuntimeException when the database that holds a shared bucket cannot be reached
     */
    public Decision take(Route route, String client) {
        long limit = limit(route);
        String key = route.key() + ":" + client;
        ConsumptionProbe probe;
        if (sharedRoutes.contains(route)) {
            probe = shared.builder()
                    .withImplicitConfigurationReplacement(version(limit, config), TokensInheritanceStrategy.PROPORTIONALLY)
                    .build(key, () -> configuration(limit))
                    .tryConsumeAndReturnRemaining(1);
        } else {
            Local l = local.computeIfAbsent(key, k -> new Local(
                    Bucket.builder().addLimit(b -> b.capacity(limit).refillGreedy(limit, config.period())).build(),
                    new AtomicLong()));
            l.lastUsed().set(System.nanoTime());
            probe = l.bucket().tryConsumeAndReturnRemaining(1);
        }
        if (probe.isConsumed()) {
            return new Decision(true, limit, 0, route.key());
        }
        long wait = Math.max(probe.getNanosToWaitForRefill(), config.refusalDelay().toNanos());
        return refusals.remember(key, wait, limit, route.key());
    }

    /** Whether the registered player {@code name} gets the bot budget. */
    public boolean bot(String name) {
        return config.budget().bots().stream().anyMatch(b -> b.trim().equalsIgnoreCase(name));
    }

    /** The configured weights. */
    public RateLimitConfig.Weights weights() {
        return config.weight();
    }

    /**
     * The refusal of a request of {@code client} on {@code route} (null: an unlimited one) while its
     * budget, the joint budget of all addresses (for an {@code address:} client) or the route's
     * allowance is known to be empty, without a bucket or a database call; null when it may be tried.
     */
    public Decision refusedNow(String client, Route route) {
        Decision d = refusedNow(client);
        if (d == null && client.startsWith("address:")) {
            d = refusals.ofAddresses();
        }
        if (d == null && route != null) {
            d = refusals.of(route.key() + ":" + client);
        }
        return d;
    }

    /** The refusal of {@code client} while its own budget is known to be empty; null when it may be tried. */
    public Decision refusedNow(String client) {
        return refusals.of(client);
    }

    /**
     * How long to hold back the answer to a request refused by {@code d}: the configured
     * {@code refusal-delay}, at most its {@code Retry-After}.
     */
    public Duration refusalDelay(Decision d) {
        Duration delay = config.refusalDelay();
        Duration retry = Duration.ofSeconds(d.retryAfterSec());
        return delay.compareTo(retry) > 0 ? retry : delay;
    }

    /**
     * Spends {@code tokens} from {@code client}'s budget, and for an address from the joint budget of
     * all addresses on this instance too. A budget may be spent at once up to its burst and comes
     * back evenly over the period; a request that costs more than is left is refused and spends
     * nothing (one that costs more than the burst spends the burst). Shared budgets are counted in
     * PostgreSQL, each instance writing its spending at the latest every {@code unsynced-tokens}
     * tokens or {@code sync-every}.
     *
     * @throws RuntimeException when the database that holds a shared budget cannot be reached
     */
    public Decision spend(String client, Tier tier, long tokens) {
        return budgets.spend(client, tier, tokens);
    }

    /**
     * The answer that refuses a request by {@code d}: {@code 429 rate-limited} with
     * {@code Retry-After}, as the edge answers it.
     *
     * @param what what the route's requests are ("sign-ins")
     * @param by   how the client is named ("this address")
     */
    public jakarta.ws.rs.core.Response refusal(Decision d, String what, String by, jakarta.ws.rs.core.UriInfo uri) {
        RateLimitProblem problem = problem(d);
        return jakarta.ws.rs.core.Response.fromResponse(ProblemMapper.problem(dev.cardtable.platform.Failure.RATE_LIMITED,
                        problem.detail(what, by), problem.extensions(), uri))
                .header(jakarta.ws.rs.core.HttpHeaders.RETRY_AFTER, d.retryAfterSec()).build();
    }

    /** The problem that refuses a request by {@code d}: its wording and extensions. */
    public RateLimitProblem problem(Decision d) {
        return new RateLimitProblem(d, config.period());
    }

    /** The allowance per period of {@code route}. */
    public long limit(Route route) {
        return switch (route) {
            case CREATE -> config.create();
            case SEAT -> config.seat();
            case IMPORT -> config.importRecord();
            case MOVE -> config.move();
            case REGISTER -> config.register();
            case CHALLENGE -> config.challenge();
            case SEEK -> config.seek();
            case ARENA -> config.arena();
            case SIGN_IN -> config.signIn();
            case SIGN_IN_NAME -> config.signInName();
        };
    }

    /** The configured period. */
    public Duration period() {
        return config.period();
    }

    private BucketConfiguration configuration(long limit) {
        return BucketConfiguration.builder()
                .addLimit(b -> b.capacity(limit).refillGreedy(limit, config.period()))
                .build();
    }

    /** Changes when {@code limit} or the configured period changes, so stored buckets take the new one. */
    static long version(long limit, RateLimitConfig config) {
        return Math.abs(31 * limit + config.period().toMillis()) % Integer.MAX_VALUE;
    }

    private void sweep() {
        long idle = config.period().toNanos();
        long now = System.nanoTime();
        local.entrySet().removeIf(en -> now - en.getValue().lastUsed().get() > idle);
        budgets.sweep();
        refusals.sweep();
        if (shared != null) {
            try {
                int removed;
                do {
                    removed = shared.removeExpired(1000);
                } while (removed == 1000);
            } catch (RuntimeException ex) {
                LOG.debug("could not remove expired rate-limit buckets: " + ex.getMessage());
            }
        }
    }
}
