package dev.cardtable.platform.db;

import org.hibernate.exception.JDBCConnectionException;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Locale;
import java.util.Set;
import javax.transaction.xa.XAException;

/**
 * The one definition of "the database could not be reached": whether a failure, in whatever
 * exception Quarkus, Narayana, Hibernate or Agroal wrapped it, was caused by losing or not getting
 * a connection to PostgreSQL rather than by the request or by a bug. Such failures answer
 * {@code 503 service-unavailable}; everything else stays {@code 500 internal-error}.
 *
 * <p>The whole cause graph is searched (causes, suppressed exceptions and chained
 * {@link SQLException#getNextException() SQL exceptions}), and a failure belongs to the kind when
 * any exception in it is one of:
 * <ul>
 *   <li>a {@link SQLException} whose SQLState is of class {@code 08} (connection exception), or
 *       {@code 57P01}–{@code 57P03} (the server is shutting down, crashed or not yet accepting
 *       connections), {@code 53300} (no connection slot free), or {@code 25006} (read-only
 *       transaction: the server reached is a standby, as during a failover before the balancer
 *       has moved to the new primary);</li>
 *   <li>a JDBC {@link SQLTransientConnectionException} or {@link SQLNonTransientConnectionException};</li>
 *   <li>Hibernate's {@link JDBCConnectionException};</li>
 *   <li>an Agroal pool failure to hand out a connection: its acquisition timeout (configured with
 *       {@code quarkus.datasource.jdbc.acquisition-timeout}), or a pool that is closed or closing;</li>
 *   <li>an {@link XAException} that says the resource manager failed or the commit failed on
 *       communication ({@code XAER_RMFAIL}, {@code XA_RBCOMMFAIL}), as the transaction manager
 *       reports a commit whose connection was lost.</li>
 * </ul>
 */
public final class DatabaseOutage {

    private DatabaseOutage() {
    }

    /** Whether {@code failure} was caused by the database being unreachable. */
    public static boolean causedBy(Throwable failure) {
        return find(failure) != null;
    }

    /**
     * The exception in {@code failure}'s cause graph that makes it an outage, or null when it is
     * none.
     */
    public static Throwable find(Throwable failure) {
        return find(failure, Collections.newSetFromMap(new IdentityHashMap<>()), 0);
    }

    private static Throwable find(Throwable t, Set<Throwable> seen, int depth) {
        if (t == null || depth > 64 || !seen.add(t)) {
            return null;
        }
        if (matches(t)) {
            return t;
        }
        Throwable found = find(t.getCause(), seen, depth + 1);
        if (found == null && t instanceof SQLException sql) {
            found = find(sql.getNextException(), seen, depth + 1);
        }
        for (Throwable s : t.getSuppressed()) {
            if (found != null) {
                break;
            }
            found = find(s, seen, depth + 1);
        }
        return found;
    }

    /**
     * Whether {@code failure} is, or was caused by, the pool's acquisition timeout: a wait for a
     * connection that ran out before one was handed over, so no statement of that attempt ran.
     * Whether that means an outage or a busy pool is for {@link ConnectionPool#busy} to say.
     */
    public static boolean acquisitionTimeout(Throwable failure) {
        return find(failure) instanceof SQLException sql && poolCouldNotConnect(sql)
                && String.valueOf(sql.getMessage()).toLowerCase(Locale.ROOT).contains("acquisition timeout");
    }

    private static boolean matches(Throwable t) {
        if (t instanceof JDBCConnectionException
                || t instanceof SQLTransientConnectionException
                || t instanceof SQLNonTransientConnectionException) {
            return true;
        }
        if (t instanceof SQLException sql) {
            return unreachableState(sql.getSQLState()) || poolCouldNotConnect(sql);
        }
        if (t instanceof XAException xa) {
            return xa.errorCode == XAException.XAER_RMFAIL || xa.errorCode == XAException.XA_RBCOMMFAIL;
        }
        return false;
    }

    /** SQLStates that mean the server is unreachable or not accepting work. */
    static boolean unreachableState(String state) {
        if (state == null) {
            return false;
        }
        return state.startsWith("08")
                || state.equals("57P01")    // admin_shutdown
                || state.equals("57P02")    // crash_shutdown
                || state.equals("57P03")    // cannot_connect_now (starting up, shutting down, recovering)
                || state.equals("53300")    // too_many_connections
                || state.equals("25006");   // read_only_sql_transaction: a standby, mid-failover
    }

    /** Agroal's own failures to hand out a connection, which carry no SQLState. */
    private static boolean poolCouldNotConnect(SQLException e) {
        if (e.getSQLState() != null || e.getStackTrace().length == 0
                || !e.getStackTrace()[0].getClassName().startsWith("io.agroal.")) {
            return false;
        }
        String m = e.getMessage() == null ? "" : e.getMessage().toLowerCase(Locale.ROOT);
        return m.contains("acquisition timeout") || m.contains("pool is closed") || m.contains("pool is shutting down");
    }
}
