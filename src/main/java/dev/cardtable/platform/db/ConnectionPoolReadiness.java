package dev.cardtable.platform.db;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Readiness ({@code /q/health/ready}) of the connection pool: {@code DOWN} while every connection
 * is in use and requests wait for one, so that a balancer sends new requests elsewhere until the
 * pool can serve again; its data gives the pool's counts (active, awaiting, max).
 */
@Readiness
@ApplicationScoped
public class ConnectionPoolReadiness implements HealthCheck {

    @Inject
    ConnectionPool pool;

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("database connection pool")
                .status(!pool.saturated())
                .withData("active", pool.active())
                .withData("awaiting", pool.awaiting())
                .withData("max", pool.maxSize())
                .build();
    }
}
