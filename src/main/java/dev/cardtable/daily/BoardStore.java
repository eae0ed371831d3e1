package dev.cardtable.daily;

import dev.cardtable.daily.DailyStore.BoardRow;
import dev.cardtable.daily.DailyStore.TableRow;
import dev.cardtable.platform.db.Db;
import dev.cardtable.platform.db.SqlTimes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The daily deal's boards (migration V11): each attempt's ending, written once as its game ends,
 * and read in board order from {@code daily_attempts}; each player's line of the all-time table,
 * counters in {@code daily_standings} kept as attempts count. A page walks its own rows and the
 * rows ahead of it once, to rank it, never the whole history of the deal.
 */
@Singleton
public class BoardStore {

    @Inject
    Db db;

    /**
     * Records how game {@code gameId}, an attempt at {@code ruleset}'s deal of {@code day}, ended, and
     * when it counts (it finished within its day, with a score) adds it to its player's line of the
     * all-time table; called in the transaction of the game's end, and again by the reconcile
     * step, where it changes nothing for an attempt whose end is already written.
     *
     * @return whether it counts
     */
    public boolean finished(LocalDate day, String ruleset, UUID gameId, Integer score, int moves, String outcome,
                            Instant finishedAt) {
        boolean counted = score != null && finishedAt != null && finishedAt.isBefore(end(day));
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    update daily_attempts set counted = ?, score = ?, moves = ?, outcome = ?, finished_at = ?
                    where game_id = ? and day = ? and ruleset = ? and finished_at is null""")) {
                ps.setBoolean(1, counted);
                ps.setObject(2, score, Types.INTEGER);
                ps.setInt(3, moves);
                ps.setString(4, outcome);
                SqlTimes.setTime(ps, 5, finishedAt);
                ps.setObject(6, gameId);
                ps.setObject(7, day, Types.DATE);
                ps.setString(8, ruleset);
                if (ps.executeUpdate() == 0 || !counted) {
                    return false;
                }
            }
            try (PreparedStatement ps = c.prepareStatement("""
                    insert into daily_standings (ruleset, player_id, name, played, won, total, best)
                    select a.ruleset, a.player_id, p.name, 1, case when a.outcome = 'won' then 1 else 0 end, a.score, a.score
                    from daily_attempts a join players p on p.id = a.player_id where a.game_id = ?
                    on conflict (ruleset, player_id) do update set played = daily_standings.played + 1,
                        won = daily_standings.won + excluded.won, total = daily_standings.total + excluded.total,
                        best = greatest(daily_standings.best, excluded.best)""")) {
                ps.setObject(1, gameId);
                ps.executeUpdate();
            }
            return true;
        });
    }

    private static Instant end(LocalDate day) {
        return day.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant();
    }

    /**
     * A page of the board of {@code day}: score descending, then fewer moves, then who finished
     * first (then the game id, for a total order), after the entry {@code after} (null for the top).
     * Read from the day's counted attempts in that order (migration V11), so a page walks its own
     * rows, and the rows ahead of it once, to rank it.
     */
    public List<BoardRow> board(LocalDate day, String ruleset, BoardRow after, int limit) {
        return db.work(c -> {
            List<BoardRow> page = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(BOARD_PAGE)) {
                int i = dayAndRuleset(ps, day, ruleset);
                ps.setInt(i++, after == null ? Integer.MIN_VALUE : -after.score());
                ps.setInt(i++, after == null ? Integer.MIN_VALUE : after.moves());
                SqlTimes.setTime(ps, i++, after == null ? Instant.EPOCH : after.finishedAt());
                ps.setObject(i++, after == null ? new UUID(0, 0) : after.gameId());
                ps.setInt(i, limit);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        page.add(boardRow(rs, 0));
                    }
                }
            }
            return ranked(c, day, ruleset, page);
        });
    }

    /** Game {@code gameId}'s entry on its day's board, or empty when it does not count (yet). */
    public Optional<BoardRow> entry(LocalDate day, String ruleset, UUID gameId) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement(BOARD + " and a.game_id = ?")) {
                ps.setObject(dayAndRuleset(ps, day, ruleset), gameId);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(boardRow(rs, 0)) : Optional.<BoardRow>empty();
                }
            }
        }).map(row -> db.work(c -> ranked(c, day, ruleset, List.of(row))).getFirst());
    }

    /** The counted attempts of a day's board; parameters: the day, the ruleset. */
    private static final String BOARD = """
            select p.name, a.game_id, a.score, a.moves, a.outcome, a.finished_at
            from daily_attempts a join players p on p.id = a.player_id
            where a.day = ? and a.ruleset = ? and a.counted""";

    /** A page of a day's board; parameters: the day, the ruleset, the last entry's -score, moves, finish and game, the limit. */
    static final String BOARD_PAGE = BOARD + """
             and (-a.score, a.moves, a.finished_at, a.game_id) > (?, ?, ?, ?)
            order by -a.score, a.moves, a.finished_at, a.game_id limit ?""";

    /**
     * The entries ahead of a board's entry: strictly better, and all before it; parameters: its
     * -score, moves and finish, the day, the ruleset, its -score, moves, finish and game.
     */
    static final String BOARD_AHEAD = """
            select count(*) filter (where (-score, moves, finished_at) < (?, ?, ?)), count(*)
            from daily_attempts where day = ? and ruleset = ? and counted
              and (-score, moves, finished_at, game_id) < (?, ?, ?, ?)""";

    /** A page of the all-time table; parameters: the ruleset, the last line's -won, -total, name and player, the limit. */
    static final String TABLE_PAGE = """
            select name, player_id, played, won, total, best from daily_standings
            where ruleset = ? and (-won, -total, name, player_id) > (?, ?, ?, ?)
            order by -won, -total, name, player_id limit ?""";

    /**
     * The lines ahead of a line: strictly better, and all before it; parameters: its -won and
     * -total, the ruleset, its -won, -total, name and player.
     */
    static final String TABLE_AHEAD = """
            select count(*) filter (where (-won, -total) < (?, ?)), count(*) from daily_standings
            where ruleset = ? and (-won, -total, name, player_id) < (?, ?, ?, ?)""";

    private static int dayAndRuleset(PreparedStatement ps, LocalDate day, String ruleset) throws SQLException {
        ps.setObject(1, day, Types.DATE);
        ps.setString(2, ruleset);
        return 3;
    }

    private static BoardRow boardRow(ResultSet rs, long rank) throws SQLException {
        return new BoardRow(rank, rs.getString(1), rs.getObject(2, UUID.class), rs.getInt(3), rs.getInt(4),
                rs.getString(5), SqlTimes.time(rs, 6));
    }

    /**
     * {@code page} (in board order) with its ranks: 1 and one more for every entry strictly ahead,
     * so equal entries share a rank. The entries ahead of the page are counted once.
     */
    private static List<BoardRow> ranked(Connection c, LocalDate day, String ruleset, List<BoardRow> page) throws SQLException {
        if (page.isEmpty()) {
            return page;
        }
        BoardRow first = page.getFirst();
        long[] ahead = count(c, BOARD_AHEAD, ps -> {
            ps.setInt(1, -first.score());
            ps.setInt(2, first.moves());
            SqlTimes.setTime(ps, 3, first.finishedAt());
            ps.setObject(4, day, Types.DATE);
            ps.setString(5, ruleset);
            ps.setInt(6, -first.score());
            ps.setInt(7, first.moves());
            SqlTimes.setTime(ps, 8, first.finishedAt());
            ps.setObject(9, first.gameId());
        });
        List<BoardRow> out = new ArrayList<>();
        for (int i = 0; i < page.size(); i++) {
            BoardRow r = page.get(i);
            int firstEqual = i;
            while (firstEqual > 0 && sameBoardPlace(page.get(firstEqual - 1), r)) {
                firstEqual--;
            }
            long rank = firstEqual == 0 && sameBoardPlace(first, r) ? ahead[0] + 1 : ahead[1] + firstEqual + 1;
            out.add(new BoardRow(rank, r.player(), r.gameId(), r.score(), r.moves(), r.outcome(), r.finishedAt()));
        }
        return out;
    }

    private static boolean sameBoardPlace(BoardRow a, BoardRow b) {
        return a.score() == b.score() && a.moves() == b.moves() && a.finishedAt().equals(b.finishedAt());
    }

    /**
     * A page of the all-time table of {@code ruleset}: days won descending, then total score
     * descending, then name (then player id), after the line {@code after} (null for the top).
     * Read from the counters kept as attempts count ({@code daily_standings}, migration V11).
     */
    public List<TableRow> table(String ruleset, TableRow after, int limit) {
        return db.work(c -> {
            List<TableRow> page = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(TABLE_PAGE)) {
                ps.setString(1, ruleset);
                ps.setLong(2, after == null ? Long.MIN_VALUE : -after.won());
                ps.setLong(3, after == null ? Long.MIN_VALUE : -after.totalScore());
                ps.setString(4, after == null ? "" : after.player());
                ps.setObject(5, after == null ? new UUID(0, 0) : after.playerId());
                ps.setInt(6, limit);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        page.add(new TableRow(0, rs.getString(1), rs.getObject(2, UUID.class), rs.getLong(3),
                                rs.getLong(4), rs.getLong(5), rs.getInt(6)));
                    }
                }
            }
            if (page.isEmpty()) {
                return page;
            }
            TableRow first = page.getFirst();
            long[] ahead = count(c, TABLE_AHEAD, ps -> {
                ps.setLong(1, -first.won());
                ps.setLong(2, -first.totalScore());
                ps.setString(3, ruleset);
                ps.setLong(4, -first.won());
                ps.setLong(5, -first.totalScore());
                ps.setString(6, first.player());
                ps.setObject(7, first.playerId());
            });
            List<TableRow> out = new ArrayList<>();
            for (int i = 0; i < page.size(); i++) {
                TableRow t = page.get(i);
                int firstEqual = i;
                while (firstEqual > 0 && page.get(firstEqual - 1).won() == t.won()
                        && page.get(firstEqual - 1).totalScore() == t.totalScore()) {
                    firstEqual--;
                }
                boolean withFirst = firstEqual == 0 && first.won() == t.won() && first.totalScore() == t.totalScore();
                long rank = withFirst ? ahead[0] + 1 : ahead[1] + firstEqual + 1;
                out.add(new TableRow(rank, t.player(), t.playerId(), t.played(), t.won(), t.totalScore(), t.bestScore()));
            }
            return out;
        });
    }

    /** Sets a statement's parameters. */
    private interface Params {
        void set(PreparedStatement ps) throws SQLException;
    }

    /** The two counts {@code sql} answers. */
    private static long[] count(Connection c, String sql, Params params) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            params.set(ps);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return new long[]{rs.getLong(1), rs.getLong(2)};
            }
        }
    }
}
