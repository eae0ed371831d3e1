package dev.cardtable.support;

import org.eclipse.microprofile.config.ConfigProvider;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Direct SQL for tests that check what the server stored. */
public final class Db {

    private Db() {
    }

    /** A connection to the test datasource. */
    public static Connection connect() throws SQLException {
        var c = ConfigProvider.getConfig();
        return DriverManager.getConnection(c.getValue("quarkus.datasource.jdbc.url", String.class),
                c.getOptionalValue("quarkus.datasource.username", String.class).orElse(null),
                c.getOptionalValue("quarkus.datasource.password", String.class).orElse(null));
    }

    /** Runs an update statement; returns the rows changed. */
    public static int update(String sql, Object... args) throws SQLException {
        try (Connection c = connect(); PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                ps.setObject(i + 1, args[i]);
            }
            return ps.executeUpdate();
        }
    }

    /** The first column of the first row of {@code sql} with {@code args}, as text. */
    public static String scalar(String sql, Object... args) throws SQLException {
        try (Connection c = connect(); PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                ps.setObject(i + 1, args[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }
}
