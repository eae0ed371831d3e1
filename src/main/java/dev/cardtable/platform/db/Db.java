package dev.cardtable.platform.db;

import io.agroal.api.AgroalDataSource;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * Every store's way to the database: a statement, or a few, on a connection of the Agroal pool.
 * Inside a transaction that is the transaction's own connection (so the statement joins it, and
 * closing it only ends this use); outside one, a connection in autocommit taken for this call and
 * given back as soon as it returns. So a request holds no connection between its statements, nor
 * while it computes ({@code docs/architecture.md}, "Connections").
 */
@Singleton
public class Db {

    @Inject
    AgroalDataSource dataSource;

    /**
     * Runs {@code work} on a connection of the pool, as above.
     *
     * @return what {@code work} returns
     * @throws StoreFailure when a statement fails, or no connection could be had (the
     *                      {@link SQLException} is its cause; {@link DatabaseOutage} tells an outage)
     */
    public <T> T work(Work<T> work) {
        try (Connection c = dataSource.getConnection()) {
            return work.execute(c);
        } catch (SQLException e) {
            throw new StoreFailure(e);
        }
    }

    /**
     * Sends {@code payload} on PostgreSQL channel {@code channel} ({@code pg_notify}): at once
     * outside a transaction, when it commits inside one.
     */
    public void notify(String channel, String payload) {
        work(c -> {
            try (PreparedStatement ps = c.prepareStatement("select pg_notify(?, ?)")) {
                ps.setString(1, channel);
                ps.setString(2, payload);
                ps.executeQuery().close();
            }
            return null;
        });
    }
}
