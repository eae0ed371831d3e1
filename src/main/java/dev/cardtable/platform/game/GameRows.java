package dev.cardtable.platform.game;


import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static dev.cardtable.platform.db.SqlTimes.time;

/**
 * How a game is read with its seats, in one statement: the select (by {@link GameStore}) and the
 * {@link GameRow} each result row makes.
 */
public final class GameRows {

    private static final String GAME_COLUMNS = """
            g.id, g.type, g.ruleset, g.ruleset_version, g.options::text, g.seed, g.custom_deal::text,
            g.seed_commitment, g.status, g.version, g.state::text, g.result::text, g.created_at, g.updated_at,
            g.finished_at, g.seats_taken, s.seat, s.kind, s.name, s.ai_level, s.ai_budget, s.token_hash, s.outcome,
            s.score, g.clock::text, g.clock_state::text, g.deadline, g.rematch_of, g.rematch, s.player_id,
            g.certified, g.daily, s.rating, s.rating_diff, g.rated, g.rating_min, g.rating_max""";

    // Game rows with their seats as arrays in seat order (%s: the seats' game).
    private static final String SELECT = "select " + GAME_COLUMNS + """
             from games g cross join lateral (
                select array_agg(seat order by seat) seat, array_agg(kind order by seat) kind,
                       array_agg(name order by seat) "name", array_agg(ai_level order by seat) ai_level,
                       array_agg(ai_budget order by seat) ai_budget, array_agg(token_hash order by seat) token_hash,
                       array_agg(outcome order by seat) outcome, array_agg(score order by seat) score,
                       array_agg(player_id order by seat) player_id, array_agg(rating order by seat) rating,
                       array_agg(rating_diff order by seat) rating_diff
                from seats where game_id = %s) s
            """;

    // One game in one statement. Both tables are filtered by the id given (twice), not joined on
    // it, so that each reads one partition or shard of a database split by game id (docs/scaling.md).
    static final String SELECT_GAME = SELECT.formatted("?") + "where g.id = ?";

    public static final String SELECT_GAMES = SELECT.formatted("g.id") + "where g.id = any(?)"; // ? is a uuid[]

    private GameRows() {
    }

    /** The game of the current row of a {@link #SELECT_GAME} or {@link #SELECT_GAMES} result. */
    public static GameRow read(ResultSet rs) throws SQLException {
        return GameRow.builder().id(rs.getObject(1, UUID.class)).type(rs.getString(2)).ruleset(rs.getString(3))
                .rulesetVersion(rs.getInt(4)).options(rs.getString(5)).seed(rs.getString(6))
                .customDeal(rs.getString(7)).seedCommitment(rs.getString(8)).status(Status.of(rs.getString(9)))
                .version(rs.getInt(10)).state(rs.getString(11)).result(rs.getString(12)).createdAt(time(rs, 13))
                .updatedAt(time(rs, 14)).finishedAt(time(rs, 15)).seatsTaken(rs.getInt(16)).seats(seats(rs, 17, 30))
                .table(new GameRow.Table(Clocks.readSettings(rs.getString(25)), Clocks.readState(rs.getString(26)), time(rs, 27),
                        rs.getObject(28, UUID.class), rs.getObject(29, UUID.class)))
                .origin(new GameRow.Origin(rs.getBoolean(31), rs.getObject(32, LocalDate.class))).rated(rs.getBoolean(35))
                .ratingRange(ratingRange(rs.getObject(36, Integer.class), rs.getObject(37, Integer.class))).build();
    }

    /** A stored rating range (both bounds or neither, by the table's check), or null for none. */
    private static RatingRange ratingRange(Integer min, Integer max) {
        return min == null || max == null ? null : new RatingRange(min, max);
    }

    private static List<SeatRow> seats(ResultSet rs, int from, int players) throws SQLException {
        Object[][] cols = new Object[11][];
        for (int i = 0; i < cols.length; i++) {
            // Columns from … from + 7, then player_id, then rating and rating_diff (3 and 4 after it).
            Array a = rs.getArray(i < 8 ? from + i : i == 8 ? players : players + i - 6);
            cols[i] = a == null ? new Object[0] : (Object[]) a.getArray();
        }
        List<SeatRow> out = new ArrayList<>(cols[0].length);
        for (int i = 0; i < cols[0].length; i++) {
            out.add(new SeatRow((Integer) cols[0][i], SeatKind.of((String) cols[1][i]), (String) cols[2][i],
                    (String) cols[3][i], (Integer) cols[4][i], (String) cols[5][i], (String) cols[6][i],
                    (Integer) cols[7][i], (UUID) cols[8][i], (Double) cols[9][i], (Double) cols[10][i]));
        }
        return out;
    }
}
