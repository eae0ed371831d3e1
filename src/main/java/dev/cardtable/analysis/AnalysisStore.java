package dev.cardtable.analysis;

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
 * The SQL of post-game analyses (migration V10_24): one stored JSON text per finished game. Must
 * be called inside a transaction.
 */
@Singleton
public class AnalysisStore {

    @Inject
    Db db;

    /** The stored analysis of game {@code id}, or empty. */
    public Optional<String> find(UUID id) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("select analysis from game_analyses where game_id = ?")) {
                ps.setObject(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
                }
            }
        });
    }

    /**
     * Stores {@code analysis} for game {@code id} unless one is stored already (two requests may
     * compute it at once), and answers the stored one.
     */
    public String store(UUID id, String analysis, Instant at) {
        db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    insert into game_analyses (game_id, analysis, created_at) values (?, ?, ?)
                    on conflict (game_id) do nothing""")) {
                ps.setObject(1, id);
                ps.setString(2, analysis);
                SqlTimes.setTime(ps, 3, at);
                return ps.executeUpdate();
            }
        });
        return find(id).orElseThrow();
    }
}
