package dev.cardtable.platform.db;

import io.agroal.api.AgroalDataSource;
import io.agroal.api.AgroalDataSourceMetrics;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

/**
 * The state of the connection pool to PostgreSQL, as its own gauges tell it
 * ({@code quarkus.datasource.metrics.enabled}): whether a failure to get a connection means that
 * the database could not be reached (an outage) or only that every connection was in use (the
 * server is busy, the database is fine).
 */
@Singleton
public class ConnectionPool {

    @Inject
    AgroalDataSource dataSource;

    /** The pool's most connections ({@code quarkus.datasource.jdbc.max-size}). */
    public int maxSize() {
        return dataSource.getConfiguration().connectionPoolConfiguration().maxSize();
    }

    /** Connections handed out now. */
    public long active() {
        return dataSource.getMetrics().activeCount();
    }

    /** Callers waiting for a connection now. */
    public long awaiting() {
        return dataSource.getMetrics().awaitingCount();
    }

    /**
     * Whether {@code failure} came from waiting for a connection while the pool held all its
     * connections open (in use, or just given back): the database answered, the server had no
     * connection free in time. A wait that ran out while connections could not be opened is an
     * outage instead ({@link DatabaseOutage}).
     */
    public boolean busy(Throwable failure) {
        if (!DatabaseOutage.acquisitionTimeout(failure)) {
            return false;
        }
        AgroalDataSourceMetrics m = dataSource.getMetrics();
        return m.activeCount() + m.availableCount() >= maxSize();
    }

    /** Whether every connection is in use and callers are waiting for one: the pool cannot serve now. */
    public boolean saturated() {
        AgroalDataSourceMetrics m = dataSource.getMetrics();
        return m.activeCount() >= maxSize() && m.awaitingCount() > 0;
    }
}
