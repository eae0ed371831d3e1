package dev.cardtable.store;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Statements run on one connection ({@link GameStore#work}).
 *
 * @param <T> what they return
 */
@FunctionalInterface
interface Work<T> {

    /** Runs the statements on {@code c}, which the caller closes. */
    T execute(Connection c) throws SQLException;
}
