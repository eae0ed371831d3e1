package dev.cardtable.platform.db;

import java.sql.SQLException;

/**
 * A statement of the store failed, or no connection could be had for it; the cause is the JDBC
 * driver's or the pool's {@link SQLException}. Whether it means the database is unreachable, or
 * that the pool is busy, is decided from the cause ({@link DatabaseOutage}).
 */
public class StoreFailure extends RuntimeException {

    /** Wraps {@code cause}, keeping its message. */
    public StoreFailure(SQLException cause) {
        super(cause.getMessage(), cause);
    }
}
