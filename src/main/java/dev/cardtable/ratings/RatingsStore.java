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
 * join the caller's transaction): a rated game's update in the transaction that ends it, three
 * statements for both players (create and lock their rows, then one statement that writes the
 * history points, the ratings and the seats, {@link #apply}), writing a seat's rating (a core
 * table), and the
 * leaderboard's keyset pages and a player's rank, which walk the index
 * {@code ratings_leaderboard_idx} (migration V12) from the top.
 */
@Singleton
public class RatingsStore {

    @Inject
    Db db;

    /** Removes every rating of {@code playerId} (a revoked registration), in the caller's transaction. */
    public void retire(UUID playerId) {
        db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("delete from ratings where player_id = ?")) {
                ps.setObject(1, playerId);
                return ps.executeUpdate();
            }
        });
    }

    /** A rating row as locked for a rated game's update. */
    public record Locked(UUID playerId, double rating, double deviation, double volatility, Instant lastPlayed) {
    }

    /**
     * Creates the ratings of {@code players} in a perf at the initial values unless they exist,
     * then locks them ({@code SELECT … FOR UPDATE}) in player-id order until the transaction ends:
     * two statements for any number of players. Two games of the same players ending at once wait
     * for each other instead of deadlocking. A player whose registration was revoked gets no row
     * (its ratings were removed with it, {@link #retire}).
     *
     * @return the locked rows, in player-id order; none for a revoked player
     */
    public List<Locked> lock(List<UUID> players, String gameType, String ruleset, double rating, double deviation,
                             double volatility) {
        return db.work(c -> {
            UUID[] ids = players.stream().sorted().toArray(UUID[]::new);
            try (PreparedStatement ps = c.prepareStatement("""
                    insert into ratings (player_id, game_type, ruleset, rating, deviation, volatility, games)
                    select p, ?, ?, ?, ?, ?, 0 from unnest(?::uuid[]) p
                    where exists (select 1 from players s where s.id = p and s.revoked_at is null)
                    order by p
                    on conflict do nothing""")) {
                ps.setString(1, gameType);
                ps.setString(2, ruleset);
                ps.setDouble(3, rating);
                ps.setDouble(4, deviation);
                ps.setDouble(5, volatility);
                ps.setArray(6, c.createArrayOf("uuid", ids));
                ps.executeUpdate();
            }
            List<Locked> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("""
                    select player_id, rating, deviation, volatility, last_played from ratings
                    where player_id = any(?::uuid[]) and game_type = ? and ruleset = ?
                    order by player_id for update""")) {
                ps.setArray(1, c.createArrayOf("uuid", ids));
                ps.setString(2, gameType);
                ps.setString(3, ruleset);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new Locked(rs.getObject(1, UUID.class), rs.getDouble(2), rs.getDouble(3), rs.getDouble(4),
                                time(rs, 5)));
                    }
                }
            }
            return out;
        });
    }

    /**
     * Applies a rated game's changes in one statement: a {@code rating_history} point per change
     * unless the game's point of that player exists (its unique key), and, for exactly the points
     * written, the rating row's new values (one more game, last played at the point's time unless
     * later already) and the seat's rating before the game and its change. A second application
     * of the same game writes nothing.
     *
     * @return how many players' ratings were changed
     */
    public int apply(UUID gameId, String gameType, String ruleset, List<RatingPointEntity> points, List<Integer> seats) {
        return db.work(c -> {
            StringBuilder values = new StringBuilder();
            for (int i = 0; i < points.size(); i++) {
                values.append(i == 0 ? "" : ", ").append("(?::uuid, ?::int, ?::timestamptz, ?::float8, ?::float8, ?::float8, ?::float8, ?::float8)");
            }
            try (PreparedStatement ps = c.prepareStatement("""
                    with v (player_id, seat, at, rating_before, rating, deviation, volatility, diff) as (values %s),
                    p as (
                        insert into rating_history (player_id, game_type, ruleset, game_id, at, rating_before, rating,
                                                    deviation, volatility, diff)
                        select player_id, ?, ?, ?, at, rating_before, rating, deviation, volatility, diff from v
                        on conflict (game_id, player_id) do nothing
                        returning player_id),
                    r as (
                        update ratings t set rating = v.rating, deviation = v.deviation, volatility = v.volatility,
                                             games = t.games + 1, last_played = greatest(t.last_played, v.at)
                        from v join p using (player_id)
                        where t.player_id = v.player_id and t.game_type = ? and t.ruleset = ?
                        returning t.player_id)
                    update seats s set rating = v.rating_before, rating_diff = v.diff
                    from v join r using (player_id)
                    where s.game_id = ? and s.seat = v.seat""".formatted(values))) {
                int i = 1;
                for (int k = 0; k < points.size(); k++) {
                    RatingPointEntity p = points.get(k);
                    ps.setObject(i++, p.playerId);
                    ps.setInt(i++, seats.get(k));
                    setTime(ps, i++, p.at);
                    ps.setDouble(i++, p.ratingBefore);
                    ps.setDouble(i++, p.rating);
                    ps.setDouble(i++, p.deviation);
                    ps.setDouble(i++, p.volatility);
                    ps.setDouble(i++, p.diff);
                }
                ps.setString(i++, gameType);
                ps.setString(i++, ruleset);
                ps.setObject(i++, gameId);
                ps.setString(i++, gameType);
                ps.setString(i++, ruleset);
                ps.setObject(i, gameId);
                return ps.executeUpdate();
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
