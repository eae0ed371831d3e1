package dev.cardtable.platform.db;

import io.agroal.api.AgroalDataSource;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.agroal.DataSource;
import io.quarkus.arc.Arc;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.hibernate.jdbc.ReturningWork;
import org.jboss.logging.Logger;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The optional read-only datasource {@code quarkus.datasource."replica"} (a hot standby of the
 * primary; {@code docs/scaling.md}, "Reads from a standby"). Without its URL nothing is read from
 * it and every read goes to the primary, as with no standby at all.
 *
 * <p>A read the standby may serve (a finished game, statistics) runs here only when the standby
 * has replayed past the consistency token of the request ({@link ReadConsistency}): it waits for
 * that at most {@code cardtable.replica.max-wait}, polling {@code pg_last_wal_replay_lsn()}, and
 * otherwise leaves the read to the primary. A standby that cannot be reached leaves it to the
 * primary too. Counted in the metrics {@code cardtable.replica.reads} (tag {@code served}:
 * {@code standby} or {@code primary}) and {@code cardtable.replica.wait}.
 */
@Singleton
public class Replica {

    /** The named datasource of the standby. */
    public static final String NAME = "replica";

    private static final Logger LOG = Logger.getLogger(Replica.class);

    @ConfigProperty(name = "quarkus.datasource.\"replica\".jdbc.url")
    Optional<String> url;

    @Inject
    ReplicaConfig config;

    @Inject
    MeterRegistry registry;

    @Inject
    AgroalDataSource primaryDataSource;

    private volatile AgroalDataSource dataSource;

    private Counter standby;
    private Counter primary;
    private Timer waits;

    /** Whether a standby is configured. */
    public boolean configured() {
        return url.filter(u -> !u.isBlank()).isPresent();
    }

    /**
     * Runs {@code work} on a standby connection when the standby may serve this request.
     *
     * @param work returns empty when what it found must be read from the primary after all (a
     *             game still running, or not there yet)
     * @return empty when the caller must read from the primary
     */
    public <T> Optional<T> read(ReturningWork<Optional<T>> work) {
        if (!configured()) {
            return Optional.empty();
        }
        ReadConsistency required = required();
        if (required != null && required.latest()) {
            counters()[1].increment();
            return Optional.empty();
        }
        try (Connection c = dataSource().getConnection()) {
            if (required != null && required.position() != null && !replayedPast(c, required.position())) {
                counters()[1].increment();
                return Optional.empty();
            }
            Optional<T> out = work.execute(c);
            counters()[out.isPresent() ? 0 : 1].increment();
            return out;
        } catch (SQLException | RuntimeException e) {
            LOG.debugf("standby read failed, reading the primary: %s", e.getMessage());
            counters()[1].increment();
            return Optional.empty();
        }
    }

    /** Waits until the standby has replayed past {@code lsn}, at most {@code max-wait}; whether it has. */
    private boolean replayedPast(Connection c, String lsn) throws SQLException {
        long start = System.nanoTime();
        long deadline = start + config.maxWait().toNanos();
        try (PreparedStatement ps = c.prepareStatement("select coalesce(pg_last_wal_replay_lsn() >= ?::pg_lsn, true)")) {
            ps.setString(1, lsn);
            while (true) {
                boolean done;
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    done = rs.getBoolean(1);
                }
                long now = System.nanoTime();
                if (done || now >= deadline) {
                    waitTimer().record(now - start, TimeUnit.NANOSECONDS);
                    return done;
                }
                try {
                    Thread.sleep(Math.max(1, config.poll().toMillis()));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
        }
    }

    private static ReadConsistency required() {
        var container = Arc.container();
        return container.requestContext().isActive() ? container.instance(ReadConsistency.class).get() : null;
    }

    private AgroalDataSource dataSource() {
        AgroalDataSource ds = dataSource;
        if (ds == null) {
            ds = Arc.container().instance(AgroalDataSource.class, new DataSource.DataSourceLiteral(NAME)).get();
            dataSource = ds;
        }
        return ds;
    }

    private Counter[] counters() {
        if (standby == null) {
            standby = Counter.builder("cardtable.replica.reads").tag("served", "standby")
                    .description("Reads the standby may serve, by where they were served").register(registry);
            primary = Counter.builder("cardtable.replica.reads").tag("served", "primary")
                    .description("Reads the standby may serve, by where they were served").register(registry);
        }
        return new Counter[] {standby, primary};
    }

    private Timer waitTimer() {
        if (waits == null) {
            waits = Timer.builder("cardtable.replica.wait").publishPercentiles(0.5, 0.95, 0.99)
                    .description("Waits for the standby to replay past a request's consistency token").register(registry);
        }
        return waits;
    }

    /**
     * The primary's WAL position now, as a consistency token: the position of every transaction
     * committed before this call. Empty without a standby (every read then goes to the primary).
     */
    public Optional<String> position() {
        if (!configured()) {
            return Optional.empty();
        }
        try (Connection c = primaryDataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("select pg_current_wal_insert_lsn()::text");
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            return Optional.of(rs.getString(1));
        } catch (SQLException e) {
            // The write itself committed: without a token the client's next reads go to the primary.
            LOG.debugf("no consistency token: %s", e.getMessage());
            return Optional.empty();
        }
    }
}
