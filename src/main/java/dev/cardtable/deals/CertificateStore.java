package dev.cardtable.deals;

import dev.cardtable.platform.db.Db;
import dev.cardtable.platform.db.SqlTimes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.Optional;

/**
 * The SQL of deal certificates (migration V10_2410): how hard a certified or daily deal is, one
 * row per seed commitment. Each call runs in the caller's transaction, or on a connection of its
 * own outside one.
 */
@Singleton
public class CertificateStore {

    /**
     * One stored certificate.
     *
     * @param bestScore         the deal's best score, or null when the solver's budget ran out
     * @param firstMoves        its legal first moves
     * @param winningFirstMoves those that keep it winnable, or null when the budget ran out
     * @param positions         positions searched for these figures
     */
    public record Certificate(Integer bestScore, int firstMoves, Integer winningFirstMoves, long positions) {
    }

    @Inject
    Db db;

    /** The certificate of the deal with seed commitment {@code commitment}, or empty. */
    public Optional<Certificate> find(String commitment) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    select best_score, first_moves, winning_first_moves, positions
                    from deal_certificates where seed_commitment = ?""")) {
                ps.setString(1, commitment);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        return Optional.empty();
                    }
                    return Optional.of(new Certificate(rs.getObject(1, Integer.class), rs.getInt(2),
                            rs.getObject(3, Integer.class), rs.getLong(4)));
                }
            }
        });
    }

    /** Stores the certificate of the deal with seed commitment {@code commitment}, unless one is stored. */
    public void store(String commitment, Certificate certificate, Instant at) {
        db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    insert into deal_certificates (seed_commitment, best_score, first_moves, winning_first_moves, positions, created_at)
                    values (?, ?, ?, ?, ?, ?) on conflict (seed_commitment) do nothing""")) {
                ps.setString(1, commitment);
                ps.setObject(2, certificate.bestScore(), java.sql.Types.INTEGER);
                ps.setInt(3, certificate.firstMoves());
                ps.setObject(4, certificate.winningFirstMoves(), java.sql.Types.INTEGER);
                ps.setLong(5, certificate.positions());
                SqlTimes.setTime(ps, 6, at);
                return ps.executeUpdate();
            }
        });
    }
}
