package dev.cardtable.history;

import dev.cardtable.platform.db.Db;
import dev.cardtable.platform.db.Replica;
import dev.cardtable.platform.db.SqlTimes;
import dev.cardtable.platform.game.GameRow;
import dev.cardtable.platform.game.GameStore;
import dev.cardtable.platform.game.Status;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.UUID;

/**
 * The SQL of the history of play: a filtered, newest-first page of games with a keyset cursor,
 * and a player's statistics. A player's games are found through the seats indexes (migration V4),
 * everything else through {@code games (created_at, id)}; either way the cursor is a row
 * comparison, so an index range starts at it instead of filtering what comes before.
 */
@Singleton
public class HistoryQueries {

    /**
     * A page's filters; null fields do not filter.
     *
     * @param type          game type
     * @param status        status
     * @param player        a player's name
     * @param result        the player's outcome (any human seat's without a player)
     * @param createdAfter  exclusive lower bound of the creation time
     * @param createdBefore exclusive upper bound
     * @param cursorAt      creation time of the last game of the previous page
     * @param cursorId      id of that game
     * @param limit         games per page
     */
    public record Filter(String type, Status status, String player, String result, Instant createdAfter,
                         Instant createdBefore, Instant cursorAt, UUID cursorId, int limit) {
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
        boolean byPlayer = f.player() != null;
        String t = byPlayer ? "s" : "g";
        StringBuilder sql = new StringBuilder(byPlayer
                ? "select s.game_id, s.created_at from seats s" + (f.status() != null ? " join games g on g.id = s.game_id" : "")
                + " where s.name = ?"
                : "select g.id, g.created_at from games g where true");
        List<Object> p = new ArrayList<>();
        if (byPlayer) {
            p.add(f.player());
        }
        if (f.type() != null) {
            sql.append(byPlayer ? " and s.game_type = ?" : " and g.type = ?");
            p.add(f.type());
        }
        if (f.status() != null) {
            sql.append(" and g.status = ?");
            p.add(f.status().id());
        }
        if (f.result() != null) {
            sql.append(byPlayer ? " and s.outcome = ?"
                    : " and exists (select 1 from seats r where r.game_id = g.id and r.kind = 'human' and r.outcome = ?)");
            p.add(f.result());
        }
        String id = byPlayer ? "s.game_id" : "g.id";
        if (f.createdAfter() != null) {
            sql.append(" and ").append(t).append(".created_at > ?");
            p.add(f.createdAfter());
        }
        if (f.createdBefore() != null) {
            sql.append(" and ").append(t).append(".created_at < ?");
            p.add(f.createdBefore());
        }
        if (f.cursorAt() != null) {
            sql.append(" and (").append(t).append(".created_at, ").append(id).append(") < (?, ?)");
            p.add(f.cursorAt());
            p.add(f.cursorId());
        }
        sql.append(" order by ").append(t).append(".created_at desc, ").append(id).append(" desc limit ?");
        // One name may hold both seats of a game: fetch enough rows for limit + 1 distinct games.
        p.add(byPlayer ? 2 * (f.limit() + 1) : f.limit() + 1);
        try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
            for (int i = 0; i < p.size(); i++) {
                if (p.get(i) instanceof Instant at) {
                    SqlTimes.setTime(ps, i + 1, at);
                } else {
                    ps.setObject(i + 1, p.get(i));
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

    /** The finished games of player {@code playerId}'s verified seats per type, by type. */
    public List<TypeStats> stats(UUID playerId) {
        return db.work(c -> stats(c, playerId));
    }

    /** {@code name}'s finished games per type, by type. */
    public List<TypeStats> stats(String name) {
        return db.work(c -> stats(c, name));
    }

    /**
     * The statistics of {@code who} read on connection {@code c} (the standby's, {@link Replica}):
     * a player id ({@link UUID}, verified seats) or a name ({@link String}).
     */
    public List<TypeStats> stats(Connection c, Object who) throws SQLException {
        // Seats get their outcome exactly when the game finishes: the stats index covers this.
        try (PreparedStatement ps = c.prepareStatement("""
                select game_type, sum(case when outcome <> 'abandoned' then 1 else 0 end),
                       sum(case when outcome = 'won' then 1 else 0 end),
                       sum(case when outcome = 'lost' then 1 else 0 end),
                       sum(case when outcome = 'drawn' then 1 else 0 end),
                       sum(case when outcome = 'abandoned' then 1 else 0 end),
                       max(score), avg(score)
                from seats
                where %s = ? and outcome is not null
                group by game_type order by game_type""".formatted(who instanceof UUID ? "player_id" : "name"))) {
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
