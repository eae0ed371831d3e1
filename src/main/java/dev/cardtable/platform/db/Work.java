package dev.cardtable.platform.db;

import dev.cardtable.platform.game.GameStore;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Statements run on one connection ({@link GameStore#work}).
 *
 * @param <T> what they return
 */
@FunctionalInterface
public interface Work<T> {

    /** Runs the statements on {@code c}, which the caller closes. */
    T execute(Connection c) throws SQLException;
}
