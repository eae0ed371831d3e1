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
 * (an address, or a registered player where the request carries its key). The routes named by {@code cardtable.rate-limit.shared} (by default creates, seats and
 * imports) are counted in PostgreSQL ({@code rate_limit_buckets}, with Bucket4j's select-for-update
 * proxy manager) so that their limits hold across every instance on the database; the others
 * (moves) in each instance's memory (see docs/operations.md, "Rate limits", for why). Buckets of clients that went quiet are dropped once they would be full again.
 */
@ApplicationScoped
public class RateLimits {

    private static final Logger LOG = Logger.getLogger(RateLimits.class);

    /** The kinds of request that are limited. */
    public enum Route {
        CREATE("game creations"), SEAT("seats taken"), IMPORT("record imports"), MOVE("moves"),
        REGISTER("name registrations"), CHALLENGE("challenges"), SEEK("seeks");

        private final String what;

        Route(String what) {
            this.what = what;
        }

        /** What the route's requests are, for messages: "game creations". */
        public String what() {
            return what;
        }

        /** The route's name in keys and settings: "create". */
        public String key() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * The answer for one request.
     *
     * @param allowed       whether it may proceed
     * @param limit         the route's allowance per period
     * @param retryAfterSec when refused, the whole seconds until a token is free again (at least 1)
     */
    public record Decision(boolean allowed, long limit, long retryAfterSec) {
    }

    @Inject
    RateLimitConfig config;

    @Inject
    DataSource dataSource;

    private PostgreSQLSelectForUpdateBasedProxyManager<String> shared;
    private final Set<Route> sharedRoutes = EnumSet.noneOf(Route.class);
    private final Map<String, Local> local = new ConcurrentHashMap<>();
    private ScheduledExecutorService sweeper;

    private record Local(Bucket bucket, AtomicLong lastUsed) {
    }

    void start(@Observes StartupEvent e) {
        if (!config.enabled()) {
            return;
        }
        for (String name : config.shared()) {
            String n = name.trim().toLowerCase(Locale.ROOT);
            if (n.equals("none") || n.isEmpty()) {
                continue;
            }
            sharedRoutes.add(Arrays.stream(Route.values()).filter(r -> r.key().equals(n)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("cardtable.rate-limit.shared: unknown route '" + name
                            + "' (create, seat, import, move, register or none)")));
        }
        if (!sharedRoutes.isEmpty()) {
            shared = Bucket4jPostgreSQL.selectForUpdateBasedBuilder(dataSource)
                    .primaryKeyMapper(PrimaryKeyMapper.STRING)
                    .table("rate_limit_buckets").idColumn("id").stateColumn("state").expiresAtColumn("expires_at")
                    .expirationAfterWrite(ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(Duration.ofSeconds(10)))
                    .build();
        }
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
                    .withImplicitConfigurationReplacement(version(limit), TokensInheritanceStrategy.PROPORTIONALLY)
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
            return new Decision(true, limit, 0);
        }
        long seconds = Math.max(1, TimeUnit.NANOSECONDS.toSeconds(probe.getNanosToWaitForRefill() + 999_999_999L));
        return new Decision(false, limit, seconds);
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

    /** Changes when the limit or period is reconfigured, so stored buckets take the new one. */
    private long version(long limit) {
        return Math.abs(31 * limit + config.period().toMillis()) % Integer.MAX_VALUE;
    }

    private void sweep() {
        long idle = config.period().toNanos();
        long now = System.nanoTime();
        local.entrySet().removeIf(en -> now - en.getValue().lastUsed().get() > idle);
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
