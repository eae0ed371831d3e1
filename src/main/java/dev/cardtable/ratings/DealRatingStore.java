package dev.cardtable.ratings;

import dev.cardtable.engine.scoundrel.solver.DealRating;
import dev.cardtable.platform.db.Db;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

import static dev.cardtable.platform.db.SqlTimes.setTime;
import static dev.cardtable.platform.db.SqlTimes.time;

/**
 * The deals' ratings of rated Scoundrel ({@code docs/ratings.md}, "Scoundrel: players against
 * deals"), tables {@code deal_ratings} and {@code deal_rating_history} (migration V25), in plain SQL
 * through {@link Db} so that every statement joins the caller's transaction.
 */
@Singleton
public class DealRatingStore {

    @Inject
    Db db;

    /**
     * One deal: its key, and its rating as stored.
     *
     * @param ruleset        {@code standard} or {@code simple}
     * @param binding        the weapon binding, {@code none} for {@code simple}
     * @param seedCommitment the seed's commitment, the deal's public name
     * @param seed           the secret seed
     * @param seedRating     the rating it started from
     * @param rating         r
     * @param deviation      RD
     * @param volatility     σ
     * @param attempts       rated games ended on it
     * @param lastPlayed     when its last rated game ended, or null
     */
    public record Row(String ruleset, String binding, String seedCommitment, String seed, double seedRating,
                      double rating, double deviation, double volatility, int attempts, Instant lastPlayed) {
    }

    private static final String COLUMNS = "ruleset, binding, seed_commitment, seed, seed_rating, rating, deviation, "
            + "volatility, attempts, last_played";

    private static Row row(ResultSet rs) throws java.sql.SQLException {
        return new Row(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getDouble(5),
                rs.getDouble(6), rs.getDouble(7), rs.getDouble(8), rs.getInt(9), time(rs, 10));
    }

    /**
     * Creates the rating of a deal at its seed rating ({@code m.rating()}), with the initial
     * deviation and volatility, unless it exists.
     */
    public void create(String ruleset, String binding, String seedCommitment, String seed, DealRating.Measure m,
                       double deviation, double volatility, Instant at) {
        db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    insert into deal_ratings (ruleset, binding, seed_commitment, seed, seed_rating, verdict, first_moves,
                        winning_first_moves, nodes, rating, deviation, volatility, attempts, created_at)
                    values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)
                    on conflict do nothing""")) {
                ps.setString(1, ruleset);
                ps.setString(2, binding);
                ps.setString(3, seedCommitment);
                ps.setString(4, seed);
                ps.setDouble(5, m.rating());
                ps.setString(6, m.verdict().name().toLowerCase(java.util.Locale.ROOT));
                ps.setInt(7, m.firstMoves());
                ps.setInt(8, m.winningFirstMoves());
                ps.setLong(9, m.nodes());
                ps.setDouble(10, m.rating());
                ps.setDouble(11, deviation);
                ps.setDouble(12, volatility);
                setTime(ps, 13, at);
                return ps.executeUpdate();
            }
        });
    }

    /** The deal's rating as stored, or empty. */
    public Optional<Row> find(String ruleset, String binding, String seedCommitment) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("select " + COLUMNS
                    + " from deal_ratings where ruleset = ? and binding = ? and seed_commitment = ?")) {
                ps.setString(1, ruleset);
                ps.setString(2, binding);
                ps.setString(3, seedCommitment);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(row(rs)) : Optional.<Row>empty();
                }
            }
        });
    }

    /** The deal's rating, locked ({@code SELECT … FOR UPDATE}) until the transaction ends, or empty. */
    public Optional<Row> lock(String ruleset, String binding, String seedCommitment) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("select " + COLUMNS
                    + " from deal_ratings where ruleset = ? and binding = ? and seed_commitment = ? for update")) {
                ps.setString(1, ruleset);
                ps.setString(2, binding);
                ps.setString(3, seedCommitment);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(row(rs)) : Optional.<Row>empty();
                }
            }
        });
    }

    /**
     * A game's change of its deal's rating, in one statement: a {@code deal_rating_history} point
     * unless the game has one (its primary key), and, only when the point was written, the deal's
     * new rating, one more attempt and its last game's time. A second application writes nothing.
     *
     * @return 1 when the deal's rating changed, 0 when the game had changed it already
     */
    public int apply(UUID gameId, Row before, double rating, double deviation, double volatility, Instant at) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    with p as (
                        insert into deal_rating_history (game_id, ruleset, binding, seed_commitment, at, rating_before,
                                                         rating, deviation, volatility, diff)
                        values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        on conflict (game_id) do nothing
                        returning ruleset, binding, seed_commitment, at)
                    update deal_ratings d set rating = ?, deviation = ?, volatility = ?, attempts = d.attempts + 1,
                                              last_played = greatest(d.last_played, p.at)
                    from p
                    where d.ruleset = p.ruleset and d.binding = p.binding and d.seed_commitment = p.seed_commitment""")) {
                int i = 1;
                ps.setObject(i++, gameId);
                ps.setString(i++, before.ruleset());
                ps.setString(i++, before.binding());
                ps.setString(i++, before.seedCommitment());
                setTime(ps, i++, at);
                ps.setDouble(i++, before.rating());
                ps.setDouble(i++, rating);
                ps.setDouble(i++, deviation);
                ps.setDouble(i++, volatility);
                ps.setDouble(i++, rating - before.rating());
                ps.setDouble(i++, rating);
                ps.setDouble(i++, deviation);
                ps.setDouble(i, volatility);
                return ps.executeUpdate();
            }
        });
    }

    /**
     * The deal of game {@code gameId}: its ruleset, binding ({@code none} for {@code simple}, the
     * stored option otherwise) and seed commitment; empty for a custom deal.
     */
    public Optional<String[]> dealOf(UUID gameId) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    select ruleset, case when ruleset = 'simple' then 'none'
                                         else coalesce(options->>'weaponBinding', 'lessOrEqual') end, seed_commitment
                    from games where id = ? and seed is not null""")) {
                ps.setObject(1, gameId);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(new String[]{rs.getString(1), rs.getString(2), rs.getString(3)})
                            : Optional.<String[]>empty();
                }
            }
        });
    }
}
