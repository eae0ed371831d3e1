package dev.cardtable.play;

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
import java.util.HashMap;
import java.util.Map;

/**
 * Gauge {@code cardtable.games{status=waiting|active|finished}}: games by status, counted in the
 * database (so it is right across instances) at most once a second, when metrics are scraped.
 * Moves applied and move latency are recorded by {@link GameService}.
 */
@Singleton
public class GameMetrics implements MeterBinder {

    private static final Logger LOG = Logger.getLogger(GameMetrics.class);
    private static final long MAX_AGE_NANOS = 1_000_000_000L;

    @Inject
    AgroalDataSource dataSource;

    private Map<String, Long> counts = Map.of();
    private long countedAt;

    @Override
    public void bindTo(MeterRegistry registry) {
        for (String status : java.util.Arrays.stream(dev.cardtable.platform.game.Status.values()).map(dev.cardtable.platform.game.Status::id).toList()) {
            Gauge.builder("cardtable.games", this, m -> m.count(status))
                    .description("Games by status").tag("status", status).register(registry);
        }
    }

    private synchronized double count(String status) {
        long now = System.nanoTime();
        if (counts.isEmpty() || now - countedAt > MAX_AGE_NANOS) {
            Map<String, Long> fresh = new HashMap<>();
            try (Connection c = dataSource.getConnection(); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("select status, count(*) from games group by status")) {
                while (rs.next()) {
                    fresh.put(rs.getString(1), rs.getLong(2));
                }
                counts = fresh;
                countedAt = now;
            } catch (SQLException e) {
                LOG.debug("games by status not counted", e);
                return Double.NaN;
            }
        }
        return counts.getOrDefault(status, 0L);
    }
}
