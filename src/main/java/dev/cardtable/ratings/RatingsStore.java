package dev.cardtable.ratings;

import dev.cardtable.platform.db.Db;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static dev.cardtable.platform.db.SqlTimes.setTime;
import static dev.cardtable.platform.db.SqlTimes.time;

/**
 * The statements of the ratings that the ORM cannot say, in plain SQL through {@link Db} (so they
 * join the caller's transaction): creating a rating row and a history point unless they exist
 * ({@code INSERT … ON CONFLICT DO NOTHING}), writing a rated game's seats (a core table), and the
 * leaderboard's keyset pages and a player's rank, which walk the index
 * {@code ratings_leaderboard_idx} (migration V12) from the top.
 */
@Singleton
public class RatingsStore {

    @Inject
    Db db;

    /** Creates {@code key}'s rating at {@code initial} unless it exists. */
    public void ensure(RatingEntity.Key key, double rating, double deviation, double volatility) {
        db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    insert into ratings (player_id, game_type, ruleset, rating, deviation, volatility, games)
                    values (?, ?, ?, ?, ?, ?, 0)
                    on conflict do nothing""")) {
                ps.setObject(1, key.playerId);
                ps.setString(2, key.gameType);
                ps.setString(3, key.ruleset);
                ps.setDouble(4, rating);
                ps.setDouble(5, deviation);
                ps.setDouble(6, volatility);
                ps.executeUpdate();
            }
            return null;
        });
    }

    /**
     * Records {@code p} unless a point of the same game and player exists.
     *
     * @return false when one existed: the game's update of that player was applied before
     */
    public boolean point(RatingPointEntity p) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    insert into rating_history (player_id, game_type, ruleset, game_id, at, rating_before, rating,
                                                deviation, volatility, diff)
                    values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    on conflict (game_id, player_id) do nothing""")) {
                ps.setObject(1, p.playerId);
                ps.setString(2, p.gameType);
                ps.setString(3, p.ruleset);
                ps.setObject(4, p.gameId);
                setTime(ps, 5, p.at);
                ps.setDouble(6, p.ratingBefore);
                ps.setDouble(7, p.rating);
                ps.setDouble(8, p.deviation);
                ps.setDouble(9, p.volatility);
                ps.setDouble(10, p.diff);
                return ps.executeUpdate() == 1;
            }
        });
    }

    /** The rating of {@code key} as stored, or null when it has none. */
    public Double rating(RatingEntity.Key key) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "select rating from ratings where player_id = ? and game_type = ? and ruleset = ?")) {
                ps.setObject(1, key.playerId);
                ps.setString(2, key.gameType);
                ps.setString(3, key.ruleset);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? rs.getDouble(1) : null;
                }
            }
        });
    }

    /**
     * Writes seat {@code seat} of game {@code gameId}: its rating before the game and its change
     * (null while the game runs). With {@code onlyUnset}, only a seat that shows no rating yet.
     */
    public void seat(UUID gameId, int seat, double rating, Double diff, boolean onlyUnset) {
        db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("update seats set rating = ?, rating_diff = ?"
                    + " where game_id = ? and seat = ?" + (onlyUnset ? " and rating is null" : ""))) {
                ps.setDouble(1, rating);
                ps.setObject(2, diff, Types.DOUBLE);
                ps.setObject(3, gameId);
                ps.setInt(4, seat);
                ps.executeUpdate();
            }
            return null;
        });
    }

    /** The seat that made move {@code seq} of game {@code gameId} (the one that ended it), or null. */
    public Integer mover(UUID gameId, int seq) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("select seat from moves where game_id = ? and seq = ?")) {
                ps.setObject(1, gameId);
                ps.setInt(2, seq);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? rs.getInt(1) : null;
                }
            }
        });
    }

    /**
     * One leaderboard row.
     *
     * @param playerId   the player
     * @param name       its registered name
     * @param rating     r
     * @param deviation  RD
     * @param games      rated games of the perf
     * @param lastPlayed when its last rated game of the perf ended
     */
    public record Row(UUID playerId, String name, double rating, double deviation, int games, Instant lastPlayed) {
    }

    /**
     * The leaderboard's statement: perf, ceiling of the deviation, earliest last game, then with a
     * cursor the last row's rating (three times) and player id, then the limit.
     */
    static String leaderboardSql(boolean after) {
        return """
                select r.player_id, p.name, r.rating, r.deviation, r.games, r.last_played
                from ratings r join players p on p.id = r.player_id
                where r.game_type = ? and r.ruleset = ? and r.deviation <= ? and r.last_played >= ?
                """ + (after ? "  and r.rating <= ? and (r.rating < ? or (r.rating = ? and r.player_id > ?))\n" : "")
                + "order by r.rating desc, r.player_id\nlimit ?";
    }

    /** The parameters of {@link #leaderboardSql} in order. */
    static List<Object> leaderboardParams(String gameType, String ruleset, double maxDeviation, Instant since,
                                          Double afterRating, UUID afterPlayer, int limit) {
        List<Object> params = new ArrayList<>(List.of(gameType, ruleset, maxDeviation, java.sql.Timestamp.from(since)));
        if (afterRating != null) {
            params.addAll(List.of(afterRating, afterRating, afterRating, afterPlayer));
        }
        params.add(limit);
        return params;
    }

    /**
     * Up to {@code limit} rows of a perf's leaderboard, best first (rating, then player id), of the
     * players whose deviation is at most {@code maxDeviation} and who played since {@code since},
     * after the row {@code (afterRating, afterPlayer)} when given.
     */
    public List<Row> leaderboard(String gameType, String ruleset, double maxDeviation, Instant since,
                                 Double afterRating, UUID afterPlayer, int limit) {
        return db.work(c -> {
            List<Row> out = new ArrayList<>();
            try (PreparedStatement ps = prepare(c, leaderboardSql(afterRating != null),
                    leaderboardParams(gameType, ruleset, maxDeviation, since, afterRating, afterPlayer, limit));
                 ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Row(rs.getObject(1, UUID.class), rs.getString(2), rs.getDouble(3), rs.getDouble(4),
                            rs.getInt(5), time(rs, 6)));
                }
            }
            return out;
        });
    }

    /**
     * The rank statement: perf, ceiling of the deviation, earliest last game, then the player's
     * rating (three times) and id. Counts the ranked players above the player.
     */
    static final String RANK_SQL = """
            select count(*) from ratings r
            where r.game_type = ? and r.ruleset = ? and r.deviation <= ? and r.last_played >= ?
              and r.rating >= ? and (r.rating > ? or (r.rating = ? and r.player_id < ?))""";

    /** The parameters of {@link #RANK_SQL} in order. */
    static List<Object> rankParams(String gameType, String ruleset, double maxDeviation, Instant since,
                                   double rating, UUID playerId) {
        return List.of(gameType, ruleset, maxDeviation, java.sql.Timestamp.from(since), rating, rating, rating, playerId);
    }

    /**
     * The rank of a ranked player of rating {@code rating}: 1 + the ranked players (deviation at
     * most {@code maxDeviation}, played since {@code since}) above it.
     */
    public long rank(String gameType, String ruleset, double maxDeviation, Instant since, double rating,
                     UUID playerId) {
        return db.work(c -> {
            try (PreparedStatement ps = prepare(c, RANK_SQL,
                    rankParams(gameType, ruleset, maxDeviation, since, rating, playerId));
                 ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1) + 1;
            }
        });
    }

    private static PreparedStatement prepare(Connection c, String sql, List<Object> params) throws SQLException {
        PreparedStatement ps = c.prepareStatement(sql);
        for (int i = 0; i < params.size(); i++) {
            ps.setObject(i + 1, params.get(i));
        }
        return ps;
    }
}
