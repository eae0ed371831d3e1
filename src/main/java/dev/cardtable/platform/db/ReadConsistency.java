package dev.cardtable.platform.db;

import jakarta.enterprise.context.RequestScoped;

import java.util.regex.Pattern;

/**
 * What one request requires of the data it reads: the consistency token the client sent, a
 * primary's WAL position ({@code docs/api.md}, "Consistency tokens"), or none. {@link Replica}
 * reads from the standby for this request only once the standby has replayed past it.
 */
@RequestScoped
public class ReadConsistency {

    /** A WAL position as PostgreSQL writes a {@code pg_lsn}: two hexadecimal numbers, {@code 0/16B3748}. */
    private static final Pattern LSN = Pattern.compile("[0-9A-Fa-f]{1,8}/[0-9A-Fa-f]{1,8}");

    private String position;

    private boolean latest;

    /**
     * Records the token the client sent: a well-formed one is the position the read must see; any
     * other value (a token this server cannot read) makes the request read from the primary.
     */
    public void require(String token) {
        if (token == null) {
            return;
        }
        if (LSN.matcher(token.trim()).matches()) {
            position = token.trim();
        } else {
            latest = true;
        }
    }

    /** The WAL position the request must see, or null for none. */
    public String position() {
        return position;
    }

    /** Whether the request must read from the primary whatever the standby has replayed. */
    public boolean latest() {
        return latest;
    }
}
