package dev.cardtable.platform.db;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** Instants to and from {@code timestamptz} columns, in UTC; null stays null. */
public final class SqlTimes {

    private SqlTimes() {
    }

    /** Sets parameter {@code i} to {@code t}. */
    public static void setTime(PreparedStatement ps, int i, Instant t) throws SQLException {
        ps.setObject(i, t == null ? null : OffsetDateTime.ofInstant(t, ZoneOffset.UTC), Types.TIMESTAMP_WITH_TIMEZONE);
    }

    /** Column {@code i} of the current row. */
    public static Instant time(ResultSet rs, int i) throws SQLException {
        OffsetDateTime t = rs.getObject(i, OffsetDateTime.class);
        return t == null ? null : t.toInstant();
    }
}
