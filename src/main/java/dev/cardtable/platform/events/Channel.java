package dev.cardtable.platform.events;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * One PostgreSQL notification channel this instance listens on, served by {@link Listener}: every
 * bean implementing it is found at start-up, and its channel is LISTENed on the one listening
 * connection.
 */
public interface Channel {

    /** The channel's name, as given to {@code LISTEN} and {@code pg_notify}. */
    String name();

    /** Handles one notification's payload, on the listening thread: hand slow work to another. */
    void receive(String payload);

    /**
     * Runs on the listening connection each time it (re)connects, after its {@code LISTEN}s:
     * anything committed while the connection was down must be caught up here.
     */
    default void connected(Connection connection) throws SQLException {
    }

    /** Runs every {@code cardtable.events.heartbeat}: keep-alives and clean-up. */
    default void heartbeat() {
    }
}
