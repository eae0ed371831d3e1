package dev.cardtable.play;

import dev.cardtable.platform.db.Db;
import dev.cardtable.platform.db.SqlTimes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * The first response to each move request that carried an {@code Idempotency-Key}
 * ({@code idempotency_keys}), stored in the move's own transaction.
 */
@Singleton
public class IdempotencyStore {

    /**
     * A stored response.
     *
     * @param requestHash SHA-256 hex of the request body in canonical form
     * @param response    the response body as first sent
     */
    public record Stored(String requestHash, String response) {
    }

    @Inject
    Db db;

    /** The response stored for ({@code gameId}, {@code seat}, {@code key}), or empty. */
    public Optional<Stored> find(UUID gameId, int seat, String key) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "select request_hash, response from idempotency_keys where game_id = ? and seat = ? and key = ?")) {
                ps.setObject(1, gameId);
                ps.setInt(2, seat);
                ps.setString(3, key);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(new Stored(rs.getString(1), rs.getString(2))) : Optional.empty();
                }
            }
        });
    }

    /** Stores the first response to ({@code gameId}, {@code seat}, {@code key}). */
    public void save(UUID gameId, int seat, String key, String requestHash, String response, Instant at) {
        db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    insert into idempotency_keys (game_id, seat, key, request_hash, status, response, created_at)
                    values (?, ?, ?, ?, 200, ?, ?)""")) {
                ps.setObject(1, gameId);
                ps.setInt(2, seat);
                ps.setString(3, key);
                ps.setString(4, requestHash);
                ps.setString(5, response);
                SqlTimes.setTime(ps, 6, at);
                ps.executeUpdate();
            }
            return null;
        });
    }
}
