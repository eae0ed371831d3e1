package dev.cardtable.platform.db;

import jakarta.persistence.PersistenceException;
import jakarta.transaction.RollbackException;
import org.hibernate.exception.JDBCConnectionException;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import javax.transaction.xa.XAException;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What counts as "the database could not be reached", however the failure was wrapped. */
class DatabaseOutageTest {

    private static SQLException state(String sqlState) {
        return new SQLException("from PostgreSQL", sqlState);
    }

    /** An exception as Agroal's pool throws it: no SQLState, raised in io.agroal. */
    private static SQLException fromPool(String message) {
        SQLException e = new SQLException(message);
        e.setStackTrace(new StackTraceElement[]{
                new StackTraceElement("io.agroal.pool.ConnectionPool", "handlerFromSharedCache", "ConnectionPool.java", 1)});
        return e;
    }

    @Test
    void connectionStatesAndServerShutdownAreOutages() {
        for (String s : new String[]{"08000", "08001", "08003", "08006", "57P01", "57P02", "57P03", "53300", "25006"}) {
            assertTrue(DatabaseOutage.causedBy(state(s)), s);
        }
        assertTrue(DatabaseOutage.causedBy(new SQLTransientConnectionException("gone")));
        assertTrue(DatabaseOutage.causedBy(new JDBCConnectionException("gone", state("08006"))));
    }

    @Test
    void failuresOfTheRequestOrOfTheCodeAreNot() {
        for (String s : new String[]{"23505", "40001", "40P01", "22001", "42P01", "57014", "28P01"}) {
            assertFalse(DatabaseOutage.causedBy(state(s)), s);
        }
        assertFalse(DatabaseOutage.causedBy(new SQLException("no state")));
        assertFalse(DatabaseOutage.causedBy(new IllegalStateException("bug")));
        assertFalse(DatabaseOutage.causedBy(fromPool("Connection acquired without transaction.")));
        assertFalse(DatabaseOutage.causedBy(new XAException(XAException.XA_RBDEADLOCK)));
        // The same message, not from the pool, is not taken for the pool's.
        assertFalse(DatabaseOutage.causedBy(new SQLException("Acquisition timeout while waiting for new connection")));
    }

    @Test
    void thePoolsAcquisitionTimeoutAndClosedPoolAreOutages() {
        assertTrue(DatabaseOutage.causedBy(fromPool("Acquisition timeout while waiting for new connection")));
        assertTrue(DatabaseOutage.causedBy(fromPool("Sorry, acquisition timeout!")));
        assertTrue(DatabaseOutage.causedBy(fromPool("This pool is closed and does not handle any more connections!")));
    }

    @Test
    void theCauseIsFoundThroughWrappersSuppressedExceptionsAndChainedSqlExceptions() {
        SQLException terminated = state("57P01");
        // Hibernate inside JPA inside the transaction interceptor's runtime wrapper.
        RuntimeException wrapped = new RuntimeException("commit failed",
                new PersistenceException("flush", new org.hibernate.exception.GenericJDBCException("insert", terminated)));
        assertSame(terminated, DatabaseOutage.find(wrapped));
        // The transaction manager reports a failed commit with the resource's error suppressed.
        RollbackException rollback = new RollbackException("ARJUNA016053: Could not commit transaction.");
        XAException xa = new XAException(XAException.XAER_RMFAIL);
        rollback.addSuppressed(xa);
        assertSame(xa, DatabaseOutage.find(rollback));
        // A batch failure whose next exception is the lost connection.
        SQLException batch = state("XX000");
        batch.setNextException(state("08006"));
        assertTrue(DatabaseOutage.causedBy(batch));
    }

    @Test
    void aCyclicCauseGraphEnds() {
        RuntimeException a = new RuntimeException("a");
        RuntimeException b = new RuntimeException("b", a);
        a.addSuppressed(b);
        assertFalse(DatabaseOutage.causedBy(b));
    }
}
