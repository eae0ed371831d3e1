package dev.cardtable.platform.telemetry;

import dev.cardtable.platform.db.ConnectionPool;
import dev.cardtable.platform.events.EventsConfig;
import dev.cardtable.platform.http.SseStreams;
import io.agroal.api.AgroalDataSource;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.jboss.logging.Logger;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Gauges that the alert rules compare with their limits ({@code deploy/monitoring/alerts.yml}):
 * <ul>
 *   <li>{@code cardtable_pool_max_connections{datasource="default"}}: the pool's size
 *       ({@code quarkus.datasource.jdbc.max-size}), beside Agroal's {@code agroal_active_count};</li>
 *   <li>{@code cardtable_event_streams_open} and {@code cardtable_event_streams_max}: event streams
 *       open on this instance, and their cap ({@code cardtable.events.max-streams});</li>
 *   <li>{@code cardtable_database_up}: 1 when the database answered this instance, 0 when it could
 *       not be reached. Probed when scraped, at most once a second: a pool whose every connection
 *       is in use counts as up (the database answers, the server is busy); otherwise a connection
 *       is taken and checked ({@link Connection#isValid}, 2 s at most; the wait for one is bounded
 *       by {@code quarkus.datasource.jdbc.acquisition-timeout}).</li>
 * </ul>
 */
@Singleton
public class ServerGauges implements MeterBinder {

    private static final Logger LOG = Logger.getLogger(ServerGauges.class);
    private static final long MAX_AGE_NANOS = 1_000_000_000L;

    @Inject
    ConnectionPool pool;

    @Inject
    AgroalDataSource dataSource;

    @Inject
    SseStreams streams;

    @Inject
    EventsConfig events;

    private double up = Double.NaN;
    private long probedAt;

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauge.builder("cardtable.pool.max.connections", pool, ConnectionPool::maxSize).tag("datasource", "default")
                .description("The most connections the pool holds (quarkus.datasource.jdbc.max-size)").register(registry);
        Gauge.builder("cardtable.event.streams.open", streams, SseStreams::open)
                .description("Event streams open on this instance").register(registry);
        Gauge.builder("cardtable.event.streams.max", events, EventsConfig::maxStreams)
                .description("The most event streams one instance keeps open (cardtable.events.max-streams)").register(registry);
        Gauge.builder("cardtable.database.up", this, ServerGauges::databaseUp)
                .description("1 when the database answered this instance, 0 when it could not be reached").register(registry);
    }

    /** 1 when the database answers (or every pooled connection is in use), 0 when it cannot be reached. */
    synchronized double databaseUp() {
        long now = System.nanoTime();
        if (Double.isNaN(up) || now - probedAt > MAX_AGE_NANOS) {
            up = pool.saturated() ? 1 : probe();
            probedAt = System.nanoTime();
        }
        return up;
    }

    private double probe() {
        try (Connection c = dataSource.getConnection()) {
            return c.isValid(2) ? 1 : 0;
        } catch (SQLException | RuntimeException e) {
            LOG.debugf("database probe failed: %s", e.getMessage());
            return 0;
        }
    }
}
