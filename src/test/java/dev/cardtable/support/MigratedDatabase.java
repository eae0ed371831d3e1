package dev.cardtable.support;

import org.flywaydb.core.Flyway;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;

/**
 * A database of its own on the tests' PostgreSQL, made afresh and brought to the server's schema by
 * its migrations ({@code db/migration}), for tests that reshape or fill a schema apart from the one
 * the server under test uses.
 *
 * @param url      its JDBC URL
 * @param user     the user
 * @param password the password
 */
public record MigratedDatabase(String url, String user, String password) {

    /** Drops database {@code name} if it exists, creates it and migrates it. */
    public static MigratedDatabase create(String name) {
        Map<String, String> base = PostgresResource.database().datasourceConfig();
        String url = base.get("quarkus.datasource.jdbc.url");
        String user = base.get("quarkus.datasource.username");
        String password = base.get("quarkus.datasource.password");
        try (Connection c = DriverManager.getConnection(url, user, password); Statement st = c.createStatement()) {
            st.execute("drop database if exists " + name + " with (force)");
            st.execute("create database " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("could not create test database " + name, e);
        }
        MigratedDatabase db = new MigratedDatabase(url.replaceFirst("/[^/?]+(\\?|$)", "/" + name + "$1"), user, password);
        Flyway.configure().dataSource(db.url(), user, password).locations("classpath:db/migration").load().migrate();
        return db;
    }

    /** A new connection to it. */
    public Connection connect() throws SQLException {
        return DriverManager.getConnection(url, user, password);
    }
}
