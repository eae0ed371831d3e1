package dev.cardtable.history;

import dev.cardtable.platform.db.Db;
import dev.cardtable.platform.db.Replica;
import dev.cardtable.platform.db.SqlTimes;
import dev.cardtable.platform.game.GameCatalog;
import dev.cardtable.platform.game.GameRow;
import dev.cardtable.platform.game.GameStore;
import dev.cardtable.platform.game.GameType;
import dev.cardtable.platform.game.Status;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.UUID;

/**
 * The SQL of the history of play: a filtered, newest-first page of games with a keyset cursor,
 * and a player's statistics. A player's games, and games by a player's outcome, are found through
 * {@code player_games} (migration V11), everything else through {@code games (created_at, id)};
 * either way the cursor is a row comparison, so an index range starts at it instead of filtering
 * what comes before. Statistics are counters ({@code player_stats}).
 */
@Singleton
public class HistoryQueries {

    /**
     * A page's filters; null fields do not filter.
     *
     * @param type          game type
     * @param status        status
     * @param player        a player's name
     * @param playerId      the registered player of that name, or null: then only its verified seats
     *                      count, as in its statistics
     * @param result        the player's outcome (without a player: any player's)
     * @param rated         true: rated games only, false: unrated games only ({@code docs/ratings.md})
     * @param createdAfter  exclusive lower bound of the creation time
     * @param createdBefore exclusive upper bound
     * @param cursorAt      creation time of the last game of the previous page
     * @param cursorId      id of that game
     * @param limit         games per page
     */
    public record Filter(String type, Status status, String player, UUID playerId, String result, Boolean rated,
                         Instant createdAfter, Instant createdBefore, Instant cursorAt, UUID cursorId, int limit) {
    }

    /**
     * A page of games.
     *
     * @param games the games, newest first, with their seats
     * @param more  whether more games match after the last one
     */
    public record Page(List<GameRow> games, boolean more) {
    }

    /**
     * One game type's statistics of a player.
     *
     * @param type      game type
     * @param played    finished games with an outcome (not aborted, not abandoned)
     * @param won       won
     * @param lost      lost
     * @param drawn     drawn
     * @param abandoned abandoned (not counted as played)
     * @param bestScore highest score, or null
     * @param meanScore mean score, or null
     */
    public record TypeStats(String type, long played, long won, long lost, long drawn, long abandoned,
                            Integer bestScore, Double meanScore) {
    }

    @Inject
    Db db;

    @Inject
    GameStore games;

    @Inject
    GameCatalog catalog;

    /** The page of games matching {@code f}, newest first (creation time, then id). */
    public Page page(Filter f) {
        return db.work(c -> page(c, f));
    }

    /** {@link #page(Filter)} read on connection {@code c} (the standby's, {@link Replica}). */
    public Page page(Connection c, Filter f) throws SQLException {
        List<UUID> ids = ids(c, f);
        boolean more = ids.size() > f.limit();
        if (more) {
            ids = ids.subList(0, f.limit());
        }
        return new Page(games.find(c, ids), more);
    }

    private List<UUID> ids(Connection c, Filter f) throws SQLException {
        // Rated games are only ever of the types that offer them: the others need no range walked.
        List<String> types = Boolean.TRUE.equals(f.rated())
                ? catalog.names().stream().filter(t -> catalog.type(t).offers(GameType.Ability.RATED)).toList()
                : catalog.names();
        Query q = query(f, types);
        if (q == null) {
            return List.of();
        }
        try (PreparedStatement ps = c.prepareStatement(q.sql())) {
            for (int i = 0; i < q.params().size(); i++) {
                if (q.params().get(i) instanceof Instant at) {
                    SqlTimes.setTime(ps, i + 1, at);
                } else {
                    ps.setObject(i + 1, q.params().get(i));
                }
            }
            LinkedHashSet<UUID> ids = new LinkedHashSet<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getObject(1, UUID.class));
                }
            }
            return new ArrayList<>(ids);
        }
    }

    /**
     * A statement and its parameters.
     *
     * @param sql    the statement
     * @param params its parameters, in order
     */
    record Query(String sql, List<Object> params) {
    }

    /**
     * The ids of a page's games, newest first, and one more when there is one, each from an index
     * range that starts at the cursor and walks about as many rows as the page needs. A filter by
     * a player or by an outcome is answered from {@code player_games}; by a type or a status alone
     * from {@code games (type, status, created_at, id)}, one range for each status or type, merged;
     * the rest from {@code games}. Rated games only are read from the partial indexes of rated
     * games (migration V12_1) of the same shapes; unrated games only, the great part of the games,
     * from the same ranges as without the filter.
     *
     * @param types every game type that can match: all of them, or for rated games only those that
     *              offer them; for a filter by a status alone
     * @return the statement, or null when nothing can match (an outcome belongs to finished games,
     *         a rated game to a type that offers rated games)
     */
    static Query query(Filter f, List<String> types) {
        if (f.result() != null && f.status() != null && f.status() != Status.FINISHED) {
            return null;
        }
        if (f.type() != null && !types.contains(f.type())) {
            return null;
        }
        if (f.player() != null || f.result() != null) {
            return select("select p.game_id from player_games p where true", "p", "p.game_id", f, f.type(),
                    f.status() == null ? null : f.status().id(),
                    f.player() == null && f.result() != null ? 2 * (f.limit() + 1) : f.limit() + 1);
        }
        if ((f.type() == null) == (f.status() == null)) {
            return select("select g.id from games g where true", "g", "g.id", f, f.type(),
                    f.status() == null ? null : f.status().id(), f.limit() + 1);
        }
        // One exact range per (type, status) pair, merged: "type" alone or "status" alone walks no
        // games of the other types or statuses.
        List<String> ts = f.type() != null ? List.of(f.type()) : types;
        List<String> ss = f.status() != null ? List.of(f.status().id()) : Arrays.stream(Status.values()).map(Status::id).toList();
        StringBuilder sql = new StringBuilder("select id from (");
        List<Object> p = new ArrayList<>();
        for (String t : ts) {
            for (String st : ss) {
                Query q = select("select g.id, g.created_at from games g where true", "g", "g.id", f, t, st, f.limit() + 1);
                sql.append(p.isEmpty() ? "(" : " union all (").append(q.sql()).append(")");
                p.addAll(q.params());
            }
        }
        sql.append(") u order by created_at desc, id desc limit ?");
        p.add(f.limit() + 1);
        return new Query(sql.toString(), p);
    }

    /**
     * One newest-first range of {@code from} ({@code t}: its alias, {@code id}: its game id), by
     * {@code f}'s other filters and cursor.
     */
    private static Query select(String from, String t, String id, Filter f, String type, String status, int limit) {
        StringBuilder sql = new StringBuilder(from);
        List<Object> p = new ArrayList<>();
        where(sql, p, f.player(), " and p.name = ?");
        where(sql, p, f.playerId(), " and p.player_id = ?");
        where(sql, p, type, t.equals("p") ? " and p.game_type = ?" : " and g.type = ?");
        where(sql, p, status, " and " + t + ".status = ?");
        where(sql, p, f.result(), " and p.outcome = ?");
        // A literal, not a parameter: the planner matches it to the partial indexes of rated games.
        if (f.rated() != null) {
            sql.append(f.rated() ? " and " : " and not ").append(t).append(".rated");
        }
        where(sql, p, f.createdAfter(), " and " + t + ".created_at > ?");
        where(sql, p, f.createdBefore(), " and " + t + ".created_at < ?");
        if (f.cursorAt() != null) {
            sql.append(" and (").append(t).append(".created_at, ").append(id).append(") < (?, ?)");
            p.add(f.cursorAt());
            p.add(f.cursorId());
        }
        sql.append(" order by ").append(t).append(".created_at desc, ").append(id).append(" desc limit ?");
        p.add(limit);
        return new Query(sql.toString(), p);
    }

    private static void where(StringBuilder sql, List<Object> params, Object value, String condition) {
        if (value != null) {
            sql.append(condition);
            params.add(value);
        }
    }

    /** The statement of {@link #stats(Connection, Object)}: one parameter, {@code who}. */
    static String statsSql(Object who) {
        return """
                select game_type, played, won, lost, drawn, abandoned, best_score,
                       case when scored > 0 then score_sum::float8 / scored end
                from player_stats
                where %s
                order by game_type""".formatted(who instanceof UUID ? "player_id = ?" : "name = ? and player_id is null");
    }

    /** The statistics of registered player {@code playerId}'s verified seats per type, by type. */
    public List<TypeStats> stats(UUID playerId) {
        return db.work(c -> stats(c, playerId));
    }

    /** {@code name}'s statistics per type, by type. */
    public List<TypeStats> stats(String name) {
        return db.work(c -> stats(c, name));
    }

    /**
     * The statistics of {@code who} read on connection {@code c} (the standby's, {@link Replica}):
     * a player id ({@link UUID}, verified seats) or a name ({@link String}). Counters kept as games
     * end ({@link PlayerGamesStore#count}): one row per game type, whatever the history's length.
     */
    public List<TypeStats> stats(Connection c, Object who) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(statsSql(who))) {
            ps.setObject(1, who);
            List<TypeStats> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    int best = rs.getInt(7);
                    boolean noBest = rs.wasNull();
                    double mean = rs.getDouble(8);
                    boolean noMean = rs.wasNull();
                    out.add(new TypeStats(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5),
                            rs.getLong(6), noBest ? null : best, noMean ? null : Math.round(mean * 100) / 100.0));
                }
            }
            return out;
        }
    }
}
