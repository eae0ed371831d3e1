package dev.cardtable.platform.telemetry;

import io.agroal.api.AgroalDataSource;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.jboss.logging.Logger;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The standbys of the primary as the primary sees them ({@code pg_stat_replication}), read when
 * scraped, at most once a second, on the server's own datasource (which points at the primary):
 * <ul>
 *   <li>{@code cardtable_replication_standbys}: standbys streaming from the primary now;</li>
 *   <li>{@code cardtable_replication_lag_seconds}: the largest {@code replay_lag} among them, in
 *       seconds (0 once a standby has caught up and the primary is idle, as PostgreSQL then
 *       reports none; 0 with no standby);</li>
 *   <li>{@code cardtable_replication_lag_bytes}: the largest distance, in bytes of WAL, between the
 *       primary's position and a standby's replay (0 with no standby).</li>
 * </ul>
 * PostgreSQL shows these columns only to a superuser or a role with {@code pg_monitor}
 * ({@code grant pg_monitor to <user>}); without it, and when the query fails, the gauges are NaN
 * (absent from alerts' comparisons). {@code docs/operations.md}, "Watching it".
 */
@Singleton
public class ReplicationGauges implements MeterBinder {

    static final String QUERY = "select count(*), count(state), count(*) filter (where state = 'streaming'),"
            + " coalesce(max(extract(epoch from replay_lag)), 0),"
            + " case when pg_is_in_recovery() then null"
            + " else coalesce(max(pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)), 0) end"
            + " from pg_stat_replication";

    private static final Logger LOG = Logger.getLogger(ReplicationGauges.class);
    private static final long MAX_AGE_NANOS = 1_000_000_000L;

    @Inject
    AgroalDataSource dataSource;

    /** Standbys streaming, lag in seconds, lag in bytes. */
    private double[] values = {Double.NaN, Double.NaN, Double.NaN};
    private long readAt;

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauge.builder("cardtable.replication.standbys", this, g -> g.read()[0])
                .description("Standbys streaming from the primary").register(registry);
        Gauge.builder("cardtable.replication.lag", this, g -> g.read()[1]).baseUnit("seconds")
                .description("The largest replay lag of a standby").register(registry);
        Gauge.builder("cardtable.replication.lag.bytes", this, g -> g.read()[2]).baseUnit("bytes")
                .description("The largest distance in WAL between the primary and a standby's replay").register(registry);
    }

    private synchronized double[] read() {
        long now = System.nanoTime();
        if (readAt != 0 && now - readAt <= MAX_AGE_NANOS) {
            return values;
        }
        readAt = now;
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(QUERY)) {
            rs.next();
            boolean visible = rs.getLong(1) == rs.getLong(2);
            double bytes = rs.getDouble(5);
            boolean onStandby = rs.wasNull();
            values = !visible ? new double[] {Double.NaN, Double.NaN, Double.NaN}
                    : new double[] {rs.getLong(3), rs.getDouble(4), onStandby ? Double.NaN : bytes};
        } catch (SQLException | RuntimeException e) {
            LOG.debugf("replication not read: %s", e.getMessage());
            values = new double[] {Double.NaN, Double.NaN, Double.NaN};
        }
        return values;
    }
}
